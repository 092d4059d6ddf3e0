import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  COVERAGE_PATH,
  coverageMarkdown,
  PROVED_BY_HAND,
  SPEC_MISSING,
  type SpecSection,
  specAtHand,
  specCoverage,
} from "../scripts/spec-coverage.ts";

const ROOT = join(import.meta.dirname, "..");

// A clone of the repository alone has no ../shared/SPEC.md: the map is skipped there, by name,
// and the rest of the suite runs. Where the specification is (the team's machines, CI) it runs.
const SPEC_AT_HAND = specAtHand();
if (!SPEC_AT_HAND) console.warn(SPEC_MISSING);

/** docs/spec-coverage.md: every section of the specification has tests, and the map is current. */
describe.skipIf(!SPEC_AT_HAND)("the specification's map to its tests (needs ../shared/SPEC.md)", () => {
  let coverage: SpecSection[] = [];
  beforeAll(() => {
    coverage = specCoverage();
  });

  it("gives every section of SPEC.md a test: strings it spells that a test spells, or tests named by hand", () => {
    const untested = coverage.filter((section) => section.evidence.length === 0 && !PROVED_BY_HAND[section.heading]);
    expect(untested.map((section) => section.heading)).toEqual([]);
    expect(coverage.length).toBeGreaterThan(20);
    for (const paths of Object.values(PROVED_BY_HAND))
      for (const path of paths) expect({ path, exists: existsSync(join(ROOT, path)) }).toEqual({ path, exists: true });
    // A heading named by hand that the specification no longer has is a stale entry.
    const headings = coverage.map((section) => section.heading);
    expect(Object.keys(PROVED_BY_HAND).filter((heading) => !headings.includes(heading))).toEqual([]);
  });

  it("is the map docs/spec-coverage.md holds (run npm run spec-coverage after changing tests or the specification)", () => {
    expect(readFileSync(COVERAGE_PATH, "utf8")).toBe(coverageMarkdown(coverage));
  });
});
