import type { Locator, Page } from "@playwright/test";
import { linkIn } from "../test/support/smtp-sink.ts";
import { expect, test } from "./fixtures.ts";
import { holdRequests } from "./hold.ts";

/**
 * Rows of SPEC.md that no other test would notice breaking: messages, targets, the confirmation
 * screens' details, the Show toggles and the submitting flag of every form.
 */

const HOP =
  "ReturnUrl=%2Fdemo%2Fdsone%2Fui&acr_values=a&code_challenge=c&code_challenge_method=S256&redirect_uri=%2Fr" +
  "&refToken=t&response_mode=query&response_type=code&scope=openid&state=s";

/** A customer who has a password already: signed in without a page, to reach the set-password screens. */
async function signIn(page: Page): Promise<void> {
  const response = await page.request.post("/api/dsone/password-login", {
    data: { Email: "password.customer@example.com", Password: "demo-password" },
  });
  expect(response.ok()).toBe(true);
}

async function fillNewPassword(page: Page, password = "a-long-enough-password"): Promise<void> {
  await page.getByLabel("New Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password", { exact: true }).fill(password);
}

// SPEC section 8 (newer flow) and section 5: the set-password server failure and a 400's list.
for (const brand of ["dsone", "maverick"] as const) {
  test(`${brand} set password: a failure says "An error occurred. Please try again.", a 400 shows its first message`, async ({ page }) => {
    await signIn(page);
    const answers = [
      { status: 500, body: { code: "INTERNAL", message: "Internal error" } },
      {
        status: 400,
        body: {
          code: "PASSWORD_REFUSED",
          message: "The password was refused.",
          messages: ["Passwords must have at least one digit.", "Passwords must have at least one uppercase letter."],
        },
      },
    ];
    await page.route("**/api/password/set", async (route) => {
      const answer = answers.shift() ?? { status: 500, body: {} };
      await route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) });
    });
    await page.goto(`/${brand}/set-password`);
    await fillNewPassword(page);
    const save = page.getByRole("button", { name: "Save Password" });
    await save.click();
    await expect(page.getByRole("alert")).toHaveText("An error occurred. Please try again.");
    await save.click();
    await expect(page.getByRole("alert")).toHaveText("Passwords must have at least one digit.");
    expect(page.url()).toMatch(new RegExp(`/${brand}/set-password$`));
  });
}

// SPEC section 8 (newer flow): the login error from the session state shows on the sign-up panel.
test("the login error shows on the sign-up panel too", async ({ page }) => {
  await page.goto("/dsone/login-sign-up?usePassword=true&uuid=u-5");
  await page.getByRole("link", { name: "Click here to log in" }).click();
  await expect(page.getByRole("heading", { name: "Login To Your Account" })).toBeVisible();
  await page.getByLabel("Email").fill("nobody.here@example.com");
  await page.getByLabel("Password", { exact: true }).fill("not-a-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email Address or Password is invalid");
  // Back to the panel within the app: the session's login error is still there to see.
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Sign Up Today!" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText("Email Address or Password is invalid");
});

// SPEC section 2, password-reset confirmation: Back to Login goes to the main sign-in address.
test('"Back to Login" on the reset-email confirmation goes to the main sign-in address', async ({ page, baseURL }) => {
  const signInAddress = `${baseURL}/dsone/login?ReturnUrl=${encodeURIComponent(`${baseURL}/demo/dsone/ui`)}`;
  await page.goto("/dsone/forgot-password-confirmation?uuid=u-1&channel=beta");
  const back = page.getByRole("link", { name: "Back to Login" });
  await expect(back).toHaveAttribute("href", signInAddress);
  await back.click();
  await expect(page).toHaveURL(signInAddress);
  await expect(page.getByRole("heading", { name: "Customer Login" })).toBeVisible();
});

