import { expect, type Page } from "@playwright/test";
import { linkIn, type SmtpSink } from "../test/support/smtp-sink.ts";

/** Signs a demo account in the way a customer does: email form, mail, link, Sign In. */
export async function signInWithLink(page: Page, mail: SmtpSink, email: string, returnUrl = "/demo/dsone/ui"): Promise<void> {
  const since = mail.messages.length;
  await page.goto(`/dsone/login?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  await page.getByLabel("Enter your email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.goto(linkIn(await mail.waitFor(email, { since }), "/dsone/access-link?token="));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}
