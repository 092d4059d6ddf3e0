import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** The README is a front page: what this is, the two commands, the first sign-in, where to read on. */
const README_MAX_LINES = 320;

/** README.md and every markdown page under docs/, as paths from the repository's root. */
function markdownPages(): string[] {
  const docs = readdirSync(join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".md"))
    .map((path) => join("docs", path));
  return ["README.md", ...docs.sort()];
}

/** The page's lines outside fenced code blocks, with inline code removed (a link there is text). */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split("\n")) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      continue;
    }
    if (fence === undefined) lines.push(line.replace(/(`+)[^`]*?\1/g, ""));
  }
  return lines;
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** The anchors a page's headings make, numbered as GitHub numbers repeated ones. */
function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(join(ROOT, path), "utf8").split("\n")) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every relative link of a page: inline links and images, and reference definitions. */
function relativeLinks(path: string): string[] {
  const links: string[] = [];
  for (const line of proseLines(readFileSync(join(ROOT, path), "utf8"))) {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(match[1] ?? "");
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
    if (definition) links.push(definition[1] ?? "");
  }
  return links.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Why a link does not resolve, or undefined when it does. */
function problemOf(page: string, target: string): string | undefined {
  const hash = target.indexOf("#");
  const file = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const resolved = file === "" ? page : relative(ROOT, join(ROOT, dirname(page), file));
  if (resolved.startsWith("..") || !existsSync(join(ROOT, resolved))) return `no file ${resolved}`;
  if (anchor === undefined || anchor === "") return undefined;
  if (statSync(join(ROOT, resolved)).isDirectory() || !resolved.endsWith(".md")) return undefined;
  return anchorsOf(resolved).has(anchor.toLowerCase()) ? undefined : `no heading #${anchor} in ${resolved}`;
}

describe("the README and docs/", () => {
  it(`keeps the README a front page of at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("links every topic page under docs/ from the README", () => {
    const linked = new Set(relativeLinks("README.md").map((target) => target.split("#")[0]));
    const topics = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md"));
    expect(topics.filter((name) => !linked.has(`docs/${name}`))).toEqual([]);
  });

  it("points every relative link at a file that exists, and every #anchor at a heading of it", () => {
    const pages = markdownPages();
    expect(pages.length).toBeGreaterThan(10);
    const broken = pages.flatMap((page) =>
      relativeLinks(page).flatMap((target) => {
        const problem = problemOf(page, target);
        return problem ? [`${page}: (${target}) ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it("finds a broken link, a missing heading and a link inside code for what they are", () => {
    expect(slug("Logout tokens for a product's web app")).toBe("logout-tokens-for-a-products-web-app");
    expect(slug("Sizing, upgrades, backups and keys")).toBe("sizing-upgrades-backups-and-keys");
    expect(slug("A product's web app: OpenID Connect")).toBe("a-products-web-app-openid-connect");
    expect(slug("`npm run flows` and **more**")).toBe("npm-run-flows-and-more");
    expect(problemOf("README.md", "docs/no-such-page.md")).toBe("no file docs/no-such-page.md");
    expect(problemOf("README.md", "docs/configuration.md#rate-limits")).toBeUndefined();
    expect(problemOf("README.md", "docs/configuration.md#no-such-heading")).toBe("no heading #no-such-heading in docs/configuration.md");
    expect(problemOf("docs/cli.md", "../README.md#quick-start")).toBeUndefined();
    expect(problemOf("docs/cli.md", "decisions/")).toBeUndefined();
    expect(proseLines("a `[x](nowhere.md)` b\n```\n[y](nowhere.md)\n```\n[z](here.md)")).toEqual(["a  b", "[z](here.md)"]);
  });
});