// SPEC section 2, set password ({product}): the close icon goes to my-account with skip=true.
test("the DS One set-password close icon goes to my-account with skip=true", async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto("/dsone/set-password");
  await expect(page.getByRole("heading", { name: "Set Password" })).toBeVisible();
  const close = page.getByRole("link", { name: "Close" });
  await expect(close).toHaveAttribute("href", `${baseURL}/demo/dsone/my-account?skip=true`);
  await close.click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/my-account?skip=true`);
});

// SPEC section 2, {product} password login: Create Account → the cart, the query minus the OAuth-style parameters.
test('the password login\'s "Create Account" goes to the cart with the query minus the OAuth-style parameters', async ({
  page,
  baseURL,
}) => {
  await page.goto(`/dsone/password-login?uuid=u-7&${HOP}&channel=beta`);
  const create = page.getByRole("link", { name: "Create Account" });
  await expect(create).toHaveAttribute("href", `${baseURL}/demo/dsone/cart?uuid=u-7&channel=beta`);
  await create.click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/cart?uuid=u-7&channel=beta`);
});

// SPEC section 2, reset-password confirmation: it says the new password is saved.
test("the reset confirmation says the new password is saved", async ({ page }) => {
  await page.goto("/dsone/reset-password-confirmation");
  await expect(page.getByRole("heading", { name: "Your New Password Has Been Reset!" })).toBeVisible();
  await expect(page.getByText("Your new password has been saved. Use it the next time you log in.")).toBeVisible();
});

// SPEC section 2, set-password confirmation (both products): a checkmark, the product name in bold.
for (const [brand, name] of [
  ["dsone", "DS One"],
  ["maverick", "Maverick Safe"],
] as const) {
  test(`the ${brand} set-password confirmation shows a checkmark and the product name in bold`, async ({ page }) => {
    await page.goto(`/${brand}/set-password-confirmation`);
    await expect(page.getByRole("heading", { name: "Your New Password Has Been Set!" })).toBeVisible();
    await expect(page.locator("svg.checkmark")).toBeVisible();
    const text = page.getByText(
      `We have saved your ${name} password. Please use the new password you entered to log into the application.`,
    );
    const bold = text.locator("strong");
    await expect(bold).toHaveText(name, { useInnerText: true });
    const weight = await bold.evaluate((element) => Number(getComputedStyle(element).fontWeight));
    expect(weight).toBeGreaterThanOrEqual(600);
  });
}

// SPEC section 4: the Show toggle switches a password field between masked and plain text.
test("Show toggles on the reset and both set-password screens", async ({ page }) => {
  await signIn(page);
  for (const path of ["/dsone/reset-password", "/dsone/set-password", "/maverick/set-password"]) {
    await page.goto(path);
    for (const label of ["New Password", "Confirm Password"]) {
      const field = page.getByLabel(label, { exact: true });
      await field.fill("secret-words");
      await expect(field, `${path} ${label}`).toHaveAttribute("type", "password");
      await page.getByRole("button", { name: `Show ${label.toLowerCase()}`, exact: true }).click();
      await expect(field, `${path} ${label}`).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: `Hide ${label.toLowerCase()}`, exact: true }).click();
      await expect(field, `${path} ${label}`).toHaveAttribute("type", "password");
    }
  }
});

/**
 * SPEC section 4: the submitting flag. The form's request is held; while it is in flight the submit
 * button is disabled; released, the form goes on.
 */
async function disabledWhileInFlight(page: Page, url: string, button: Locator): Promise<void> {
  const release = await holdRequests(page, url);
  const sent = page.waitForRequest(url);
  const answered = page.waitForResponse(url);
  await expect(button).toBeEnabled();
  await button.click();
  await sent;
  await expect(button).toBeDisabled();
  release();
  await answered;
  await page.unroute(url);
}

