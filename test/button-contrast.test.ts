import { describe, expect, it } from "vitest";
import { BRANDS } from "../common/brands/index.ts";

/**
 * A brand's filled buttons (green on `go`, blue on `goStrong`, both lettered in `onGo`) read at
 * WCAG AA, 4.5:1, in both themes: e2e/button-family.spec.ts checks the drawn pages, this every
 * brand's colours, a brand added later included.
 */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [lighter = 0, darker = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

describe("the filled buttons' colours", () => {
  for (const brand of BRANDS)
    for (const mode of ["light", "dark"] as const)
      it(`${brand.id} ${mode}: light text on both fills, at 4.5:1 or more`, () => {
        const { go, goStrong, onGo } = brand.theme[mode];
        for (const fill of [go, goStrong]) {
          expect(fill).toMatch(/^#[0-9a-f]{6}$/i);
          expect(contrast(onGo, fill), fill).toBeGreaterThanOrEqual(4.5);
          expect(luminance(onGo), fill).toBeGreaterThan(luminance(fill));
        }
      });
});
