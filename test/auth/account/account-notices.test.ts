import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount, setLicense } from "../../../server/auth/kernel/accounts.ts";
import { linkIdentity } from "../../../server/auth/social/external-logins.ts";
import { drainMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { accountCall, type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";

const MAVERICK = 7;
const DAY = 86_400_000;

/**
 * What the owner is told, and in which brand: a Google login unlinked, a password changed on a
 * brand's page (in that brand, whatever the account's first license) or where no page names one
 * (in the brand last signed in through, docs/decisions/0075), within the set-password limits; and a
 * deletion link asked for before a password change still deletes.
 */
describeEachDatabase("the account page's notices, on %s", (kind) => {
  let bed: OidcTestBed;
  let n = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, { ...unlimitedRateLimits(), SET_PASSWORD_LIMIT_PER_ACCOUNT: "2" });
  });
  afterAll(async () => {
    await bed?.server.stop();
  });

  async function customer(password = "correct horse battery", product: "dsone" | "maverick" = "dsone") {
    n += 1;
    const email = `notice${n}@example.com`;
    const { id } = await createAccount(bed.server.db, { email, password, product });
    const browser = new BrowserAgent();
    await passwordSignIn({ ...bed, email, password }, browser);
    return { email, id, browser, password };
  }
  const mailsTo = async (email: string) => {
    await drainMail(bed.server);
    return bed.server.delivered.filter((mail) => mail.to === email);
  };

  it("tells the owner when Google is unlinked, in the brand of the page it was done on", async () => {
    const { email, id, browser } = await customer();
    await linkIdentity(bed.server.db, { provider: "google", subject: `g-notice-${n}`, email }, id, { operator: "test" });
    const unlinked = await accountCall(bed, browser, "/api/me/unlink-google", { subject: `g-notice-${n}`, ProductId: MAVERICK });
    expect(unlinked.status).toBe(200);
    const notices = (await mailsTo(email)).filter((mail) => /Google was unlinked/.test(mail.subject));
    expect(notices.map((mail) => mail.subject)).toEqual(["Google was unlinked from your Maverick Safe account"]);
  });

  it("tells of a changed password in the page's brand, counts the change in the set-password limits, and keeps a deletion link", async () => {
    const { email, browser, password } = await customer();
    expect((await accountCall(bed, browser, "/api/me/delete/request", { ProductId: 6 })).status).toBe(200);
    const deletion = (await mailsTo(email)).findLast((mail) => /deleting/i.test(mail.subject));
    const token = deletion?.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];

    const change = (current: string, next: string) =>
      accountCall(bed, browser, "/api/me/password", {
        CurrentPassword: current,
        Password: next,
        ConfirmPassword: next,
        ProductId: MAVERICK,
      });
    expect((await change(password, "a second good passphrase")).status).toBe(200);
    const changed = (await mailsTo(email)).filter((mail) => /password/i.test(mail.subject) && /changed/i.test(mail.subject));
    expect(changed.at(-1)?.subject).toMatch(/Maverick Safe/);

    // The deletion link asked for before the change still deletes.
    expect((await bed.server.app.inject({ method: "POST", url: "/api/me/delete/check", payload: { token } })).statusCode).toBe(200);

    expect((await change("a second good passphrase", "a third good passphrase")).status).toBe(200);
    const third = await change("a third good passphrase", "a fourth good passphrase");
    expect(third.status).toBe(429);
  });

  it("tells of a password changed where no page names a brand in the brand last signed in through", async () => {
    /** A customer who had `first` a day before `then`, signed in through `then`, whose password is changed by a request naming no product. */
    async function changedNotice(first: "dsone" | "maverick", then: "dsone" | "maverick") {
      const { email, id, browser, password } = await customer("correct horse battery", first);
      await setLicense(bed.server.db, email, then, "Active");
      await bed.server.db
        .updateTable("licenses")
        .set({ updated_at: Date.now() - DAY })
        .where("account_id", "=", id)
        .where("product_id", "=", first === "dsone" ? 6 : MAVERICK)
        .execute();
      await passwordSignIn({ ...bed, email, password }, browser, undefined, then);
      const next = "a passphrase of its own";
      const answer = await accountCall(bed, browser, "/api/me/password", {
        CurrentPassword: password,
        Password: next,
        ConfirmPassword: next,
      });
      expect(answer.status).toBe(200);
      return (await mailsTo(email)).filter((mail) => /password was changed/.test(mail.subject)).map((mail) => mail.subject);
    }
    // The brand the customer uses now decides, whichever license came first (docs/decisions/0075).
    expect(await changedNotice("maverick", "dsone")).toEqual(["Your DS One password was changed"]);
    expect(await changedNotice("dsone", "maverick")).toEqual(["Your Maverick Safe password was changed"]);
  });
});