test.describe("the submit button is disabled while its request is in flight", () => {
  test("the email logins of both brands, and the mail's code", async ({ page }) => {
    await page.goto("/maverick/email-login?ReturnUrl=%2Fdemo%2Fmaverick%2Fui");
    await page.getByLabel("Enter your email").fill("safe.customer@example.com");
    await disabledWhileInFlight(page, "**/api/access-link", page.getByRole("button", { name: "Continue" }));
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

    await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    await page.getByLabel("Enter your email").fill("new.customer@example.com");
    await disabledWhileInFlight(page, "**/api/access-link", page.getByRole("button", { name: "Continue" }));
    await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

    await page.getByLabel("Reading the email on another device? Type its 6-digit code").fill("000000");
    const signInWithCode = page.getByRole("button", { name: "Sign In" });
    await disabledWhileInFlight(page, "**/api/access-link/code", signInWithCode);
    await expect(page.getByRole("alert")).toContainText("That code is not right.");
    await expect(signInWithCode).toBeEnabled();
  });

  test("the password logins of both brands", async ({ page }) => {
    await page.goto("/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    await page.getByLabel("Email").fill("nobody.here@example.com");
    await page.getByLabel("Password", { exact: true }).fill("not-a-password");
    const login = page.getByRole("button", { name: "Login" });
    await disabledWhileInFlight(page, "**/api/dsone/password-login", login);
    await expect(page.getByRole("alert")).toHaveText("Email Address or Password is invalid");
    await expect(login).toBeEnabled();

    await page.goto("/maverick/password-login?qatest=1");
    const dialog = page.getByRole("dialog", { name: "Login" });
    await dialog.getByLabel("Email").fill("nobody.here@example.com");
    await dialog.getByLabel("Password", { exact: true }).fill("not-a-password");
    const cont = dialog.getByRole("button", { name: "Continue" });
    await disabledWhileInFlight(page, "**/api/maverick/password-login", cont);
    await expect(dialog.getByRole("alert")).toHaveText("Email Address or Password is invalid");
    await expect(cont).toBeEnabled();
  });

  test("forgot password in both brands", async ({ page }) => {
    for (const brand of ["dsone", "maverick"]) {
      await page.goto(`/${brand}/forgot-password`);
      await page.getByLabel("Email").fill("nobody.here@example.com");
      await disabledWhileInFlight(page, "**/api/password/forgot", page.getByRole("button", { name: "Send Email" }));
      await expect(page.getByRole("heading", { name: "Password Reset Email Sent" })).toBeVisible();
    }
  });

  test("the reset and both set-password forms", async ({ page }) => {
    await page.goto("/dsone/reset-password");
    await fillNewPassword(page);
    await disabledWhileInFlight(page, "**/api/password/reset", page.getByRole("button", { name: "Save Password" }));
    // No link was opened in this browser: the server refuses, and says so.
    await expect(page.getByRole("heading", { name: "This Link Is Not Valid" })).toBeVisible();

    await signIn(page);
    for (const brand of ["dsone", "maverick"]) {
      await page.goto(`/${brand}/set-password`);
      await fillNewPassword(page);
      const save = page.getByRole("button", { name: "Save Password" });
      // This customer has a password already: refused, the form stays.
      await disabledWhileInFlight(page, "**/api/password/set", save);
      await expect(page.getByRole("alert")).toHaveText("This account already has a password. To change it, use Forgot your password?");
      await expect(save).toBeEnabled();
    }
  });

  test("the access link's Sign In", async ({ page, mail, baseURL }) => {
    const email = "safe.customer@example.com";
    const since = mail.messages.length;
    const asked = await page.request.post("/api/access-link", {
      data: { Email: email, ProductId: 6, ReturnUrl: "/demo/dsone/ui" },
    });
    expect(asked.ok()).toBe(true);
    await page.goto(linkIn(await mail.waitFor(email, { since }), "/dsone/access-link?token="));
    await expect(page.getByRole("heading", { name: "Sign In to DS One" })).toBeVisible();
    await disabledWhileInFlight(page, "**/api/access-link/consume", page.locator('[data-qa="access-link-sign-in"]'));
    await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  });
});
