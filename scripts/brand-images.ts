import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { BRANDS } from "../common/brands/index.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../test/support/chromium.ts";

/**
 * `npm run brand-images`: each brand's mark (its SVG icon) drawn as a PNG for mail, where many mail
 * programs show no SVG. Run after changing an icon; the PNGs are committed beside the SVGs.
 */
const PUBLIC = join(import.meta.dirname, "..", "web", "public");
const SIZE = 96;

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  for (const brand of BRANDS) {
    const svg = readFileSync(join(PUBLIC, brand.favicon), "utf8");
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${SIZE}" height="${SIZE}" style="display:block"></body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
    writeFileSync(join(PUBLIC, brand.mailLogo), png);
    console.log(`${brand.mailLogo}: ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
