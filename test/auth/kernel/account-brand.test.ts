import { afterAll, beforeAll, expect, it } from "vitest";
import { removeAccount } from "../../../server/auth/account/account-deletion.ts";
import { changeEmailByOperator } from "../../../server/auth/account/email-change/by-operator.ts";
import { accountBrand } from "../../../server/auth/kernel/account-brand.ts";
import { createAccount, setLicense } from "../../../server/auth/kernel/accounts.ts";
import { drainMail } from "../../support/app.ts";
import { BrowserAgent } from "../../support/browser-agent.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";
import { accountCall, type OidcTestBed, passwordSignIn, startOidcTestBed } from "../../support/oidc-flow.ts";

const DSONE = 6;
const MAVERICK = 7;
const DAY = 86_400_000;
const OPERATOR = { operator: "cli:brand-check" };

/**
 * The brand of every mail no page names is the account's one brand (docs/decisions/0075): the
 * brand the customer last signed in through, else the first license by the date it was granted,
 * else DS One. The password notice, the operator's email change and the operator's goodbye all
 * take it, so one customer never gets one event told in two brands.
 */
describeEachDatabase("the brand of mail no page names, on %s", (kind) => {
  let bed: OidcTestBed;
  let n = 0;

  beforeAll(async () => {
    bed = await startOidcTestBed(kind, unlimitedRateLimits());
  });
  afterAll(async () => {
    await bed?.server.stop();
  });
  /**
   * An account holding both brands' licenses, `first`'s granted two days ago and the other's
   * yesterday; with `firstChangedToday`, the first one's state changed today.
   */
  async function bothBrands(
    first: "dsone" | "maverick",
    { password, firstChangedToday = false }: { password?: string; firstChangedToday?: boolean } = {},
  ) {
    n += 1;
    const email = `both${n}@example.com`;
    const then = first === "dsone" ? "maverick" : "dsone";
    const { id } = await createAccount(bed.server.db, { email, product: first, ...(password ? { password } : {}) });
    await setLicense(bed.server.db, email, then, "Active");
    const granted = async (productId: number, daysAgo: number, changedDaysAgo: number) =>
      bed.server.db
        .updateTable("licenses")
        .set({ created_at: Date.now() - daysAgo * DAY, updated_at: Date.now() - changedDaysAgo * DAY })
        .where("account_id", "=", id)
        .where("product_id", "=", productId)
        .execute();
    await granted(first === "dsone" ? DSONE : MAVERICK, 2, firstChangedToday ? 0 : 2);
    await granted(first === "dsone" ? MAVERICK : DSONE, 1, 1);
    return { id, email };
  }

  /** The sender names of every mail delivered to `addresses` since the last drain. */
  async function sendersTo(...addresses: string[]) {
    await drainMail(bed.server);
    const mails = bed.server.delivered.filter((mail) => addresses.includes(mail.to));
    bed.server.delivered.length = 0;
    return mails.map((mail) => `${mail.subject} | ${/^"?([^"<]+?)"?\s*</.exec(mail.from)?.[1] ?? mail.from}`);
  }

  it("sends every mail no page names in the brand the customer last signed in through", async () => {
    const password = "correct horse battery";
    const { id, email } = await bothBrands("dsone", { password });
    const browser = new BrowserAgent();
    await passwordSignIn({ ...bed, email, password }, browser, undefined, "maverick");
    await sendersTo(email);
    expect((await accountBrand(bed.server.db, id)).id).toBe("maverick");

    // A password change on a page that sends no product.
    const next = "a passphrase of its own";
    const changed = await accountCall(bed, browser, "/api/me/password", {
      CurrentPassword: password,
      Password: next,
      ConfirmPassword: next,
    });
    expect(changed.status).toBe(200);
    // The operator's email change: the new address confirms, the old one is told.
    const newEmail = `moved.${email}`;
    await changeEmailByOperator(bed.server.db, bed.server.config, email, newEmail, OPERATOR);
    // The operator's remove: the goodbye.
    const told = await sendersTo(email, newEmail);
    await removeAccount(bed.server.db, bed.server.config, email, OPERATOR);
    const goodbye = await sendersTo(email, newEmail);

    const all = [...told, ...goodbye];
    expect(told.length).toBeGreaterThanOrEqual(3);
    expect(goodbye).toHaveLength(1);
    expect(all.filter((mail) => !mail.endsWith("| Maverick Safe"))).toEqual([]);
  });

  it("without a sign-in, takes the first license by the date it was granted, whatever changed later", async () => {
    // Its state changed last: its grant, not its last change, makes it first.
    const { id, email } = await bothBrands("maverick", { firstChangedToday: true });
    expect((await accountBrand(bed.server.db, id)).id).toBe("maverick");
    await removeAccount(bed.server.db, bed.server.config, email, OPERATOR);
    expect(await sendersTo(email)).toEqual([expect.stringMatching(/\| Maverick Safe$/)]);
  });

  it("falls back to the first license for a brand no longer known, and to DS One without a license", async () => {
    const { id } = await bothBrands("maverick", { firstChangedToday: true });
    await bed.server.db.updateTable("accounts").set({ last_brand: "retired-brand" }).where("id", "=", id).execute();
    expect((await accountBrand(bed.server.db, id)).id).toBe("maverick");
    const bare = await createAccount(bed.server.db, { email: "no.license@example.com" });
    expect((await accountBrand(bed.server.db, bare.id)).id).toBe("dsone");
  });

  it("remembers a later sign-in through another brand", async () => {
    const password = "correct horse battery";
    const { id, email } = await bothBrands("maverick", { password });
    // One browser: the second sign-in is a known browser's, its rows written together in one statement.
    const browser = new BrowserAgent();
    for (const brand of ["maverick", "dsone"] as const) {
      await passwordSignIn({ ...bed, email, password }, browser, undefined, brand);
      const row = await bed.server.db.selectFrom("accounts").select("last_brand").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.last_brand).toBe(brand);
    }
    expect((await accountBrand(bed.server.db, id)).id).toBe("dsone");
  });
});
