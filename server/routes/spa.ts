import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BRANDS, type Brand, brandById, brandForPath, DSONE_LEGACY_ALIASES } from "../../common/brands/index.ts";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../common/client-config.ts";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "../../common/languages.ts";
import type { NoScriptScreen, NoScriptScreens } from "../../common/no-script.ts";
import { SUPPORT_SCREEN } from "../../common/roles.ts";
import { ADMIN_SCREEN } from "../../common/telemetry.ts";
import { staffAccess } from "../auth/kernel/roles.ts";
import { clientConfig } from "../client-config.ts";
import { sendPrecompressed } from "../compression.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { sessionCookieName } from "../cookies.ts";
import { AppError } from "../errors.ts";
import { escapeHtml } from "../html.ts";
import { serverStrings } from "../i18n/index.ts";
import { normalisedPath, registerLocalOnly } from "../local-only.ts";
import { inlinePageBoot, withMoreImports } from "../page-boot.ts";
import { type Precompressed, precompress } from "../precompressed.ts";
import { prerenderBundle, type RenderedAhead, renderScreensAhead } from "../prerender.ts";
import { screenChunks } from "../screen-chunks.ts";
import { contentSecurityPolicy } from "../security-headers.ts";
import { screenOf } from "../telemetry/store.ts";
import { adminAccess } from "./admin.ts";
import { callerOf } from "./caller.ts";
import { requestLanguage } from "./language.ts";
import { answerNoScriptForm, type NoScriptForm } from "./no-script.ts";

/**
 * Address families the app page never answers for: an unknown address there is a 404. The
 * provider's (/connect/, /.well-known/) include their other spellings (/CONNECT/token), which
 * oidc/routes.ts refuses likewise.
 */
const RESERVED_PREFIXES = ["/api/", "/assets/", "/dev/", "/demo/", "/connect/", "/.well-known/"];

export const WEB_BUILD_DIR = join(import.meta.dirname, "..", "..", "dist", "web");

