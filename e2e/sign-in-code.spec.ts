import type { Page } from "@playwright/test";
import { codeIn } from "../test/support/smtp-sink.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/** The access-link mail's code, for a customer reading mail on a phone while signing in on the computer. */

async function askForLink(page: Page, email: string) {
  await page.goto("/dsone/login?ReturnUrl=%2Fdemo%2Fdsone%2Fui");
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
}

const codeField = (page: Page) => page.getByLabel("Reading the email on another device? Type its 6-digit code");

test("the code signs in only the browser that asked for the link, and goes on to the ReturnUrl", async ({
  page,
  browser,
  mail,
  baseURL,
}) => {
  const since = mail.messages.length;
  await askForLink(page, "new.customer@example.com");
  const code = codeIn(await mail.waitFor("new.customer@example.com", { since }));
  await expectNoAxeViolations(page);

  // Typed in another browser (someone who saw the mail and asked for a link of their own there),
  // it is refused: that browser holds only its own code.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await askForLink(otherPage, "password.customer@example.com");
  await codeField(otherPage).fill(code);
  await otherPage.getByRole("button", { name: "Sign In" }).click();
  await expect(otherPage.getByRole("alert")).toHaveText("That code is not right. 4 tries left.");
  await other.close();

  await codeField(page).fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${baseURL}/demo/dsone/ui`);
  await expect(page.getByText("Signed in as new.customer@example.com")).toBeVisible();
});

test("a wrong code five times ends it, and says so", async ({ page, mail }) => {
  const since = mail.messages.length;
  await askForLink(page, "new.customer@example.com");
  const code = codeIn(await mail.waitFor("new.customer@example.com", { since }));
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  for (const left of ["4 tries left.", "3 tries left.", "2 tries left.", "1 try left."]) {
    await codeField(page).fill(wrong);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText(`That code is not right. ${left}`);
  }
  await codeField(page).fill(wrong);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right, and it can no longer be used. Please ask for a new email.");
  await codeField(page).fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "There is no code waiting for this browser. Type the code on the computer where you asked for the email, or ask for a new one.",
  );
});

test("a code of fewer than six digits is caught before it is sent", async ({ page }) => {
  await askForLink(page, "new.customer@example.com");
  let sent = false;
  await page.route("**/api/access-link/code", (route) => {
    sent = true;
    return route.continue();
  });
  await codeField(page).fill("123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Type the 6 digits from the email");
  expect(sent).toBe(false);
});
