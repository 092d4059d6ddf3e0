import type { Browser, Page } from "@playwright/test";
import type { MyAccount } from "../common/api/contract.ts";
import { linkIn } from "../test/support/smtp-sink.ts";
import { strings } from "../web/i18n/en/account.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/**
 * An address whose mail bounced (docs/decisions/0087), made good from both sides: the customer's
 * own "Try my email again" on the account page, and support's Clear in the console. The SMTP sink
 * refuses the customer's mailbox at RCPT TO (550 5.1.1), as a relay refuses one that does not
 * exist, until the test says it works again.
 */
// A server of its own (a demo account's address bounces here): the limit named is its default.
test.use({ serverEnv: { NEW_SIGN_IN_MAIL: "false", SUPPORT_ACTION_LIMIT_PER_AGENT: "600" } });

const CUSTOMER = "password.customer@example.com";
const PASSWORD = "demo-password";
const REASON = "Ticket 5150: the customer emptied their mailbox";
const t = strings.account.who.undelivered;

async function signedIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  const response = await page.request.post("/api/dsone/password-login", { data: { Email: email, Password: PASSWORD } });
  expect(response.status()).toBe(200);
  return page;
}

test("the customer tries their email again from the account page; support clears it in the console", async ({ browser, mail, baseURL }) => {
  test.setTimeout(90_000);
  const origin = baseURL as string;
  const customer = await signedIn(browser, origin, CUSTOMER);
  const undelivered = async () => ((await (await customer.request.get("/api/me")).json()) as MyAccount).undelivered;
  /** A password reset mail, which the mailbox refuses: the address is then bounced. */
  const bounce = async () => {
    await customer.request.post("/api/password/forgot", { data: { email: CUSTOMER, ProductId: 6 } });
    await expect.poll(undelivered, { timeout: 10_000 }).toMatchObject({ reason: "no_mailbox" });
  };
  mail.unknownMailboxes.add(CUSTOMER);
  await bounce();

  // The account page says so plainly, in the customer's words, with the reference support finds it by.
  await customer.goto("/dsone/account");
  const details = customer.getByRole("region", { name: "Your details" });
  await expect(details.getByText(/^Our email to this address could not be delivered on /)).toBeVisible();
  await expect(details.getByText(t.reasons.no_mailbox)).toBeVisible();
  await expect(details.getByText(/^If you contact our support team, quote this reference: [0-9A-F]{10}$/)).toBeVisible();
  await expect(details).not.toContainText("550");
  await expectNoAxeViolations(customer);

  await details.getByRole("button", { name: t.retry }).click();
  await expect(details.getByRole("status")).toHaveText(t.retried);
  await expect(details.getByRole("button", { name: t.retry })).toHaveCount(0);
  await expect(
    customer.getByRole("region", { name: "Recent activity" }).getByText(/^Emails to your address were turned back on from /),
  ).toBeVisible();

  // The mailbox still refuses: the next mail bounces again, and support sees it.
  await bounce();
  const agent = await signedIn(browser, origin, "support.agent@example.com");
  await agent.goto("/admin/support");
  await agent.getByLabel(/^Email, or its beginning/).fill("password.cust");
  await agent.getByRole("button", { name: "Search" }).click();
  await agent.getByRole("link", { name: CUSTOMER }).click();
  const standing = agent.getByRole("region", { name: "Mail to their address" });
  await expect(standing.getByText(/^Bounced since .* \(no such mailbox, mail [0-9A-F]{10}\): 550 5\.1\.1 ".*User unknown"/)).toBeVisible();
  await expect(standing.getByRole("row", { name: /password reset Refused by the relay 550 5\.1\.1/ })).toHaveCount(2);

  // Clear asks why first, as every action does.
  const clear = standing.getByRole("button", { name: `Clear the mail block on ${CUSTOMER}` });
  const acts = agent.getByRole("region", { name: "Act" });
  await clear.click();
  await expect(acts.getByRole("alert")).toContainText("Say why first");
  await acts.getByLabel(/^Reason/).fill(REASON);
  await clear.click();
  await expect(acts.getByRole("status")).toHaveText(`Mail goes to ${CUSTOMER} again: the bounce and the complaint are cleared.`);
  await expect(standing.getByText(/^Fine: nothing has bounced/)).toBeVisible();
  await expect(clear).toHaveCount(0);
  const trail = agent.getByRole("region", { name: "Trail" });
  await expect(
    trail.getByRole("row", { name: new RegExp(`mail cleared: the address gets mail again support\\.agent@example\\.com ${REASON}`) }),
  ).toHaveCount(1);
  // The customer's own clearing is in the trail too, by their browser.
  await expect(
    trail.getByRole("row", { name: /mail cleared: the address gets mail again a browser cleared: bounce 550 5\.1\.1/ }),
  ).toHaveCount(1);

  // The mailbox works again: a fresh link from the console arrives.
  mail.unknownMailboxes.delete(CUSTOMER);
  const since = mail.messages.length;
  await acts.getByRole("button", { name: "Send a DS One sign-in link" }).click();
  await expect(acts.getByRole("status")).toContainText("is on its way");
  linkIn(await mail.waitFor(CUSTOMER, { since }), "/dsone/access-link?token=");
  await agent.reload();
  await expect(standing.getByRole("row", { name: /access link Sent [0-9A-F]{10}$/ })).toHaveCount(1);
});
