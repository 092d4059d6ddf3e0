import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { drainMail, startTestServer, type TestServer, tokenFromMail } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const EMAIL = "watchful@example.com";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SUBJECT = "New sign-in to your DS One account";

/** The mail the owner gets when a browser the account has not used signs in. */
describeEachDatabase("the new sign-in mail on %s", (kind) => {
  let server: TestServer;
  let quiet: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { NEW_SIGN_IN_MAIL_LIMIT_PER_ACCOUNT: "2" });
    await createAccount(server.db, { email: EMAIL, product: "dsone" });
    quiet = await startTestServer(kind, { NEW_SIGN_IN_MAIL: "false" });
    await createAccount(quiet.db, { email: EMAIL, product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
    await quiet?.stop();
  });

  /** Signs in by an access link as one browser (its device cookie, if it has one); answers that cookie. */
  async function signIn(on: TestServer, device = "", userAgent = FIREFOX_ON_LINUX, remoteAddress = "198.51.100.4"): Promise<string> {
    const headers = { "user-agent": userAgent, ...(device ? { cookie: device } : {}) };
    await on.app.inject({ method: "POST", url: "/api/access-link", payload: { Email: EMAIL, ProductId: 6 }, headers, remoteAddress });
    await drainMail(on);
    const link = on.delivered.findLast((mail) => mail.subject === "Your DS One sign-in link");
    const answer = await on.app.inject({
      method: "POST",
      url: "/api/access-link/consume",
      payload: { token: tokenFromMail(link as never) },
      headers,
      remoteAddress,
    });
    expect(answer.statusCode).toBe(200);
    await drainMail(on);
    const cookie = answer.cookies.find((c) => c.name === "device");
    return cookie ? `device=${cookie.value}` : device;
  }
  const announcements = (on: TestServer) => on.delivered.filter((mail) => mail.subject === SUBJECT);

  it("says nothing for the account's first browser or a browser it knows, and tells of a new one once", async () => {
    const first = await signIn(server);
    expect(announcements(server)).toHaveLength(0);
    await signIn(server, first);
    expect(announcements(server)).toHaveLength(0);

    await signIn(server, "", FIREFOX_ON_LINUX, "2001:db8:aa:bb:1:2:3:4");
    const [mail] = announcements(server);
    expect(announcements(server)).toHaveLength(1);
    expect(mail?.to).toBe(EMAIL);
    expect(mail?.text).toContain("Firefox on Linux, near 2001:db8:aa:bb::/64, on ");
    expect(mail?.text).toContain("Your account: http://localhost:3000/dsone/account");
    expect(mail?.html).toContain("Review your account");
  });

  it("mails at most the limit in a window, and nothing when turned off", async () => {
    await signIn(server);
    await signIn(server);
    expect(announcements(server)).toHaveLength(2);
    const trail = await server.db.selectFrom("audit_events").select("event").where("event", "=", "new_browser").execute();
    // Every new browser is in the trail, mailed or not.
    expect(trail).toHaveLength(4);

    await signIn(quiet);
    await signIn(quiet);
    expect(announcements(quiet)).toHaveLength(0);
  });

  it("tells of a password sign-in, the account's first browser too, in the brand of the screen it was made on", async () => {
    const email = "maverick.watcher@example.com";
    await createAccount(server.db, { email, password: "a safe passphrase", product: "dsone" });
    // No device cookie: each sign-in is a browser new to the account. The first is told of too: a
    // desktop customer's password, signing a thief's browser in, proves nothing of the mailbox.
    const signIn = () =>
      server.app.inject({
        method: "POST",
        url: "/api/maverick/password-login",
        payload: { Email: email, Password: "a safe passphrase" },
        headers: { "user-agent": FIREFOX_ON_LINUX },
        remoteAddress: "198.51.100.9",
      });
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    await drainMail(server);
    const told = server.delivered.filter((mail) => mail.to === email);
    expect(told.map((mail) => mail.subject)).toEqual([
      "New sign-in to your Maverick Safe account",
      "New sign-in to your Maverick Safe account",
    ]);
    expect(told[0]?.text).toContain("Your account: http://localhost:3000/maverick/account");
  });
});
