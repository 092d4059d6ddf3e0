import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const DIR = join(import.meta.dirname, "..", "docs", "decisions");

/** Every decision record is in the index, under its own number and date, and the index names no record that is not there. */
it("lists every decision record in the index, and only those", () => {
  const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));
  const index = readFileSync(join(DIR, "README.md"), "utf8");
  const listed = [...index.matchAll(/^\| (\d+) \| \[[^\]]+\]\((\d{4}-[^)]+\.md)\) \| (\d{4}-\d{2}-\d{2}) \|/gm)];
  expect(listed.map(([, , file]) => file).sort()).toEqual(records.sort());
  for (const [, number, file, date] of listed) {
    expect(Number(file?.slice(0, 4)), file).toBe(Number(number));
    expect(readFileSync(join(DIR, file as string), "utf8"), file).toContain(`Date: ${date}`);
  }
});
