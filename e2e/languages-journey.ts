import type { Locator } from "@playwright/test";
import { serverStrings } from "../server/i18n/index.ts";
import { discover, startAuthorization } from "../test/support/oidc-client.ts";
import { linkIn, subjectOf, textOf } from "../test/support/smtp-sink.ts";
import { strings as arabic } from "../web/i18n/ar/shared.ts";
import { strings as germanLink } from "../web/i18n/de/access-link.ts";
import { strings as german } from "../web/i18n/de/shared.ts";
import { strings as english } from "../web/i18n/en/shared.ts";
import { strings as french } from "../web/i18n/fr/shared.ts";
import { strings as japanese } from "../web/i18n/ja/shared.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const EMAIL = "new.customer@example.com";
/** Where the login sends the customer back to (without one, the login goes to the product's page). */
const RETURN_URL = `?ReturnUrl=${encodeURIComponent("/demo/dsone/ui")}`;

/** Where an element's text is drawn (not its box, which a paragraph stretches to the card's width). */
function inkOf(element: Locator): Promise<{ left: number; right: number }> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });
}

/**
 * The customer's language from the first screen to the mail (docs/screens.md, "Languages"), declared by a
 * spec file per database (languages.spec.ts on SQLite, languages-postgres.spec.ts on PostgreSQL).
 */
