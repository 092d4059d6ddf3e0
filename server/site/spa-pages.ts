import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { BRANDS, type Brand, brandById, DSONE_LEGACY_ALIASES } from "../../common/brands/index.ts";
import { CLIENT_CONFIG_ELEMENT_ID } from "../../common/client-config.ts";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "../../common/languages.ts";
import type { NoScriptScreen, NoScriptScreens } from "../../common/no-script.ts";
import type { Config } from "../base/config.ts";
import { escapeHtml } from "../base/escape-html.ts";
import { type Precompressed, precompress } from "../http/precompressed.ts";
import { serverStrings } from "../i18n/index.ts";
import { clientConfig } from "./client-config.ts";
import type { NoScriptForm } from "./no-script.ts";
import { inlinePageBoot, withMoreImports } from "./page-boot.ts";
import { prerenderBundle, type RenderedAhead, renderScreensAhead } from "./prerender.ts";
import { screenChunks } from "./screen-chunks.ts";

/**
 * Some of the app's addresses carry a secret (an access link's token, a reset code): no page sends
 * its address to another site. Pages with a form that works without JavaScript (decision 50) use
 * "same-origin" rather than "no-referrer", under which browsers send "Origin: null" on a form post
 * and the cross-site check would refuse the customer's own post.
 */
export type ReferrerPolicy = "no-referrer" | "same-origin";

/** A screen rendered ahead, compressed, with the referrer policy its page is sent with. */
interface AheadPage {
  html: Precompressed;
  referrerPolicy: ReferrerPolicy;
}

/** One language's pages (languagePages makes them once per language). */
export interface LanguagePages {
  page: (brand: Brand, agentConsole: boolean, noScript?: string, signedOut?: boolean) => string;
  /** The app's page per brand, for every screen not rendered ahead. */
  pages: Map<string, Precompressed>;
  renderedAhead: Map<string, AheadPage>;
  /** The same screens for a browser without a session cookie (prerender.tsx, SIGNED_OUT_VARIANT). */
  renderedAheadSignedOut: Map<string, AheadPage>;
  noScript: NoScriptScreens;
}

/** A screen whose form works without JavaScript: which brand's, and which form. */
export interface NoScriptTarget {
  brand: Brand;
  form: NoScriptForm;
}

/**
 * The app's empty root element in web/index.html, which a screen rendered ahead fills. The page
 * paints that screen whole, never half parsed and then moved: a slow phone's parser stops for
 * breath mid-page, and a browser paints what it has. `<link rel="expect" href="#root-end"
 * blocking="render">` in the page's head holds the first frame until the element after the root
 * (`<template id="root-end">`) is parsed (Chromium 124+; others paint as before). The root itself
 * would not do: it counts as arrived when it opens. (The explanation lives here, not in the page,
 * whose every comment every customer downloads.)
 */
const ROOT_ELEMENT = '<div id="root"></div>';

/** How the app's router reads an address: case aside, trailing slashes aside, legacy aliases followed. */
export function screenKey(path: string): string {
  const key = path.toLowerCase().replace(/\/+$/, "") || "/";
  const alias = Object.entries(DSONE_LEGACY_ALIASES).find(([from]) => from.toLowerCase() === key);
  return alias ? alias[1].toLowerCase() : key;
}

/** Without JavaScript, the email sign-in and the access link work as plain forms; the rest say so. */
export function noScriptFormsByScreen(): Map<string, NoScriptTarget> {
  return new Map<string, NoScriptTarget>(
    BRANDS.flatMap((brand) => [
      [screenKey(brand.paths.emailLogin), { brand, form: "emailLogin" as const }],
      [screenKey(brand.paths.accessLink), { brand, form: "accessLink" as const }],
    ]),
  );
}

