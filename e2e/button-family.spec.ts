import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { SCREENS, showScreen } from "./screens.ts";

/**
 * The blue and green buttons are one family in both themes of both brands: a filled pill with the
 * same weight, border and light text on the brand's colour, the text at WCAG AA (4.5:1) or more.
 * The login shows a green button (Continue), the account page blue ones.
 */
const PAGES = [
  { brand: "dsone", green: "dsone-login", blue: "dsone-account" },
  { brand: "maverick", green: "maverick-email-login", blue: "maverick-account" },
] as const;

interface ButtonLook {
  background: string;
  color: string;
  weight: string;
  border: string;
  radius: string;
  /** The text against the fill, by WCAG's formula. */
  contrast: number;
  /** Light text on a darker fill, as both themes draw a filled button. */
  lightOnDark: boolean;
}

async function lookOf(page: Page, variant: "blue" | "green"): Promise<ButtonLook> {
  const button = page.locator(`.button--${variant}:not(.account__danger-go)`).first();
  await expect(button).toBeVisible();
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const text = luminance(style.color);
    const fill = luminance(style.backgroundColor);
    const [lighter, darker] = [text, fill].sort((a, b) => b - a);
    return {
      background: style.backgroundColor,
      color: style.color,
      weight: style.fontWeight,
      border: `${style.borderTopWidth} ${style.borderTopStyle}`,
      radius: style.borderTopLeftRadius,
      contrast: ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05),
      lightOnDark: text > fill,
    };
  });
}

function screen(name: string) {
  const found = SCREENS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no screen named ${name}`);
  return found;
}

for (const { brand, green, blue } of PAGES) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`${brand}'s blue and green buttons are one family in the ${colorScheme} theme, their text at 4.5:1 or more`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const looks: Record<"blue" | "green", ButtonLook> = {} as Record<"blue" | "green", ButtonLook>;
      for (const [variant, name] of [
        ["green", green],
        ["blue", blue],
      ] as const) {
        await showScreen(page, screen(name));
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        looks[variant] = await lookOf(page, variant);
        // axe's colour-contrast rule (with the rest of WCAG AA) on the page that shows the button.
        await expectNoAxeViolations(page);
      }
      for (const look of Object.values(looks)) {
        expect(look.contrast).toBeGreaterThanOrEqual(4.5);
        expect(look.lightOnDark).toBe(true);
      }
      // Same weight, border and shape, the same light text: only the fill tells them apart.
      expect({ ...looks.blue, background: undefined, contrast: undefined }).toEqual({
        ...looks.green,
        background: undefined,
        contrast: undefined,
      });
      expect(looks.blue.background).not.toBe(looks.green.background);
    });
  }
}
