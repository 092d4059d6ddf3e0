import type { Page } from "@playwright/test";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { expect, test } from "./fixtures.ts";
import { addAuthenticator } from "./passkey-journey.ts";

/**
 * The account page names a passkey by where it lives (docs/decisions/0086), in Chromium with its
 * virtual authenticator. That authenticator reports an AAGUID no provider list holds, so to stand
 * for Proton Pass the test rewrites the AAGUID in the answer on its way to the server
 * (attestation "none" signs nothing over it at registration).
 */

// A server of its own: the passkeys made here must not reach other files' customers.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "false" } });

const EMAIL = "password.customer@example.com";
/** Listed by the bundled providers, and by nothing the server knew before them. */
const PROTON_PASS = "50726f74-6f6e-5061-7373-50726f746f6e";

/** Answers every passkey registration from this page as if its authenticator were `aaguid`. */
async function reportAaguid(page: Page, aaguid: string) {
  await page.route("**/api/passkey/register", async (route) => {
    const body = route.request().postDataJSON() as { credential: { response: { attestationObject: string } } };
    const decoded = isoCBOR.decodeFirst<Map<string, unknown>>(Buffer.from(body.credential.response.attestationObject, "base64url"));
    const authData = Buffer.from(decoded.get("authData") as Uint8Array);
    // rpIdHash (32), flags (1), sign count (4), then the AAGUID (16).
    Buffer.from(aaguid.replaceAll("-", ""), "hex").copy(authData, 37);
    decoded.set("authData", new Uint8Array(authData));
    body.credential.response.attestationObject = Buffer.from(isoCBOR.encode(decoded as never)).toString("base64url");
    await route.continue({ postData: JSON.stringify(body) });
  });
}

async function addPasskeyOnAccountPage(page: Page) {
  await page.goto(`/dsone/password-login?ReturnUrl=${encodeURIComponent("/dsone/account")}`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill("demo-password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByRole("heading", { name: "Your Account", exact: true })).toBeVisible();
  const section = page.getByRole("region", { name: "Passkeys" });
  await section.getByRole("button", { name: "Add a passkey" }).click();
  return section;
}

test("a passkey of a listed provider is listed by its name; an unlisted one keeps the browser's", async ({ browser, baseURL }) => {
  const listed = await browser.newContext({ baseURL });
  const page = await listed.newPage();
  await addAuthenticator(page);
  await reportAaguid(page, PROTON_PASS);
  const section = await addPasskeyOnAccountPage(page);
  await expect(section.getByRole("button", { name: "Rename passkey Proton Pass" })).toBeVisible();
  // Its provider's own mark beside the name, the version for the page's theme, loaded.
  await page.emulateMedia({ colorScheme: "light" });
  const light = section.locator("img.passkey-icon--light");
  const dark = section.locator("img.passkey-icon--dark");
  await expect(light).toBeVisible();
  await expect(dark).toBeHidden();
  expect(await light.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(dark).toBeVisible();
  await expect(light).toBeHidden();
  await listed.close();

  // Chromium's own AAGUID names no provider: the passkey is named by the browser that made it.
  const unlisted = await browser.newContext({ baseURL });
  const other = await unlisted.newPage();
  await addAuthenticator(other);
  const shown = await addPasskeyOnAccountPage(other);
  await expect(shown.getByRole("button", { name: /^Rename passkey Chrome/ })).toBeVisible();
  // One icon pair on the page: Proton Pass's; Chromium's passkey has none.
  await expect(shown.locator("img.passkey-icon--light")).toHaveCount(1);
  await expect(shown.getByRole("button", { name: "Rename passkey Proton Pass" })).toBeVisible();
  await unlisted.close();
});
