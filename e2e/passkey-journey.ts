import type { BrowserContext, Page } from "@playwright/test";
import { linkIn, type SmtpSink } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Passkeys end to end (docs/decisions/0059-passkeys.md), in Chromium with its virtual
 * authenticator (the DevTools protocol's WebAuthn domain: a platform authenticator that verifies
 * the user and answers without a touch). Declared once, run by passkeys.spec.ts on SQLite and
 * passkeys-postgres.spec.ts on PostgreSQL.
 */

const BRANDS = [
  { id: "dsone", name: "DS One", email: "new.customer@example.com", login: "/dsone/login", landing: "/demo/dsone/ui" },
  {
    id: "maverick",
    name: "Maverick Safe",
    email: "safe.customer@example.com",
    login: "/maverick/email-login",
    landing: "/demo/maverick/ui",
  },
] as const;
type Brand = Omit<(typeof BRANDS)[number], "email"> & { email: string };

/** A platform authenticator that keeps discoverable credentials and verifies the user. */
export async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * An older browser: no passkey suggestions in the email field (only the button asks), and no
 * WebAuthn JSON methods (the sign-in goes through @simplewebauthn/browser).
 */
async function withoutAutofill(context: BrowserContext) {
  await context.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    Reflect.deleteProperty(PublicKeyCredential, "parseRequestOptionsFromJSON");
  });
}