export function languagesJourney(): void {
  test("a browser that asks for German signs in by emailed link entirely in German", async ({ browser, baseURL, mail }) => {
    const context = await browser.newContext({ baseURL: baseURL as string, locale: "de-DE" });
    const page = await context.newPage();
    const since = mail.messages.length;
    await page.goto(`/dsone/login${RETURN_URL}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { name: german.login.title })).toBeVisible();
    await page.getByLabel(german.login.emailLabel).fill(EMAIL);
    await page.getByRole("button", { name: german.login.continue }).click();
    await expect(page.getByRole("heading", { name: german.checkEmail.title })).toBeVisible();
    // "1 Tag", through the platform's plural rules.
    await expect(page.getByText(german.checkEmail.expires(1))).toBeVisible();
    expect(german.checkEmail.expires(1)).toContain("1 Tag");

    const received = await mail.waitFor(EMAIL, { since });
    const words = serverStrings("de").mail;
    expect(subjectOf(received.raw)).toBe(words.accessLink.subject("DS One"));
    const text = textOf(received);
    expect(text).toContain(words.accessLink.intro("DS One"));
    expect(text).toContain("1 Tag");
    expect(received.raw.replace(/=\r?\n/g, "").replaceAll("=3D", "=")).toContain('<html lang="de" dir="ltr">');

    await page.goto(linkIn(received, "/dsone/access-link?token="));
    await expect(page.getByRole("heading", { name: germanLink.accessLink.title("DS One") })).toBeVisible();
    await page.getByRole("button", { name: germanLink.accessLink.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/demo\/dsone\/ui/);
    await context.close();
  });

  test("a desktop agent's request with ui_locales=ja shows the DS One login in Japanese", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL as string, locale: "en-US" });
    const page = await context.newPage();
    const config = await discover(baseURL as string, "desktop-agent");
    const { url } = await startAuthorization(config, "http://127.0.0.1:53682/callback", { ui_locales: "ja-JP en" });
    await page.goto(url);
    await expect(page).toHaveURL(/\/dsone\/.*lang=ja/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByRole("heading", { name: japanese.login.title })).toBeVisible();
    // The language follows the flow to the next screen.
    await page.getByLabel(japanese.login.emailLabel).fill("nobody.here@example.com");
    await page.getByRole("button", { name: japanese.login.continue }).click();
    await expect(page.getByRole("heading", { name: japanese.login.accountNotFound })).toBeVisible();
    await context.close();
  });

  test("the switcher changes the language, keeps the flow, and the choice sticks", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL as string, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`/dsone/login${RETURN_URL}`);
    await expect(page.getByRole("heading", { name: english.login.title })).toBeVisible();
    await page.getByLabel(english.language.label).selectOption("de");
    await expect(page.getByRole("heading", { name: german.login.title })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");

    // Mid-flow: Check Your Email stays Check Your Email, in the new language, for the same address.
    await page.getByLabel(german.login.emailLabel).fill(EMAIL);
    await page.getByRole("button", { name: german.login.continue }).click();
    await expect(page.getByRole("heading", { name: german.checkEmail.title })).toBeVisible();
    await page.getByLabel(german.language.label).selectOption("fr");
    await expect(page.getByRole("heading", { name: french.checkEmail.title })).toBeVisible();
    await expect(page.getByText(EMAIL)).toBeVisible();
    // The reload's address names the choice, so it never waits on the cookie reaching the network.
    expect(new URL(page.url()).searchParams.get("lang")).toBe("fr");
    expect(new URL(page.url()).searchParams.get("ReturnUrl")).toBe("/demo/dsone/ui");

    // Remembered: another screen, another visit, in French.
    await page.goto("/dsone/password-login");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "lang")?.value).toBe("fr");
    await context.close();
  });

  test("the switcher keeps Check Your Email on an address that names its language", async ({ browser, baseURL }) => {
    // An app's ui_locales arrives as `lang` on the address, which the switch rewrites: the address
    // changes, and where the link went must survive the reload with it.
    const context = await browser.newContext({ baseURL: baseURL as string, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`/dsone/login${RETURN_URL}&lang=de`);
    await page.getByLabel(german.login.emailLabel).fill(EMAIL);
    await page.getByRole("button", { name: german.login.continue }).click();
    await expect(page.getByRole("heading", { name: german.checkEmail.title })).toBeVisible();
    await page.getByLabel(german.language.label).selectOption("fr");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { name: french.checkEmail.title })).toBeVisible();
    await expect(page.getByText(EMAIL)).toBeVisible();
    expect(new URL(page.url()).searchParams.get("lang")).toBe("fr");
    await context.close();
  });

  test("the switcher changes a login whose ReturnUrl carries an OpenID request's ui_locales", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL as string, locale: "en-US" });
    const page = await context.newPage();
    const address = `/dsone/login?ReturnUrl=${encodeURIComponent("/connect/authorize?client_id=dsone-web&ui_locales=ja")}`;
    await page.goto(address);
    await expect(page.getByRole("heading", { name: japanese.login.title })).toBeVisible();
    await page.getByLabel(japanese.language.label).selectOption("fr");
    await expect(page.getByRole("heading", { name: french.login.title })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    // The ReturnUrl is untouched; the address names the choice.
    expect(new URL(page.url()).search).toBe(`${new URL(address, "http://x").search}&lang=fr`);
    await context.close();
  });

  test("Arabic pages are right to left, and pass axe", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL as string, locale: "ar-EG" });
    const page = await context.newPage();
    for (const path of [`/dsone/login${RETURN_URL}`, "/dsone/password-login", "/maverick/password-login"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      await expect(page.getByRole("heading").first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.goto(`/dsone/login${RETURN_URL}`);
    await page.getByLabel(arabic.login.emailLabel).fill(EMAIL);
    await page.getByRole("button", { name: arabic.login.continue }).click();
    await expect(page.getByRole("heading", { name: arabic.checkEmail.title })).toBeVisible();
    await expectNoAxeViolations(page);
    // The number to pick reads left to right, yet sits on the right with the rest of the card.
    const number = page.locator(".approval-number__value");
    await expect(number).toHaveText(/^\d{2}$/);
    const [digits, prompt] = await Promise.all([inkOf(number), inkOf(page.getByText(arabic.checkEmail.approvalNumber))]);
    expect(Math.abs(digits.right - prompt.right)).toBeLessThan(2);
    await context.close();
  });
}
