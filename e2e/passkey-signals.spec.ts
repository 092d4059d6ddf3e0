import type { BrowserContext, CDPSession, Page } from "@playwright/test";
import { linkIn, type SmtpSink } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";
import { addAuthenticator } from "./passkey-journey.ts";

/**
 * The WebAuthn signals (docs/decisions/0085), in Chromium with its virtual authenticator, which
 * acts on them as a passkey provider does: `WebAuthn.getCredentials` shows what the device still
 * holds and under which name. A passkey removed on the account page or by the server leaves the
 * device on its next visit, a copy on a second device (a synced phone) leaves when its sign-in is
 * refused, and the passkey's name follows the account's email and name.
 */

// A server of its own: these tests change accounts' emails; and the related origins it serves.
test.use({ serverEnv: { PASSKEY_RELATED_ORIGINS: "https://signin.example.net" } });

const ACCOUNT_PAGE = "/dsone/account";

interface Device {
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

async function device(context: BrowserContext): Promise<Device> {
  const page = await context.newPage();
  return { page, ...(await addAuthenticator(page)) };
}

const held = async ({ cdp, authenticatorId }: Device) => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;

/** A link sign-in that lands on the account page by way of the offer, accepted: the device holds one passkey. */
async function signInMakingPasskey({ page }: Device, mail: SmtpSink, email: string, baseURL: string | undefined): Promise<void> {
  const since = mail.messages.length;
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(`${baseURL}${ACCOUNT_PAGE}`)}`);
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor(email, { since }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(new RegExp(`${ACCOUNT_PAGE}$`));
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText("Made in this browser")).toBeVisible();
}

test("a passkey removed on the account page leaves this device, and a synced copy leaves as its sign-in is refused", async ({
  browser,
  baseURL,
  mail,
}) => {
  const laptopContext = await browser.newContext({ baseURL });
  const laptop = await device(laptopContext);
  await signInMakingPasskey(laptop, mail, "new.customer@example.com", baseURL);
  const [passkey, ...others] = await held(laptop);
  if (!passkey || others.length > 0) throw new Error("the laptop should hold exactly the passkey it made");

  // A phone holding the same passkey, as a provider that syncs would.
  const phoneContext = await browser.newContext({ baseURL });
  const phone = await device(phoneContext);
  await phone.cdp.send("WebAuthn.addCredential", { authenticatorId: phone.authenticatorId, credential: passkey });
  expect(await held(phone)).toHaveLength(1);

  const section = laptop.page.getByRole("region", { name: "Passkeys" });
  await section.getByRole("button", { name: /^Remove passkey / }).click();
  await expect(section.getByText("No passkeys yet.")).toBeVisible();
  await expect.poll(() => held(laptop)).toHaveLength(0);

  // The phone offers it in the email field's suggestions and signs with it; the server refuses it,
  // and the page tells the phone to forget it: it is not offered again.
  await phone.page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent("/demo/dsone/ui")}`);
  await expect(phone.page.getByText("This passkey is not registered with us, or it was removed.", { exact: false })).toBeVisible();
  await expect.poll(() => held(phone)).toHaveLength(0);
  await laptopContext.close();
  await phoneContext.close();
});

test("a passkey removed by the server leaves the device at the next account page; the email and name follow", async ({
  browser,
  baseURL,
  mail,
  app,
}) => {
  const context = await browser.newContext({ baseURL });
  const laptop = await device(context);
  await signInMakingPasskey(laptop, mail, "password.customer@example.com", baseURL);
  expect((await held(laptop)).map(({ userName }) => userName)).toEqual(["password.customer@example.com"]);

  // The email and the name changed (by support, say): the next page updates the passkey's details.
  app.sql(
    "update accounts set email = 'renamed.customer@example.com', name = 'Renamed Customer' where email = 'password.customer@example.com'",
  );
  await laptop.page.reload();
  await expect(laptop.page.getByText("renamed.customer@example.com").first()).toBeVisible();
  await expect
    .poll(async () => (await held(laptop)).map(({ userName, userDisplayName }) => [userName, userDisplayName]))
    .toEqual([["renamed.customer@example.com", "Renamed Customer"]]);

  // Removed by the server (support, a reset, "This wasn't me"): gone from the device at the next visit.
  app.sql("delete from passkeys where account_id = (select id from accounts where email = 'renamed.customer@example.com')");
  await laptop.page.reload();
  await expect(laptop.page.getByRole("region", { name: "Passkeys" }).getByText("No passkeys yet.")).toBeVisible();
  await expect.poll(() => held(laptop)).toHaveLength(0);

  // The page sitting open asks the server for nothing more: no loop, no poll (the telemetry
  // collector's one report of the page load aside).
  const requests: string[] = [];
  laptop.page.on("request", (request) => {
    if (!request.url().endsWith("/api/telemetry")) requests.push(request.url());
  });
  await laptop.page.waitForTimeout(5_000);
  expect(requests).toEqual([]);
  await context.close();
});

test("a browser without the signal methods shows the account page as before, with nothing said", async ({ browser, baseURL, mail }) => {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => {
    for (const name of ["signalUnknownCredential", "signalAllAcceptedCredentials", "signalCurrentUserDetails"]) {
      Reflect.deleteProperty(PublicKeyCredential, name);
    }
  });
  const laptop = await device(context);
  const errors: string[] = [];
  laptop.page.on("pageerror", (error) => errors.push(error.message));
  await signInMakingPasskey(laptop, mail, "safe.customer@example.com", baseURL);
  await laptop.page.reload();
  await expect(laptop.page.getByRole("region", { name: "Passkeys" }).getByText("Made in this browser")).toBeVisible();
  await expect(laptop.page.getByRole("alert").filter({ hasText: /\S/ })).toHaveCount(0);
  expect(errors).toEqual([]);
  // Nothing signalled, so the device keeps what it holds.
  expect(await held(laptop)).toHaveLength(1);
  await context.close();
});

test("the related origins are served for browsers to read", async ({ request }) => {
  const answer = await request.get("/.well-known/webauthn");
  expect(await answer.json()).toEqual({ origins: ["https://signin.example.net"] });
});