/** Email form, mail, link, Sign In: where the browser goes next is the caller's to check. */
async function linkSignIn(page: Page, mail: SmtpSink, brand: Brand, returnUrl: string = brand.landing) {
  const since = mail.messages.length;
  await page.goto(`${brand.login}?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  await page.getByLabel("Enter your email").fill(brand.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor(brand.email, { since }), `/${brand.id}/access-link?token=`));
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.request.post("/api/session/logout", { headers: { origin: new URL(page.url()).origin } });
}

const signedIn = (page: Page, brand: Brand) => expect(page.getByText(`Signed in as ${brand.email}`)).toBeVisible();

/** `apps`: where the demo web apps listen (a free port, named by the spec file). */
export function passkeyJourney(APPS: string): void {
  for (const brand of BRANDS) {
    test(`${brand.name}: a link sign-in, the offer accepted, then back in by autofill and by the button`, async ({
      browser,
      mail,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await addAuthenticator(page);
      await linkSignIn(page, mail, brand);
      await expect(page.getByRole("heading", { name: "Sign In Faster Next Time" })).toBeVisible();
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await expect(page).toHaveURL(new RegExp(`${brand.landing}$`));
      await signedIn(page, brand);

      // Back in through the email field's suggestions: no click, no email.
      await signOut(page);
      await page.goto(`${brand.login}?ReturnUrl=${encodeURIComponent(brand.landing)}`);
      await expect(page).toHaveURL(new RegExp(`${brand.landing}$`));
      await signedIn(page, brand);

      // And through the button, as a browser without the suggestions shows it.
      await signOut(page);
      await withoutAutofill(context);
      await page.goto(`${brand.login}?ReturnUrl=${encodeURIComponent(brand.landing)}`);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page).toHaveURL(new RegExp(`${brand.landing}$`));
      await signedIn(page, brand);
      await context.close();
    });
  }

  test("the button in a browser without autofill; a removed passkey is refused; a replay and a wrong origin too", async ({
    browser,
    mail,
    baseURL,
  }) => {
    const brand = { ...BRANDS[0], email: "password.customer@example.com" } as const;
    const context = await browser.newContext({ baseURL });
    await withoutAutofill(context);
    const page = await context.newPage();
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await linkSignIn(page, mail, brand);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await signedIn(page, brand);
    await signOut(page);

    let assertion: unknown;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/passkey/sign-in")) assertion = request.postDataJSON();
    });
    await page.goto(`${brand.login}?ReturnUrl=${encodeURIComponent(brand.landing)}`);
    // The field that offers the passkeys among its suggestions, where the browser has them.
    await expect(page.getByLabel("Enter your email")).toHaveAttribute("autocomplete", "username webauthn");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await signedIn(page, brand);

    // The same assertion again, and altered to say another origin: both refused, nobody signed in.
    const stranger = await browser.newContext({ baseURL });
    const replay = await stranger.request.post("/api/passkey/sign-in", { data: assertion, headers: { origin: baseURL as string } });
    expect(replay.status()).toBe(400);
    expect(await replay.json()).toMatchObject({ code: "PASSKEY_EXPIRED" });
    const { credential } = assertion as { credential: { response: { clientDataJSON: string } } };
    const clientData = JSON.parse(Buffer.from(credential.response.clientDataJSON, "base64url").toString());
    const elsewhere = Buffer.from(JSON.stringify({ ...clientData, origin: "https://evil.example" })).toString("base64url");
    const forged = {
      ...(assertion as object),
      credential: { ...credential, response: { ...credential.response, clientDataJSON: elsewhere } },
    };
    const wrongOrigin = await stranger.request.post("/api/passkey/sign-in", { data: forged, headers: { origin: baseURL as string } });
    expect(wrongOrigin.status()).toBeGreaterThanOrEqual(400);
    expect(await (await stranger.request.get("/api/dsone/session")).json()).toMatchObject({ signedIn: false });
    await stranger.close();

    // Renamed, then removed on the account page: the passkey still in the authenticator is refused, with a sentence.
    await page.goto("/dsone/account");
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section.getByText("Made in this browser")).toBeVisible();
    await section.getByRole("button", { name: /^Rename passkey / }).click();
    await section.getByLabel("Passkey name").fill("Work laptop");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByText("Work laptop")).toBeVisible();
    const [copy] = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    await section.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await expect(section.getByText("No passkeys yet.")).toBeVisible();
    // The page told the browser's provider, which dropped it (docs/decisions/0085); a copy synced
    // to a device that has not heard yet still offers it, and is refused.
    await expect.poll(async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toEqual([]);
    if (copy) await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: copy });
    await signOut(page);
    await page.goto(`${brand.login}?ReturnUrl=${encodeURIComponent(brand.landing)}`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByText("This passkey is not registered with us, or it was removed.", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
    await context.close();
  });

  test("a browser without WebAuthn sees no passkey control, and signs in as before", async ({ browser, mail, baseURL }) => {
    const brand = BRANDS[1];
    const context = await browser.newContext({ baseURL });
    await context.addInitScript(() => Reflect.deleteProperty(window, "PublicKeyCredential"));
    const page = await context.newPage();
    await page.goto(`${brand.login}?ReturnUrl=${encodeURIComponent(brand.landing)}`);
    await expect(page.getByLabel("Enter your email")).toBeEditable();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await page.goto(`/${brand.id}/password-login?qatest=1`);
    await expect(page.getByLabel("Email")).toBeEditable();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await linkSignIn(page, mail, brand);
    await signedIn(page, brand);
    await context.close();
  });

  test('"Not now" is remembered: the next sign-in goes straight on', async ({ browser, mail, baseURL }) => {
    const brand = BRANDS[1];
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await linkSignIn(page, mail, brand);
    // A prompt the customer turns down (no fingerprint, no PIN): the offer stays, with no error.
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByRole("button", { name: "Use a passkey" })).toBeEnabled();
    await expect(page.getByRole("heading", { name: "Sign In Faster Next Time" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Not now" }).click();
    await signedIn(page, brand);
    await signOut(page);
    await linkSignIn(page, mail, brand);
    await signedIn(page, brand);
    await expect(page.getByRole("heading", { name: "Sign In Faster Next Time" })).toHaveCount(0);
    await context.close();
  });

  test("inside an OpenID authorization of a demo app: the ID token's amr says a passkey", async ({ browser, mail, baseURL }) => {
    const brand = BRANDS[0];
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await addAuthenticator(page);
    await page.goto(`${APPS}/dsone/`);
    await page.getByRole("link", { name: "Sign in to DS One" }).click();
    const returnUrl = new URL(page.url()).searchParams.get("ReturnUrl") as string;
    await linkSignIn(page, mail, brand, returnUrl);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL(`${APPS}/dsone/`);
    await expect(page.getByRole("row", { name: /^amr / })).toContainText("otp");

    // Signed out at the app, then in again: the autofill signs in and the app is told how.
    await page.getByRole("link", { name: "Sign out" }).click();
    await expect(page.getByText("Nobody is signed in.")).toBeVisible();
    await page.getByRole("link", { name: "Sign in to DS One" }).click();
    await expect(page).toHaveURL(`${APPS}/dsone/`);
    await expect(page.getByRole("row", { name: /^amr / })).toContainText("hwk,user,mfa");
    await context.close();
  });
}