/** JSON inside a script element: "<" is escaped so no value can close the element. */
function configElement(config: Config, agentConsole: boolean): string {
  const json = JSON.stringify(clientConfig(config, agentConsole)).replace(/</g, "\\u003c");
  return `<script id="${CLIENT_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/**
 * One page per brand: the brand and the language are in the markup from the first byte (colours,
 * icon, lang and dir), so the first paint is already right.
 */
function brandedPages(template: string, language: Language, config: Config): LanguagePages["page"] {
  const words = serverStrings(language).pages;
  return (brand, agentConsole, noScript, signedOut = false) =>
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
}

/** What one language's pages are made from. */
export interface PagesSource {
  config: Config;
  buildDir: string;
  log: FastifyBaseLogger;
  /** The English page, its first script written in (page-boot.ts). */
  englishTemplate: string;
  noScriptFormAt: ReadonlyMap<string, NoScriptTarget>;
}

/**
 * Everything one language's pages need, made once: each language is a build of its own
 * (scripts/build-if-stale.ts), its page index.<language>.html, its screens rendered ahead by its
 * own renderer. English is started with the server; another language when a first visitor asks
 * for it (a few hundred milliseconds, once), so a server whose customers read two languages
 * never renders the other six. Answers the pages of a language, made on the first ask.
 */
export function languagePages(source: PagesSource): (language: Language) => Promise<LanguagePages> {
  const made = new Map<Language, Promise<LanguagePages>>();
  const pagesIn = (language: Language): Promise<LanguagePages> => {
    let pages = made.get(language);
    if (!pages) {
      pages = makeLanguagePages(language);
      made.set(language, pages);
      // A language whose pages could not be made (a file unreadable for a moment) is tried again
      // on its next visitor, not refused until a restart.
      pages.catch((error: unknown) => {
        made.delete(language);
        source.log.error({ err: error, language }, "the pages of a language could not be made");
      });
    }
    return pages;
  };

  const makeLanguagePages = async (language: Language): Promise<LanguagePages> => {
    const { config, buildDir } = source;
    const file = join(buildDir, `index.${language}.html`);
    // A build without this language (a stand-in page in tests) serves the English page.
    if (language !== DEFAULT_LANGUAGE && !existsSync(file)) return pagesIn(DEFAULT_LANGUAGE);
    const template = language === DEFAULT_LANGUAGE ? source.englishTemplate : inlinePageBoot(readFileSync(file, "utf8"), buildDir).html;
    const page = brandedPages(template, language, config);
    const rendered = await renderAhead(source, template, language, () => made.delete(language));
    const noScript = (brand: Brand, screen: NoScriptScreen) => rendered.noScript[brand.id]?.[screen];
    // Made once, each compressed the first time an encoding is asked for: a visit then costs a lookup.
    const pages = new Map(BRANDS.map((brand) => [brand.id, precompress(page(brand, false, noScript(brand, "needsJavaScript")))]));
    const { renderedAhead, renderedAheadSignedOut } = aheadPages(source, rendered, language, page, noScript);
    warmInBackground(source.log, language, [
      ...pages.values(),
      ...[...renderedAhead.values(), ...renderedAheadSignedOut.values()].map((ahead) => ahead.html),
    ]);
    return { page, pages, renderedAhead, renderedAheadSignedOut, noScript: rendered.noScript };
  };

  return pagesIn;
}

/** The screens rendered ahead of time (web/prerender.tsx): their first paint is in the page itself. */
async function renderAhead(source: PagesSource, template: string, language: Language, forget: () => void): Promise<RenderedAhead> {
  let rendered: RenderedAhead = { screens: [], failures: [], noScript: {} };
  try {
    // Only a page with the app's root element can carry a screen (tests serve bare stand-ins).
    if (template.includes(ROOT_ELEMENT))
      rendered = await renderScreensAhead(
        JSON.stringify(clientConfig(source.config, false)),
        source.config.publicUrl,
        prerenderBundle(language),
      );
  } catch (error) {
    // The app still renders every screen in the browser; only the early first paint is lost,
    // and only until the language's next visitor, whose request renders them again.
    source.log.error({ err: error, language }, "the screens could not be rendered ahead of time");
    setImmediate(forget);
  }
  for (const failure of rendered.failures)
    source.log.error({ path: failure.path, errors: failure.errors, language }, "a screen could not be rendered ahead of time");
  return rendered;
}

/** Each screen rendered ahead in its brand's page, by the address the app's router reads. */
function aheadPages(
  source: PagesSource,
  rendered: RenderedAhead,
  language: Language,
  page: LanguagePages["page"],
  noScript: (brand: Brand, screen: NoScriptScreen) => string | undefined,
) {
  const noScriptFor = (brand: Brand, path: string) => {
    const form = source.noScriptFormAt.get(screenKey(path))?.form;
    return noScript(brand, form === "emailLogin" ? "login" : form === "accessLink" ? "accessLink" : "needsJavaScript");
  };
  const renderedAhead = new Map<string, AheadPage>();
  const renderedAheadSignedOut = new Map<string, AheadPage>();
  const chunksOf = screenChunks(source.buildDir, language);
  for (const screen of rendered.screens) {
    const brand = brandById(screen.brand);
    const html = withMoreImports(
      page(brand, false, noScriptFor(brand, screen.path), screen.signedOut).replace(ROOT_ELEMENT, `<div id="root">${screen.html}</div>`),
      chunksOf(screen.module),
    );
    const withForm = source.noScriptFormAt.has(screenKey(screen.path));
    (screen.signedOut ? renderedAheadSignedOut : renderedAhead).set(screenKey(screen.path), {
      html: precompress(html),
      referrerPolicy: withForm ? "same-origin" : "no-referrer",
    });
  }
  return { renderedAhead, renderedAheadSignedOut };
}

/**
 * Compressed in the background, one page after another, so the first visitor of each screen in
 * this language does not wait for Brotli's highest quality.
 */
function warmInBackground(log: FastifyBaseLogger, language: Language, texts: Precompressed[]): void {
  void (async () => {
    for (const text of texts) await text.warm();
  })().catch((error: unknown) => log.warn({ err: error, language }, "pages could not be compressed ahead"));
}
