import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * `npm run spec-coverage`: writes docs/spec-coverage.md, the map from every section of the
 * specification (../shared/SPEC.md) to the tests that prove it. A section's evidence is the
 * strings it spells out (quoted or in backticks) that a test spells too: a test that asserts a
 * screen's words, a route, a parameter or a constant names it. test/spec-coverage.test.ts builds
 * the map again and fails when the committed one differs, or when a section has no test.
 */
const ROOT = join(import.meta.dirname, "..");
/**
 * Beside the repository on the team's machines and in CI, but not in a clone of the repository
 * alone: the map cannot be built there, and says so rather than failing on a missing file.
 */
const SPEC_PATH = join(ROOT, "..", "shared", "SPEC.md");
export const specAtHand = (): boolean => existsSync(SPEC_PATH);
export const SPEC_MISSING = `the specification is not at ${relative(process.cwd(), SPEC_PATH)}: its map to the tests is not checked`;
export const COVERAGE_PATH = join(ROOT, "docs", "spec-coverage.md");
/** At most this many strings and test files are listed for a section: enough to find the tests. */
const SHOWN = 4;

/**
 * Sections written as prose, with no string a test can spell: the tests that prove them, named by
 * hand (each must exist; the check says so when one is renamed).
 */
export const PROVED_BY_HAND: Readonly<Record<string, readonly string[]>> = {
  "1. What the product does and for whom": [
    "e2e/dsone-login.spec.ts",
    "e2e/google-sign-in.spec.ts",
    "e2e/dsone-passwords.spec.ts",
    "e2e/dsone-screens.spec.ts",
  ],
  "2. Screens and routes": ["e2e/dsone-screens.spec.ts", "e2e/titles.spec.ts"],
  Router: ["e2e/links.spec.ts", "e2e/themes.spec.ts", "e2e/telemetry.spec.ts"],
  "7. The calls it makes": ["web/api/wire.test.ts"],
  "Real-time hub (agent channel)": ["test/spec-rows-b.test.ts", "test/agent-sim.test.ts"],
  Telemetry: ["e2e/telemetry.spec.ts", "test/telemetry.test.ts"],
};

export interface SpecSection {
  heading: string;
  evidence: { phrase: string; tests: string[] }[];
}

function testFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(test|spec)\.tsx?$/.test(entry.name)) found.push(path);
    }
  };
  for (const dir of ["test", "e2e", "web"]) walk(join(ROOT, dir));
  return found.sort();
}

/** The specification's sections (## and ###), each with the strings it spells out. */
function sections(spec: string): { heading: string; phrases: string[] }[] {
  const result: { heading: string; phrases: string[] }[] = [];
  for (const line of spec.split("\n")) {
    const heading = line.match(/^#{2,3} (.+)$/)?.[1];
    if (heading) {
      result.push({ heading: heading.trim(), phrases: [] });
      continue;
    }
    const current = result.at(-1);
    if (!current) continue;
    const found = [
      // What the specification quotes: a screen's words, a message.
      ...[...line.matchAll(/`([^`]{4,80})`|"([^"]{4,80})"/g)].map((match) => match[1] ?? match[2] ?? ""),
      // Addresses, names of codes and fields, ports: what a test spells exactly.
      ...(line.match(/\/[A-Za-z][\w.-]*(?:\/[\w.{}-]+)*/g) ?? []),
      ...(line.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? []),
      ...(line.match(/\b[a-z]+[A-Z][A-Za-z]+\b|\b[A-Z][a-z]+[A-Z][A-Za-z]+\b/g) ?? []),
      ...(line.match(/\b\d{5}\b/g) ?? []),
      // A list of route names ("- forgot-password").
      ...(line.match(/^- ([a-z]+(?:-[a-z]+)+)$/)?.slice(1) ?? []),
    ];
    for (const raw of found) {
      const phrase = raw.trim().replace(/[.,;:]+$/, "");
      if (phrase.length >= 4 && !current.phrases.includes(phrase)) current.phrases.push(phrase);
    }
  }
  return result;
}

export function specCoverage(spec = readFileSync(SPEC_PATH, "utf8")): SpecSection[] {
  const files = testFiles().map((path) => ({ path: relative(ROOT, path), text: readFileSync(path, "utf8") }));
  return sections(spec).map(({ heading, phrases }) => ({
    heading,
    evidence: phrases
      .map((phrase) => ({ phrase, tests: files.filter((file) => file.text.includes(phrase)).map((file) => file.path) }))
      .filter((entry) => entry.tests.length > 0),
  }));
}

const cell = (text: string) => text.replace(/\|/g, "\\|");

export function coverageMarkdown(coverage: SpecSection[]): string {
  const rows = coverage.map(({ heading, evidence }) => {
    const tests = [...new Set(evidence.flatMap((entry) => entry.tests))];
    const byHand = PROVED_BY_HAND[heading];
    if (evidence.length === 0 && byHand) return `| ${cell(heading)} | by hand | | ${byHand.map((path) => `\`${path}\``).join(", ")} |`;
    const phrases = evidence.slice(0, SHOWN).map((entry) => `\`${cell(entry.phrase)}\``);
    const shownTests = tests.slice(0, SHOWN).map((path) => `\`${path}\``);
    const more = tests.length > SHOWN ? ` and ${tests.length - SHOWN} more` : "";
    return `| ${cell(heading)} | ${evidence.length} | ${phrases.join(", ")} | ${shownTests.join(", ")}${more} |`;
  });
  return `# The specification, section by section, and the tests that prove it

Generated by \`npm run spec-coverage\` from \`../shared/SPEC.md\` and the tests; \`test/spec-coverage.test.ts\`
fails when this file is out of date or a section has no test. A section's evidence is each string it
spells out (quoted, in backticks, an address, a code's or a field's name, a port) that a test spells
too; the column counts them and shows a few. Sections written as prose name their tests by hand.

| Section | Strings tested | For example | Tests |
|---|---|---|---|
${rows.join("\n")}
`;
}

if (process.argv[1] === import.meta.filename) {
  if (!specAtHand()) {
    console.error(SPEC_MISSING);
    process.exit(1);
  }
  writeFileSync(COVERAGE_PATH, coverageMarkdown(specCoverage()));
  console.log(`wrote ${relative(ROOT, COVERAGE_PATH)}`);
}
