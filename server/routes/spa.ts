import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { BRANDS, brandForPath } from "../../common/brands/index.ts";
import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from "../../common/client-config.ts";
import { describeDuration } from "../../common/duration.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { contentSecurityPolicy } from "../security-headers.ts";

export const WEB_BUILD_DIR = join(import.meta.dirname, "..", "..", "dist", "web");

export function clientConfig(config: Config): ClientConfig {
  const { links } = config;
  return {
    links: {
      signIn: links.signIn,
      cart: links.cart,
      dsoneUi: links.dsoneUi,
      dsoneMyAccount: links.dsoneMyAccount,
      dsoneLogout: links.dsoneLogout,
      maverickUi: links.maverickUi,
      maverickMyAccount: links.maverickMyAccount,
      maverickLogout: links.maverickLogout,
      maverickSignUp: links.maverickSignUp,
      installerHost: links.installerHost,
      privacyPolicy: links.privacyPolicy,
      eula: links.eula,
      terms: links.terms,
      uninstallGuide: links.uninstallGuide,
      extensionRemovalGuide: links.extensionRemovalGuide,
    },
    passwordLoginAllowed: config.passwordLoginAllowed,
    accessLinkLifetimeDays: config.accessLinkLifetimeDays,
    resetLinkLifetime: describeDuration(config.resetLinkLifetimeMs),
    googleSignIn: config.google !== undefined,
    allowedRedirectOrigins: config.allowedRedirectOrigins,
    agent: config.agent,
    agentConsole: config.devTools,
    captcha: config.captcha ? { siteKey: config.captcha.siteKey, scriptUrl: config.captcha.scriptUrl } : null,
  };
}

/** JSON inside a script element: "<" is escaped so no value can close the element. */
function configElement(config: Config): string {
  const json = JSON.stringify(clientConfig(config)).replace(/</g, "\\u003c");
  return `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * Serves the built web app: hashed assets with a year of caching, and index.html (with the client
 * configuration written in) for every other GET that is not an API call, so the app's router
 * decides what an address shows.
 */
export async function spaRoutes(app: FastifyInstance, { config }: AppContext, buildDir = WEB_BUILD_DIR): Promise<void> {
  let template: string;
  try {
    template = readFileSync(join(buildDir, "index.html"), "utf8");
  } catch {
    throw new Error(
      `The web app is not built (${join(buildDir, "index.html")} is missing). Run "npm run build", or start with "npm start", which builds it.`,
    );
  }
  // One page per brand: the brand is in the markup from the first byte (colours, icon), so the
  // first paint is already right.
  const withConfig = template.replace("<!--app-config-->", configElement(config));
  const pages = new Map(
    BRANDS.map((brand) => [
      brand.id,
      withConfig
        .replace('<html lang="en">', `<html lang="en" data-brand="${brand.id}">`)
        .replace('href="/brand/dsone.svg"', `href="${brand.favicon}"`),
    ]),
  );
  const csp = contentSecurityPolicy(config);

  await app.register(fastifyStatic, {
    root: buildDir,
    prefix: "/",
    index: false,
    wildcard: false,
    // index.html is only ever served rendered, below.
    // Source maps are built for the server's own use (mapping error reports), not served.
    allowedPath: (pathName) => pathName !== "/index.html" && !pathName.endsWith(".map"),
    setHeaders(reply, path) {
      reply.header("cache-control", path.includes(join("web", "assets")) ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (request.method !== "GET" && request.method !== "HEAD") throw new AppError("NOT_FOUND");
    const agentConsole = config.devTools && path === "/dev/agent";
    if (
      path.startsWith("/api/") ||
      path.startsWith("/assets/") ||
      (path.startsWith("/dev/") && !agentConsole) ||
      path.startsWith("/demo/") ||
      path.endsWith(".map")
    ) {
      throw new AppError("NOT_FOUND");
    }
    return (
      reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-security-policy", csp)
        // Some of these addresses carry a secret (an access link's token, a reset code).
        .header("referrer-policy", "no-referrer")
        .send(pages.get(brandForPath(path).id))
    );
  });
}
