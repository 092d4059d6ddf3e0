import { readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { brandForPath, DSONE_LEGACY_ALIASES } from "../../common/brands/index.ts";
import { DEFAULT_LANGUAGE, type Language } from "../../common/languages.ts";
import { SUPPORT_SCREEN } from "../../common/roles.ts";
import { ADMIN_SCREEN } from "../../common/telemetry.ts";
import { adminAccess, staffAccess } from "../auth/support/roles.ts";
import type { Config } from "../base/config.ts";
import type { AppContext } from "../base/context.ts";
import { sessionCookieName } from "../base/cookies.ts";
import { AppError } from "../base/errors.ts";
import { callerOf } from "../http/caller.ts";
import { sendPrecompressed } from "../http/compression.ts";
import { requestLanguage } from "../http/language.ts";
import { normalisedPath, registerLocalOnly } from "../http/local-only.ts";
import { type Precompressed, precompress } from "../http/precompressed.ts";
import { contentSecurityPolicy } from "../http/security-headers.ts";
import { screenOf } from "../telemetry/store.ts";
import { answerNoScriptForm } from "./no-script.ts";
import { inlinePageBoot } from "./page-boot.ts";
import {
  type LanguagePages,
  languagePages,
  type NoScriptTarget,
  noScriptFormsByScreen,
  type ReferrerPolicy,
  screenKey,
} from "./spa-pages.ts";

/**
 * Address families the app page never answers for: an unknown address there is a 404. The
 * provider's (/connect/, /.well-known/) include their other spellings (/CONNECT/token), which
 * provider/routes.ts refuses likewise.
 */
const RESERVED_PREFIXES = ["/api/", "/assets/", "/dev/", "/demo/", "/connect/", "/.well-known/"];

export const WEB_BUILD_DIR = join(import.meta.dirname, "..", "..", "dist", "web");

type PagesIn = (language: Language) => Promise<LanguagePages>;

/** The app's pages as they are sent: never cached, under the page's content security policy. */
interface PageSender {
  headers: (reply: FastifyReply, referrerPolicy: ReferrerPolicy) => FastifyReply;
  send: (request: FastifyRequest, reply: FastifyReply, html: Precompressed, referrerPolicy?: ReferrerPolicy) => Promise<unknown>;
}

/**
 * Serves the built web app: hashed assets with a year of caching, and index.html (with the client
 * configuration written in) for every other GET that is not an API call, so the app's router
 * decides what an address shows.
 */
export async function spaRoutes(app: FastifyInstance, context: AppContext, buildDir = WEB_BUILD_DIR): Promise<void> {
  const { config } = context;
  // Its first script written in, and the app's module started by it after the first paint. The
  // script is the same in every language's page, and so is its hash.
  const boot = inlinePageBoot(builtPage(buildDir), buildDir);
  const noScriptFormAt = noScriptFormsByScreen();
  const pagesIn = languagePages({ config, buildDir, log: app.log, englishTemplate: boot.html, noScriptFormAt });
  // English starts rendering now, beside the rest of the server's start; the first page asks for
  // it waits for it (the pages are ready long before a browser could ask, in practice).
  pagesIn(DEFAULT_LANGUAGE).catch(() => {});

  const pages = pageSender(config, boot.hash);
  if (config.devTools) await serveAgentConsole(app, pagesIn, pages);
  await serveBuiltFiles(app, buildDir);
  serveNoScriptForms(app, context, noScriptFormAt, pagesIn, pages);
  app.setNotFoundHandler((request, reply) => answerWithApp(context, pagesIn, pages, request, reply));
}

/** The built index.html, or an error that says how to build it. */
function builtPage(buildDir: string): string {
  try {
    return readFileSync(join(buildDir, "index.html"), "utf8");
  } catch {
    throw new Error(
      `The web app is not built (${join(buildDir, "index.html")} is missing). Run "npm run build", or start with "npm start", which builds it.`,
    );
  }
}

function pageSender(config: Config, bootHash: string | undefined): PageSender {
  const csp = contentSecurityPolicy(config, bootHash ? [bootHash] : []);
  const headers = (reply: FastifyReply, referrerPolicy: ReferrerPolicy) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", csp)
      .header("referrer-policy", referrerPolicy);
  const send = (request: FastifyRequest, reply: FastifyReply, html: Precompressed, referrerPolicy: ReferrerPolicy = "no-referrer") =>
    sendPrecompressed(request, headers(reply, referrerPolicy), html);
  return { headers, send };
}

/**
 * The agent console (outside production, this machine only): the one page whose configuration
 * turns the console on, behind the router's match rather than a comparison of the raw URL.
 */
async function serveAgentConsole(app: FastifyInstance, pagesIn: PagesIn, pages: PageSender): Promise<void> {
  let consolePage: Precompressed | undefined;
  await registerLocalOnly(app, (scope) => {
    scope.get("/dev/agent", async (request, reply) => {
      consolePage ??= precompress((await pagesIn(DEFAULT_LANGUAGE)).page(brandForPath("/dev/agent"), true));
      return pages.send(request, reply, consolePage);
    });
  });
}

async function serveBuiltFiles(app: FastifyInstance, buildDir: string): Promise<void> {
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
}

/**
 * The plain form posts of the screens that work without JavaScript, each to its screen's own
 * address as a browser shows it: the screen's path, its legacy aliases, and their lower-case
 * spellings, with or without a trailing slash.
 */
function serveNoScriptForms(
  app: FastifyInstance,
  context: AppContext,
  noScriptFormAt: ReadonlyMap<string, NoScriptTarget>,
  pagesIn: PagesIn,
  pages: PageSender,
): void {
  const answerNoScript = answerNoScriptForm(
    context,
    async (request) => (await pagesIn(requestLanguage(request))).noScript,
    async (request, reply, brand, markup) =>
      pages.headers(reply, "same-origin").send((await pagesIn(requestLanguage(request))).page(brand, false, markup)),
  );
  const formPaths = new Map<string, NoScriptTarget>();
  for (const [key, target] of noScriptFormAt) {
    const spellings = [target.form === "emailLogin" ? target.brand.paths.emailLogin : target.brand.paths.accessLink, key];
    for (const [alias, screen] of Object.entries(DSONE_LEGACY_ALIASES))
      if (screenKey(screen) === key) spellings.push(alias, alias.toLowerCase());
    for (const path of spellings) for (const spelled of [path, `${path}/`]) formPaths.set(spelled, target);
  }
  for (const [path, target] of formPaths) app.post(path, (request, reply) => answerNoScript(request, reply, target.brand, target.form));
}

/** Every other GET: the app's page, with the screen's first paint when it was rendered ahead. */
async function answerWithApp(context: AppContext, pagesIn: PagesIn, pages: PageSender, request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== "GET" && request.method !== "HEAD") throw new AppError("NOT_FOUND");
  // Decided on the path as any browser or proxy might read it, so /%64ev/mailbox or //dev/agent
  // is refused like /dev/mailbox, never answered with the app.
  const path = normalisedPath(request.url);
  // Source maps are for the server's stack mapping only (decision 38), never served.
  if (path.endsWith(".map") || RESERVED_PREFIXES.some((prefix) => path === prefix.slice(0, -1) || path.startsWith(prefix))) {
    throw new AppError("NOT_FOUND");
  }
  if (await consoleRefused(context, path, request, reply)) reply.code(403);
  // Every brand registered before the server started has its page (registerBrand says so).
  // No session cookie, no session: the login's form can be the first paint (prerender.tsx).
  const signedOut = request.cookies[sessionCookieName(context.config)] === undefined;
  const { renderedAhead, renderedAheadSignedOut, pages: brandPages } = await pagesIn(requestLanguage(request));
  // The page differs by language (from the cookie and Accept-Language too), and is never cached (no-store).
  reply.header("vary", "accept-language, cookie");
  const ahead = (signedOut ? renderedAheadSignedOut.get(screenKey(path)) : undefined) ?? renderedAhead.get(screenKey(path));
  if (ahead) return pages.send(request, reply, ahead.html, ahead.referrerPolicy);
  const html = brandPages.get(brandForPath(path).id);
  if (!html) throw new AppError("NOT_FOUND");
  return pages.send(request, reply, html);
}

/**
 * The operations page is the app's like any screen, but only an admin gets it with a 200; the app
 * shows everyone else the 403 with a way to sign in (decision 36). The support console likewise,
 * for any account with a console role (common/roles.ts).
 */
async function consoleRefused({ db, config }: AppContext, path: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (screenOf(path) === ADMIN_SCREEN && (await adminAccess(db, config, callerOf(request, reply))) !== "admin") return true;
  if (screenOf(path) === SUPPORT_SCREEN && (await staffAccess(db, config, callerOf(request, reply))).kind !== "staff") return true;
  return false;
}
