import { FakeCaptcha } from "../test/support/fake-captcha.ts";
import { test as base, expect } from "./fixtures.ts";

const SITE_KEY = "test-site-key";
const test = base.extend<object, { captcha: FakeCaptcha }>({
  captcha: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const captcha = await new FakeCaptcha("test-secret").start();
      await use(captcha);
      await captcha.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ captcha }, use) => {
      await use({
        CAPTCHA_SITE_KEY: SITE_KEY,
        CAPTCHA_SECRET_KEY: "test-secret",
        CAPTCHA_SCRIPT_URL: `${captcha.url}/recaptcha/api.js`,
        CAPTCHA_VERIFY_URL: `${captcha.url}/siteverify`,
      });
    },
    { scope: "worker" },
  ],
});

async function submit(page: import("@playwright/test").Page, email: string) {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("with a captcha configured, a passing check under the action submit sends the link", async ({ page, captcha, mail }) => {
  captcha.mode = "pass";
  const since = mail.messages.length;
  await submit(page, "new.customer@example.com");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  // Waited for, too, so the mail cannot arrive during the next test and be counted there.
  await mail.waitFor("new.customer@example.com", { since });
  expect(captcha.verifications.at(-1)).toEqual({ secret: "test-secret", response: `pass:${SITE_KEY}:submit` });
});

test("a captcha the server does not accept shows Login failed and sends nothing", async ({ page, captcha, mail }) => {
  captcha.mode = "low-score";
  const since = mail.messages.length;
  await submit(page, "new.customer@example.com");
  await expect(page.getByRole("alert")).toHaveText("Login failed");
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toHaveCount(0);
  // Mail is sent in the order it was asked for: once a later, accepted request's mail has arrived,
  // a mail for the refused one would have arrived before it.
  captcha.mode = "pass";
  await submit(page, "password.customer@example.com");
  await mail.waitFor("password.customer@example.com", { since });
  expect(mail.messages.slice(since).filter((message) => message.to.includes("new.customer@example.com"))).toEqual([]);
});

test("a captcha that cannot run in the browser shows Login failed", async ({ page, captcha }) => {
  captcha.mode = "script-fails";
  const verified = captcha.verifications.length;
  await submit(page, "new.customer@example.com");
  await expect(page.getByRole("alert")).toHaveText("Login failed");
  expect(captcha.verifications.length).toBe(verified);
});
