import { afterAll, beforeAll, expect, it } from "vitest";
import { NEW_PASSWORD_PARAM } from "../../../common/password-rules.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { drainMail, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";

/**
 * A right password that is on the breached list signs nobody in (server/auth/password/password-login.ts):
 * the customer is told in a sentence, gets the emailed link to the account page, which asks for a
 * new password; the trail and the metrics record it.
 */
describeEachDatabase("a breached password at sign-in, on %s", (kind) => {
  let server: TestServer;
  let accountId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, unlimitedRateLimits());
    // Set before the list was checked at sign-in (an operator's create does not check it).
    accountId = (await createAccount(server.db, { email: "weak@example.com", password: "password123", product: "maverick" })).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses the sign-in with a sentence, mails the sign-in link to the account page, and records it", async () => {
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/maverick/password-login",
      headers: { "content-type": "application/json" },
      payload: { Email: "weak@example.com", Password: "password123" },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      code: "PASSWORD_BREACHED",
      message: expect.stringMatching(/^This password is on a list of passwords leaked/),
    });
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(await server.db.selectFrom("sessions").select("id_hash").where("account_id", "=", accountId).execute()).toEqual([]);

    await drainMail(server);
    const mail = server.delivered.findLast((sent) => sent.to === "weak@example.com");
    expect(mail?.subject).toBe("Your Maverick Safe sign-in link");
    const token = mail?.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    const spent = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(spent.json().redirectUrl).toBe(`${server.config.publicUrl}/maverick/account?${NEW_PASSWORD_PARAM}=1`);

    const refusal = await server.db
      .selectFrom("audit_events")
      .select(["method", "reason"])
      .where("account_id", "=", accountId)
      .where("event", "=", "sign_in_refused")
      .executeTakeFirstOrThrow();
    expect(refusal).toEqual({ method: "password", reason: "password on the breached list" });
    const metric = await server.telemetry.metrics.registry.getSingleMetric("account_sign_in_refusals_total")?.get();
    expect(metric?.values.find((value) => value.labels.reason === "PASSWORD_BREACHED")?.value).toBe(1);
  });

  it("answers a wrong password as before: the list is checked only once the password is right", async () => {
    const answer = await server.app.inject({
      method: "POST",
      url: "/api/maverick/password-login",
      headers: { "content-type": "application/json" },
      payload: { Email: "weak@example.com", Password: "qwerty" },
    });
    expect(answer.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
  });
});
