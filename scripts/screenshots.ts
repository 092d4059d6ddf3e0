import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { SCREENS, showScreen } from "../e2e/screens.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";
import { spawnServer } from "../test/support/spawn-server.ts";
import { buildIfStale } from "./build-if-stale.ts";

/**
 * `npm run screenshots`: every screen of both brands in both themes, on a phone-sized and a
 * desktop-sized window, into screenshots/ (ignored by git), for a person to look at.
 */
const OUT = join(import.meta.dirname, "..", "screenshots");
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

buildIfStale();
rmSync(OUT, { recursive: true, force: true });
const dir = mkdtempSync(join(tmpdir(), "account-screenshots-"));
const server = await spawnServer({ DATABASE_URL: `file:${join(dir, "account.db")}`, ACCESS_LINK_LIMIT_PER_EMAIL: "1000" });
const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
let count = 0;
try {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of ["light", "dark"] as const) {
      const folder = join(OUT, `${size}-${colorScheme}`);
      mkdirSync(folder, { recursive: true });
      for (const screen of SCREENS) {
        const context = await browser.newContext({ baseURL: server.url, viewport, colorScheme, reducedMotion: "reduce" });
        const page = await context.newPage();
        await showScreen(page, screen);
        await page.screenshot({ path: join(folder, `${screen.name}.png`), fullPage: true });
        await context.close();
        count++;
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(`${count} screenshots in ${OUT}`);
