import { subjectOf } from "../test/support/smtp-sink.ts";
import { test as base, expect } from "./fixtures.ts";

/** HIDE_ACCOUNT_EXISTENCE (docs/decisions/0094-hide-account-existence.md): an unknown address sees Check Your Email. */
const test = base.extend<object, object>({
  serverEnv: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      await use({ HIDE_ACCOUNT_EXISTENCE: "true" });
    },
    { scope: "worker" },
  ],
});

test("with the mode on, an address no account uses sees Check Your Email and is mailed a note", async ({ page, mail }) => {
  const since = mail.messages.length;
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByLabel("Enter your email").fill("nobody.here@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Account Not Found" })).toHaveCount(0);
  const note = await mail.waitFor("nobody.here@example.com", { since });
  expect(subjectOf(note.raw)).toBe("No DS One account uses this email");
});
