import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { addAuthenticator } from "./passkey-journey.ts";

/**
 * A passkey made quietly after a password sign-in (conditional create, docs/decisions/0086), in
 * Chromium 156 with its virtual authenticator. That authenticator does not answer a conditional
 * create: Chromium leaves it to the password manager, which makes one only for a saved password
 * used moments ago and otherwise answers nothing until the request times out. So one test shows
 * what this browser does as it is (the page asks, nothing comes, the offer screen shows), and the
 * others stand in for the password manager with an init script that answers the page's
 * conditional request through the virtual authenticator.
 */

// A server of its own: the passkeys made here must not reach other files' customers.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "false" } });

const EMAIL = "password.customer@example.com";
const LANDING = "/demo/dsone/ui";

/**
 * Records every create the page asks for, with its mediation and the user verification asked, in
 * the tab's session storage (it outlives the pages the sign-in goes through).
 */
async function recordCreates(context: BrowserContext, { answerConditional }: { answerConditional: boolean }) {
  await context.addInitScript((answer) => {
    const create = navigator.credentials.create.bind(navigator.credentials);
    // The DOM types here do not know create's mediation yet.
    navigator.credentials.create = (options?: CredentialCreationOptions & { mediation?: CredentialMediationRequirement }) => {
      const asked = JSON.parse(sessionStorage.getItem("passkeyCreates") ?? "[]");
      asked.push({ mediation: options?.mediation, userVerification: options?.publicKey?.authenticatorSelection?.userVerification });
      sessionStorage.setItem("passkeyCreates", JSON.stringify(asked));
      // As a password manager that saw its saved password used would: no prompt, a passkey at once.
      if (answer && options?.mediation === "conditional") return create({ publicKey: options.publicKey, signal: options.signal });
      return create(options);
    };
  }, answerConditional);
}

const createsAsked = (page: Page): Promise<{ mediation?: string; userVerification?: string }[]> =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("passkeyCreates") ?? "[]"));

async function passwordSignIn(page: Page) {
  await page.goto(`/dsone/password-login?ReturnUrl=${encodeURIComponent(LANDING)}`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill("demo-password");
  await page.getByRole("button", { name: "Login" }).click();
}

const signedIn = (page: Page) => expect(page.getByText(`Signed in as ${EMAIL}`)).toBeVisible();

test("a password sign-in makes a passkey quietly: no screen of ours, listed on the account page, the owner mailed", async ({
  browser,
  baseURL,
  mail,
}) => {
  const context = await browser.newContext({ baseURL });
  await recordCreates(context, { answerConditional: true });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addAuthenticator(page);
  const since = mail.messages.length;
  await passwordSignIn(page);
  await expect(page).toHaveURL(new RegExp(`${LANDING}$`));
  await signedIn(page);
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
  await mail.waitFor(EMAIL, { since, subject: /^A passkey was added to your DS One account$/ });
  // Asked once, conditionally, without asking the password manager to verify anyone.
  expect(await createsAsked(page)).toEqual([{ mediation: "conditional", userVerification: "preferred" }]);

  await page.goto("/dsone/account");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("Made in this browser")).toBeVisible();
  await context.close();
});

test("Chromium's own answer: the page asks conditionally, nothing comes, the offer screen shows", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await recordCreates(context, { answerConditional: false });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addAuthenticator(page);
  await passwordSignIn(page);
  await expect(page.getByRole("heading", { name: "Sign In Faster Next Time" })).toBeVisible();
  expect(await createsAsked(page)).toEqual([{ mediation: "conditional", userVerification: "preferred" }]);
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(0);
  // The offer's own button still works: its prompt replaces the quiet request.
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(new RegExp(`${LANDING}$`));
  expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
  await context.close();
});

test('"Not now" in this browser: the next password sign-in asks for no passkey at all', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await recordCreates(context, { answerConditional: false });
  const page = await context.newPage();
  await addAuthenticator(page);
  await passwordSignIn(page);
  await page.getByRole("button", { name: "Not now" }).click();
  await signedIn(page);
  await page.request.post("/api/session/logout", { headers: { origin: new URL(page.url()).origin } });
  const before = (await createsAsked(page)).length;

  await passwordSignIn(page);
  await signedIn(page);
  expect(await createsAsked(page)).toHaveLength(before);
  await page.goto("/dsone/account");
  await expect(page.getByRole("region", { name: "Passkeys" }).getByText("Made in this browser")).toHaveCount(0);
  await context.close();
});
