import { answerAsTheAgent } from "./agent-stand-in.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { holdRequests, SESSION_RESET } from "./hold.ts";
import { signInWithLink } from "./sign-in.ts";

const DEVICE = "6c1f2e3d-4b5a-4c6d-8e7f-9a0b1c2d3e4f";

test("sign-up: its texts, the notification checkbox saved on the server, and its links", async ({ page, app, baseURL }) => {
  const query = `?uuid=${DEVICE}&usePassword=true&ReturnUrl=%2Fdemo%2Fdsone%2Fui`;
  await page.goto(`/dsone/login-sign-up${query}`);
  await expect(page.getByRole("heading", { name: "Sign Up Today!" })).toBeVisible();
  await expect(page.getByText("Create an account to get started with our services.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Click here to log in" })).toHaveAttribute("href", `/dsone/password-login${query}`);
  const guide = page.getByRole("link", { name: "Uninstall Instructions" });
  await expect(guide).toHaveAttribute("target", "_blank");
  await expect(guide).toHaveAttribute("href", `${baseURL}/demo/legal/uninstall-instructions`);
  await expectNoAxeViolations(page);

  const checkbox = page.getByRole("checkbox", { name: "I don't want to see this or any future notifications" });
  await expect(checkbox).not.toBeChecked();
  // Hold the save long enough to see the overlay.
  const release = await holdRequests(page, "**/notifications/updateunregisterednotifications");
  const saved = page.waitForRequest("**/notifications/updateunregisterednotifications");
  await checkbox.check();
  expect((await saved).postDataJSON()).toEqual({ uuid: DEVICE, settingValue: false });
  await expect(page.getByRole("status").getByText("Loading...")).toBeVisible();
  release();
  await expect(page.getByText("Loading...")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("disableNotifications"))).toBe("true");
  expect(app.query("select show_notifications from device_settings where uuid = ?", DEVICE)).toEqual([{ show_notifications: 0 }]);

  await page.reload();
  await expect(checkbox).toBeChecked();

  await page.getByRole("link", { name: "Create Your Account" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/cart?uuid=${DEVICE}&usePassword=true`);
});

test("the sign-up setting's failure says the status text, and without a device it is kept in this browser", async ({ page }) => {
  await page.route("**/notifications/updateunregisterednotifications", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"code":"INTERNAL","message":"x"}' }),
  );
  await page.goto(`/dsone/login-sign-up?uuid=${DEVICE}`);
  await expect(page.getByText("this setting applies to this browser only", { exact: false })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "I don't want to see this or any future notifications" }).check();
  await expect(page.getByText("Unable to update settings: Internal Server Error")).toBeVisible();

  await page.unroute("**/notifications/updateunregisterednotifications");
  await page.evaluate(() => sessionStorage.clear());
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("updateunregisterednotifications")) calls.push(request.url());
  });
  await page.goto("/dsone/login-sign-up");
  await expect(page.getByText("Without the software's device ID, this setting applies to this browser only.")).toBeVisible();
  const checkbox = page.getByRole("checkbox", { name: "I don't want to see this or any future notifications" });
  await checkbox.uncheck();
  await checkbox.check();
  expect(await page.evaluate(() => localStorage.getItem("disableNotifications"))).toBe("true");
  expect(calls).toEqual([]);
});

test("logout waits at least 2 seconds, clears this browser and leaves no session", async ({ page, mail, baseURL }) => {
  await signInWithLink(page, mail, "safe.customer@example.com");
  await page.evaluate(() => localStorage.setItem("something", "kept"));
  const started = Date.now();
  // The session reset is held while the screen is checked, so a slow check cannot outlast it.
  const release = await holdRequests(page, SESSION_RESET);
  await page.goto("/dsone/logout");
  await expect(page.getByRole("heading", { name: "Logging You Out Now" })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await page.waitForURL(`${baseURL}/demo/dsone/logged-out`);
  expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  await expect(page.getByText("Nobody is signed in.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const session = await page.request.get("/api/dsone/session");
  expect((await session.json()).signedIn).toBe(false);
});

test("logout forwards its query to the session reset, and a reset that keeps failing is said, never skipped", async ({
  page,
  mail,
  baseURL,
}) => {
  await signInWithLink(page, mail, "safe.customer@example.com");
  const asked: string[] = [];
  let serverDown = true;
  await page.route(SESSION_RESET, async (route) => {
    asked.push(route.request().url());
    if (serverDown) await route.fulfill({ status: 503, body: "" });
    else await route.continue();
  });
  await page.goto("/dsone/logout?channel=beta&uuid=u-7");
  // Tried three times (two retries), then explained: still on this page, still signed in.
  await expect(page.getByRole("heading", { name: "We Could Not Log You Out" })).toBeVisible();
  expect(asked).toHaveLength(3);
  for (const url of asked) expect(new URL(url).search).toBe("?channel=beta&uuid=u-7");
  expect(page.url()).toBe(`${baseURL}/dsone/logout?channel=beta&uuid=u-7`);
  expect((await (await page.request.get("/api/dsone/session")).json()).signedIn).toBe(true);
  await expect(page.getByRole("link", { name: "Go to DS One without logging out" })).toHaveAttribute(
    "href",
    `${baseURL}/demo/dsone/logged-out`,
  );
  await expectNoAxeViolations(page);

  // The server is back: Try Again logs out and goes on.
  serverDown = false;
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Logging You Out Now" })).toBeVisible();
  await page.waitForURL(`${baseURL}/demo/dsone/logged-out`);
  expect(asked).toHaveLength(4);
  expect((await (await page.request.get("/api/dsone/session")).json()).signedIn).toBe(false);
});

test("the goodbye page links the installer for the channel, clears this browser and the session", async ({ page, mail, baseURL }) => {
  await signInWithLink(page, mail, "safe.customer@example.com");
  await page.evaluate(() => localStorage.setItem("disableNotifications", "true"));
  await page.goto("/dsone/sorry-to-see-you-go?channel=beta");
  await expect(page.getByRole("heading", { name: "We're Sorry To See You Go" })).toBeVisible();
  await expect(page.getByText("DS One has been uninstalled from your computer.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Click here to re-install" })).toHaveAttribute(
    "href",
    `${baseURL}/demo/installer/api/download/beta`,
  );
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", `${baseURL}/demo/legal/privacy-policy`);
  await expect(page.getByRole("link", { name: "EULA" })).toHaveAttribute("href", `${baseURL}/demo/legal/eula`);
  await expect(page.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute("href", `${baseURL}/demo/legal/terms`);
  await expectNoAxeViolations(page);
  await expect.poll(() => page.evaluate(() => localStorage.length)).toBe(0);
  await expect.poll(async () => (await (await page.request.get("/api/dsone/session")).json()).signedIn).toBe(false);

  await page.goto("/dsone/sorry-to-see-you-go?channel=stable%2Fx64");
  await expect(page.getByRole("link", { name: "Click here to re-install" })).toHaveAttribute(
    "href",
    `${baseURL}/demo/installer/api/download/stable%2Fx64`,
  );
  await page.goto("/dsone/sorry-to-see-you-go");
  await expect(page.getByRole("link", { name: "Click here to re-install" })).toHaveAttribute(
    "href",
    `${baseURL}/demo/installer/api/download/default`,
  );
  await page.getByRole("link", { name: "Click here to re-install" }).click();
  await expect(page.getByText("The installer for channel default would download here.")).toBeVisible();
});

test("auto-login shows its texts and fires its request exactly once", async ({ page, mail }) => {
  await signInWithLink(page, mail, "licensed.customer@example.com");
  const requests: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/dsone/auto-login")) requests.push(request.postDataJSON());
  });
  await answerAsTheAgent(page);
  await page.goto("/dsone/auto-login?uuid=3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60");
  await expect(page.getByRole("heading", { name: "Logging you in to DS One" })).toBeVisible();
  await expect(page.getByText("DS One should now be open on this computer.")).toBeVisible();
  await expect(page.getByText("The software should open in a moment, you can safely close this window")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.waitForLoadState("networkidle");
  expect(requests).toEqual([{ UUID: "3f2b8c1e-6a4d-4e0f-9b7a-2c5d8e1f4a60" }]);
});

const ALIASES: [alias: string, heading: string][] = [
  ["setPasswordConfirmationDSOne", "Your New Password Has Been Set!"],
  ["resetPasswordDSOne", "Set New Password"],
  ["resetPasswordConfirmationDSOne", "Your New Password Has Been Reset!"],
  ["forgotPasswordDSOne", "Forgot Your Password"],
  ["forgotPasswordConfirmationDSOne", "Password Reset Email Sent"],
  ["logoutdsone", "Logging You Out Now"],
  ["sorrytoseeyougodsone", "We're Sorry To See You Go"],
  ["loginSignUpDSOne", "Sign Up Today!"],
  ["loginDSOne", "Customer Login"],
  ["passwordlogindsone", "Login To Your Account"],
];

test("every legacy alias shows its screen at its own address with the query kept", async ({ page, baseURL }) => {
  // Eleven pages, each checked with axe.
  test.slow();
  const query = "?ReturnUrl=%2Fdemo%2Fdsone%2Fui&channel=beta";
  for (const [alias, heading] of ALIASES) {
    await page.goto(`/${alias}${query}`);
    await expect(page.getByRole("heading", { name: heading }), alias).toBeVisible();
    expect(page.url(), alias).toBe(`${baseURL}/${alias}${query}`);
    if (alias !== "logoutdsone") await expectNoAxeViolations(page);
  }
  // Set password needs a signed-in customer: a visitor is asked to sign in and brought back.
  await page.goto(`/setPasswordDSOne${query}`);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("ReturnUrl")).toBe(`${baseURL}/setPasswordDSOne${query}`);
});