/** JSON inside a script element: "<" is escaped so no value can close the element. */
function configElement(config: Config, agentConsole: boolean): string {
  const json = JSON.stringify(clientConfig(config, agentConsole)).replace(/</g, "\\u003c");
  return `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * Some of the app's addresses carry a secret (an access link's token, a reset code): no page sends
 * its address to another site. Pages with a form that works without JavaScript (decision 50) use
 * "same-origin" rather than "no-referrer", under which browsers send "Origin: null" on a form post
 * and the cross-site check would refuse the customer's own post.
 */
type ReferrerPolicy = "no-referrer" | "same-origin";

/** A screen rendered ahead, compressed, with the referrer policy its page is sent with. */
interface AheadPage {
  html: Precompressed;
  referrerPolicy: ReferrerPolicy;
}

/** One language's pages (spaRoutes makes them once per language). */
interface LanguagePages {
  page: (brand: Brand, agentConsole: boolean, noScript?: string, signedOut?: boolean) => string;
  /** The app's page per brand, for every screen not rendered ahead. */
  pages: Map<string, Precompressed>;
  renderedAhead: Map<string, AheadPage>;
  /** The same screens for a browser without a session cookie (prerender.tsx, SIGNED_OUT_VARIANT). */
  renderedAheadSignedOut: Map<string, AheadPage>;
  noScript: NoScriptScreens;
}

/** The app's empty root element in web/index.html, which a screen rendered ahead fills. */
const ROOT_ELEMENT = '<div id="root"></div>';

/** How the app's router reads an address: case aside, trailing slashes aside, legacy aliases followed. */
function screenKey(path: string): string {
  const key = path.toLowerCase().replace(/\/+$/, "") || "/";
  const alias = Object.entries(DSONE_LEGACY_ALIASES).find(([from]) => from.toLowerCase() === key);
  return alias ? alias[1].toLowerCase() : key;
}

/**
 * Serves the built web app: hashed assets with a year of caching, and index.html (with the client
 * configuration written in) for every other GET that is not an API call, so the app's router
 * decides what an address shows.
 */
export async function spaRoutes(app: FastifyInstance, context: AppContext, buildDir = WEB_BUILD_DIR): Promise<void> {
  const { config, db } = context;
  let built: string;
  try {
    built = readFileSync(join(buildDir, "index.html"), "utf8");
  } catch {
    throw new Error(
      `The web app is not built (${join(buildDir, "index.html")} is missing). Run "npm run build", or start with "npm start", which builds it.`,
    );
  }
  // Its first script written in, and the app's module started by it after the first paint. The
  // script is the same in every language's page, and so is its hash.
  const boot = inlinePageBoot(built, buildDir);
  // Without JavaScript, the email sign-in and the access link work as plain forms; the rest say so.
  const noScriptFormAt = new Map<string, { brand: Brand; form: NoScriptForm }>(
    BRANDS.flatMap((brand) => [
      [screenKey(brand.paths.emailLogin), { brand, form: "emailLogin" as const }],
      [screenKey(brand.paths.accessLink), { brand, form: "accessLink" as const }],
    ]),
  );

  /**
   * Everything one language's pages need, made once: each language is a build of its own
   * (scripts/build-if-stale.ts), its page index.<language>.html, its screens rendered ahead by its
   * own renderer. English is started with the server; another language when a first visitor asks
   * for it (a few hundred milliseconds, once), so a server whose customers read two languages
   * never renders the other six.
   */
  const makeLanguagePages = async (language: Language): Promise<LanguagePages> => {
    const file = join(buildDir, `index.${language}.html`);
    // A build without this language (a stand-in page in tests) serves the English page.
    if (language !== DEFAULT_LANGUAGE && !existsSync(file)) return languagePagesIn(DEFAULT_LANGUAGE);
    const template = language === DEFAULT_LANGUAGE ? boot.html : inlinePageBoot(readFileSync(file, "utf8"), buildDir).html;
    const words = serverStrings(language).pages;
    // One page per brand: the brand and the language are in the markup from the first byte
    // (colours, icon, lang and dir), so the first paint is already right.
    const page = (brand: Brand, agentConsole: boolean, noScript?: string, signedOut = false) =>
      template
        .replace("<!--app-config-->", configElement(config, agentConsole))
        .replace(
          '<html lang="en">',
          `<html lang="${language}" dir="${directionOf(language)}" data-brand="${brand.id}"${signedOut ? ' data-session="none"' : ""}>`,
        )
        .replace("<title>Sign in</title>", `<title>${escapeHtml(words.appTitle)}</title>`)
        .replace('href="/brand/dsone.svg"', `href="${brand.favicon}"`)
        // What a browser without JavaScript shows instead of the app (decision 50).
        .replace(/<noscript>[\s\S]*?<\/noscript>/, (original) => (noScript === undefined ? original : `<noscript>${noScript}</noscript>`));
    // The screens rendered ahead of time (web/prerender.tsx): their first paint is in the page itself.
    let rendered: RenderedAhead = { screens: [], failures: [], noScript: {} };
    try {
      // Only a page with the app's root element can carry a screen (tests serve bare stand-ins).
      if (template.includes(ROOT_ELEMENT))
        rendered = await renderScreensAhead(JSON.stringify(clientConfig(config, false)), config.publicUrl, prerenderBundle(language));
    } catch (error) {
      // The app still renders every screen in the browser; only the early first paint is lost,
      // and only until the language's next visitor, whose request renders them again.
      app.log.error({ err: error, language }, "the screens could not be rendered ahead of time");
      setImmediate(() => languagePages.delete(language));
    }
    for (const failure of rendered.failures)
      app.log.error({ path: failure.path, errors: failure.errors, language }, "a screen could not be rendered ahead of time");
    const noScript = (brand: Brand, screen: NoScriptScreen) => rendered.noScript[brand.id]?.[screen];
    const noScriptFor = (brand: Brand, path: string) => {
      const form = noScriptFormAt.get(screenKey(path))?.form;
      return noScript(brand, form === "emailLogin" ? "login" : form === "accessLink" ? "accessLink" : "needsJavaScript");
    };
    // Made once, each compressed the first time an encoding is asked for: a visit then costs a lookup.
    const pages = new Map(BRANDS.map((brand) => [brand.id, precompress(page(brand, false, noScript(brand, "needsJavaScript")))]));
    const renderedAhead = new Map<string, AheadPage>();
    const renderedAheadSignedOut = new Map<string, AheadPage>();
    const chunksOf = screenChunks(buildDir, language);
    for (const screen of rendered.screens) {
      const brand = brandById(screen.brand);
      const html = withMoreImports(
        page(brand, false, noScriptFor(brand, screen.path), screen.signedOut).replace(ROOT_ELEMENT, `<div id="root">${screen.html}</div>`),
        chunksOf(screen.module),
      );
      const withForm = noScriptFormAt.has(screenKey(screen.path));
      (screen.signedOut ? renderedAheadSignedOut : renderedAhead).set(screenKey(screen.path), {
        html: precompress(html),
        referrerPolicy: withForm ? "same-origin" : "no-referrer",
      });
    }
    // Compressed in the background, one page after another, so the first visitor of each screen
    // in this language does not wait for Brotli's highest quality.
    const made = [...pages.values(), ...[...renderedAhead.values(), ...renderedAheadSignedOut.values()].map((ahead) => ahead.html)];
    void (async () => {
      for (const text of made) await text.warm();
    })().catch((error: unknown) => app.log.warn({ err: error, language }, "pages could not be compressed ahead"));
    return { page, pages, renderedAhead, renderedAheadSignedOut, noScript: rendered.noScript };
  };
  const languagePages = new Map<Language, Promise<LanguagePages>>();
  const languagePagesIn = (language: Language): Promise<LanguagePages> => {
    let pages = languagePages.get(language);
    if (!pages) {
      pages = makeLanguagePages(language);
      languagePages.set(language, pages);
      // A language whose pages could not be made (a file unreadable for a moment) is tried again
      // on its next visitor, not refused until a restart.
      pages.catch((error: unknown) => {
        languagePages.delete(language);
        app.log.error({ err: error, language }, "the pages of a language could not be made");
      });
    }
    return pages;
  };
  // English starts rendering now, beside the rest of the server's start; the first page asks for
  // it waits for it (the pages are ready long before a browser could ask, in practice).
  languagePagesIn(DEFAULT_LANGUAGE).catch(() => {});

  const csp = contentSecurityPolicy(config, boot.hash ? [boot.hash] : []);
  const pageHeaders = (reply: FastifyReply, referrerPolicy: ReferrerPolicy) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", csp)
      .header("referrer-policy", referrerPolicy);
  const sendPage = (request: FastifyRequest, reply: FastifyReply, html: Precompressed, referrerPolicy: ReferrerPolicy = "no-referrer") =>
    sendPrecompressed(request, pageHeaders(reply, referrerPolicy), html);

  const answerNoScript = answerNoScriptForm(
    context,
    async (request) => (await languagePagesIn(requestLanguage(request))).noScript,
    async (request, reply, brand, markup) =>
      pageHeaders(reply, "same-origin").send((await languagePagesIn(requestLanguage(request))).page(brand, false, markup)),
  );

  // The agent console (outside production, this machine only): the one page whose configuration
  // turns the console on, behind the router's match rather than a comparison of the raw URL.
  if (config.devTools) {
    let consolePage: Precompressed | undefined;
    await registerLocalOnly(app, (scope) => {
      scope.get("/dev/agent", async (request, reply) => {
        consolePage ??= precompress((await languagePagesIn(DEFAULT_LANGUAGE)).page(brandForPath("/dev/agent"), true));
        return sendPage(request, reply, consolePage);
      });
    });
  }

  // The hashed files under assets/, every language's: one route for them all. A route per file, as
  // the plain files below have, would be thousands (eight builds, each file with its .br and .gz)
  // and cost the server's start half a second in building its router. Source maps are built for
  // the server's own use (mapping error reports), never served.
  await app.register(fastifyStatic, {
    root: join(buildDir, "assets"),
    prefix: "/assets/",
    index: false,
    wildcard: true,
    // The .br and .gz copies written at build time (scripts/precompress.ts), chosen by Accept-Encoding.
    preCompressed: true,
    allowedPath: (pathName) => !pathName.endsWith(".map"),
    // They carry their content's hash in the name: they never change.
    setHeaders: (reply) => void reply.header("cache-control", "public, max-age=31536000, immutable"),
  });
  // The few plain files beside them (the brands' icons, page-boot.js), a route each. The pages are
  // only ever served rendered (below); the build's manifests are for the server (screen-chunks.ts).
  await app.register(fastifyStatic, {
    root: buildDir,
    prefix: "/",
    index: false,
    wildcard: false,
    decorateReply: false,
    globIgnore: ["assets/**", ".vite/**", "index*.html*", "**/*.map"],
    preCompressed: true,
    allowedPath: (pathName) => !pathName.endsWith(".map") && !pathName.startsWith("/.vite/") && !/^\/index[^/]*\.html/.test(pathName),
    setHeaders: (reply) => void reply.header("cache-control", "public, max-age=3600"),
  });

  // The plain form posts of the screens that work without JavaScript, each to its screen's own
  // address as a browser shows it: the screen's path, its legacy aliases, and their lower-case
  // spellings, with or without a trailing slash.
  const formPaths = new Map<string, { brand: Brand; form: NoScriptForm }>();
  for (const [key, target] of noScriptFormAt) {
    const spellings = [target.form === "emailLogin" ? target.brand.paths.emailLogin : target.brand.paths.accessLink, key];
    for (const [alias, screen] of Object.entries(DSONE_LEGACY_ALIASES))
      if (screenKey(screen) === key) spellings.push(alias, alias.toLowerCase());
    for (const path of spellings) for (const spelled of [path, `${path}/`]) formPaths.set(spelled, target);
  }
  for (const [path, target] of formPaths) app.post(path, (request, reply) => answerNoScript(request, reply, target.brand, target.form));

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") throw new AppError("NOT_FOUND");
    // Decided on the path as any browser or proxy might read it, so /%64ev/mailbox or //dev/agent
    // is refused like /dev/mailbox, never answered with the app.
    const path = normalisedPath(request.url);
    // Source maps are for the server's stack mapping only (decision 38), never served.
    if (path.endsWith(".map") || RESERVED_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix))) {
      throw new AppError("NOT_FOUND");
    }
    // The operations page is the app's like any screen, but only an admin gets it with a 200; the
    // app shows everyone else the 403 with a way to sign in (decision 36).
    if (screenOf(path) === ADMIN_SCREEN && (await adminAccess(db, config, callerOf(request, reply))) !== "admin") reply.code(403);
    // The support console likewise, for any account with a console role (common/roles.ts).
    if (screenOf(path) === SUPPORT_SCREEN && (await staffAccess(db, config, callerOf(request, reply))).kind !== "staff") reply.code(403);
    // Every brand registered before the server started has its page (registerBrand says so).
    // No session cookie, no session: the login's form can be the first paint (prerender.tsx).
    const signedOut = request.cookies[sessionCookieName(config)] === undefined;
    const { renderedAhead, renderedAheadSignedOut, pages } = await languagePagesIn(requestLanguage(request));
    // The page differs by language (from the cookie and Accept-Language too), and is never cached (no-store).
    reply.header("vary", "accept-language, cookie");
    const ahead = (signedOut ? renderedAheadSignedOut.get(screenKey(path)) : undefined) ?? renderedAhead.get(screenKey(path));
    if (ahead) return sendPage(request, reply, ahead.html, ahead.referrerPolicy);
    const html = pages.get(brandForPath(path).id);
    if (!html) throw new AppError("NOT_FOUND");
    return sendPage(request, reply, html);
  });
}
