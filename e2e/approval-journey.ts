import { type Browser, devices, type Page } from "@playwright/test";
import { linkIn, type SmtpSink } from "../test/support/smtp-sink.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/** The phone reading the mail: another browser, a phone's user agent and viewport. */
const PHONE = devices["iPhone 13"];

/** Asks for a link on the computer's login (a page already at the login) and answers the mail's link and the number shown. */
async function askOnComputer(page: Page, mail: SmtpSink, email: string): Promise<{ link: string; number: string }> {
  const since = mail.messages.length;
  await page.getByLabel(/^(Enter your email|Use another email)$/).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  const shown = page.locator(".approval-number__value");
  await expect(shown).toHaveText(/^\d{2}$/);
  return { link: linkIn(await mail.waitFor(email, { since }), "/access-link?token="), number: (await shown.textContent()) as string };
}

async function openOnPhone(browser: Browser, baseURL: string, link: string): Promise<Page> {
  const phone = await (await browser.newContext({ ...PHONE, baseURL })).newPage();
  await phone.goto(link);
  await expect(phone.getByRole("heading", { name: "Sign In on Your Other Device?" })).toBeVisible();
  return phone;
}

/** Types the digits on the phone and approves. */
async function typeOnPhone(phone: Page, digits: string): Promise<void> {
  await phone.getByLabel("The two digits that device shows").fill(digits);
  await phone.getByRole("button", { name: "Sign In on That Device" }).click();
}

const signedIn = async (page: Page) => ((await (await page.request.get("/api/dsone/session")).json()) as { signedIn: boolean }).signedIn;

/**
 * Approving on the phone by the two digits the computer shows (docs/decisions/0073 and 0081), in Chromium, declared by a spec file per database
 * (approval.spec.ts on SQLite, approval-postgres.spec.ts on PostgreSQL).
 */
export function approvalJourney(apps: string): void {
  test("the link opened on a phone signs in the computer that asked, by the digits it shows", async ({ page, browser, mail, baseURL }) => {
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    const { link, number } = await askOnComputer(page, mail, "new.customer@example.com");
    await expect(page.getByText("Opening the link on your phone? Type this number there to sign in here:")).toBeVisible();
    await expectNoAxeViolations(page);

    // The phone names who asks, from where, when and for what, and offers nothing to pick.
    const phone = await openOnPhone(browser, baseURL as string, link);
    await expect(phone.getByText(/^Chrome on Linux, near 127\.0\.0\.0, asked to sign in \d+ seconds? ago\.$/)).toBeVisible();
    await expect(phone.getByText(`It is for DS One at ${new URL(baseURL as string).host}.`)).toBeVisible();
    await expect(phone.getByText("If you did not just ask for this on another device, do nothing.")).toBeVisible();
    const field = phone.getByLabel("The two digits that device shows");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAttribute("autocomplete", "off");
    await expectNoAxeViolations(phone);
    // Half an answer is not sent: it says so and the request still waits.
    await field.fill(number.slice(0, 1));
    await phone.getByRole("button", { name: "Sign In on That Device" }).click();
    await expect(phone.getByText("Type the two digits that device shows.")).toBeVisible();
    await expectNoAxeViolations(phone);
    await typeOnPhone(phone, number);
    await expect(phone.getByText("Done. You are signed in on Chrome on Linux.")).toBeVisible();

    // The computer leaves for its ReturnUrl on its own, signed in; the phone is not.
    await expect(page).toHaveURL(/\/demo\/dsone\/ui/, { timeout: 10_000 });
    expect(await signedIn(page)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    await phone.context().close();
  });

  test("wrong digits sign nobody in and spend the link; the computer says so", async ({ page, browser, mail, baseURL }) => {
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    const { link, number } = await askOnComputer(page, mail, "password.customer@example.com");
    const phone = await openOnPhone(browser, baseURL as string, link);
    await typeOnPhone(phone, String((Number(number) + 1) % 100).padStart(2, "0"));
    await expect(
      phone.getByText("That number did not match, so nobody was signed in. Ask for a new link on your other device."),
    ).toBeVisible();
    await expect(page.getByText("A wrong number was typed on your other device, so nobody was signed in. Send a new link.")).toBeVisible();
    expect(await signedIn(page)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    // The link is spent.
    await phone.goto(link);
    await expect(phone.getByRole("heading", { name: "This Link Has Already Been Used" })).toBeVisible();
    await phone.context().close();
  });

  test("inside an OpenID authorization of a demo app, the approval gives the app its code", async ({ page, browser, mail, baseURL }) => {
    await page.goto(`${apps}/dsone/`);
    await page.getByRole("link", { name: "Sign in to DS One" }).click();
    await expect(page).toHaveURL(/\/dsone\/login\?ReturnUrl=%2Fconnect%2Fauthorize%2Fcallback/);
    const { link, number } = await askOnComputer(page, mail, "licensed.customer@example.com");
    const phone = await openOnPhone(browser, baseURL as string, link);
    // The phone names the app whose sign-in waits.
    await expect(phone.getByText("It is for DS One on the web.")).toBeVisible();
    await typeOnPhone(phone, number);
    await expect(phone.getByText(/^Done\. You are signed in on /)).toBeVisible();
    await expect(page).toHaveURL(`${apps}/dsone/`, { timeout: 10_000 });
    await expect(page.getByText("Signed in as licensed.customer@example.com")).toBeVisible();
    await phone.context().close();
  });

  test("the link opened in the browser that asked signs in with one button, as before", async ({ page, mail }) => {
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    const { link } = await askOnComputer(page, mail, "new.customer@example.com");
    await page.goto(link);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/demo\/dsone\/ui/);
  });

  test("Sign in on this device instead signs the phone in; the computer hears the link was used elsewhere", async ({
    page,
    browser,
    mail,
    baseURL,
  }) => {
    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    const { link } = await askOnComputer(page, mail, "new.customer@example.com");
    const phone = await openOnPhone(browser, baseURL as string, link);
    await phone.getByRole("button", { name: "Sign in on this device instead" }).click();
    await expect(phone).toHaveURL(/\/demo\/dsone\/ui/);
    await expect(page.getByText("The link was used on another device.")).toBeVisible({ timeout: 25_000 });
    expect(await signedIn(phone)).toBe(true);
    await phone.context().close();
  });
}
