import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The built page, with its first script written in (web/public/page-boot.js) and the app's module
 * handed to that script instead of loaded by the page itself (decision 50):
 *
 * - inline, the script costs no round trip before the first paint; the CSP allows it by its
 *   SHA-256 hash alone (`hash`), never with 'unsafe-inline';
 * - the app's module starts downloading once the page has painted, so on a slow network the page's
 *   stylesheet is not sharing the bandwidth with the app's script, and the screen rendered ahead
 *   shows sooner. Its preload hints go too, for the same reason; the script preloads those
 *   modules when it starts the app.
 *
 * A page without these parts (a stand-in template) is returned as it is, with no hash.
 */
export function inlinePageBoot(template: string, buildDir: string): { html: string; hash?: string } {
  const file = join(buildDir, "page-boot.js");
  const tag = '<script src="/page-boot.js"></script>';
  const module = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/);
  if (!existsSync(file) || !template.includes(tag) || !module?.[1]) return { html: template };
  // Its whole-line comments stay in the source file: every page would carry them otherwise.
  const script = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !/^\s*\/\//.test(line))
    .join("\n");
  // The modules the app's module imports: the script asks for them together with it, so the
  // browser need not discover them one round trip later.
  const imports = [...template.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g)].map((link) => link[1]);
  const html = template
    .replace(module[0], "")
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, "")
    // A function as replacement: the script's own "$" characters are kept as they are.
    .replace(tag, () => `<script data-app="${module[1]}" data-imports="${imports.join(" ")}">${script}</script>`);
  return { html, hash: `'sha256-${createHash("sha256").update(script).digest("base64")}'` };
}

/** The page with more modules for its first script to fetch with the app's (a screen's own chunks). */
export function withMoreImports(html: string, more: string[]): string {
  if (more.length === 0) return html;
  return html.replace(/ data-imports="([^"]*)"/, (_, list: string) => ` data-imports="${[list, ...more].filter(Boolean).join(" ")}"`);
}
