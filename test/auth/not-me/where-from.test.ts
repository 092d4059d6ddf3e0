import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dsone } from "../../../common/brands/index.ts";
import { LANGUAGES } from "../../../common/languages.ts";
import { networkOf } from "../../../common/network.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { mailLook, newSignInMail, passkeyAddedMail } from "../../../server/mail/templates.ts";
import { drainMail, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";

const ADDRESS = "198.51.100.9";
const NETWORK = "198.51.100.0";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

/**
 * Where a sign-in came from is said one way (common/network.ts): the network, an IPv4 /24 or an
 * IPv6 /64, never the address, on every screen and in every mail, in the account page's words.
 */
describe("the network a sign-in came from", () => {
  it("is an IPv4 address's /24 and an IPv6 address's /64, the same when given again", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.0");
    expect(networkOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:DB8:0001:2::1")).toBe("2001:db8:1:2::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    for (const network of ["203.0.113.0", "2001:db8:1:2::/64"]) expect(networkOf(network)).toBe(network);
    expect(networkOf("not an address")).toBe("not an address");
  });

  it("is named in the mails as the account page names it, in every language, never as the address", async () => {
    for (const language of LANGUAGES) {
      const { strings } = await import(`../../../web/i18n/${language}/account.ts`);
      const onThePage: string = strings.account.places.near(networkOf(ADDRESS));
      const look = mailLook(dsone, "https://id.example.com", language);
      const told = { browser: "Firefox on Linux", network: ADDRESS, at: Date.UTC(2026, 10, 25, 19, 30) };
      for (const mail of [
        newSignInMail(look, told, "https://id.example.com/dsone/account", "https://id.example.com/dsone/account/not-me?token=x"),
        passkeyAddedMail(look, told, "https://id.example.com/dsone/account/passkey-removal?token=x"),
      ]) {
        // Case aside: a page's list item starts with a capital where the mail's sentence does not.
        expect(mail.text.toLowerCase(), `${language}: ${mail.subject}`).toContain(onThePage.toLowerCase());
        expect(`${mail.text}${mail.html}`).not.toContain(ADDRESS);
      }
    }
  });
});

describeEachDatabase("the New sign-in mail and its This wasn't me page on %s", (kind) => {
  let server: TestServer;
  const email = "where.from@example.com";
  const password = "a safe passphrase";

  beforeAll(async () => {
    server = await startTestServer(kind);
    await createAccount(server.db, { email, password, product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("names the network, not the address, in the mail and on the page its link opens", async () => {
    const signedIn = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      payload: { Email: email, Password: password },
      headers: { "user-agent": FIREFOX_ON_LINUX },
      remoteAddress: ADDRESS,
    });
    expect(signedIn.statusCode).toBe(200);
    await drainMail(server);
    const mail = server.delivered.find((each) => each.to === email && each.subject === "New sign-in to your DS One account");
    expect(mail?.text).toContain(`Firefox on Linux, near ${NETWORK}, on `);
    expect(`${mail?.text}${mail?.html}`).not.toContain(ADDRESS);

    const token = /not-me\?token=([^\s"&<]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeDefined();
    const page = await server.app.inject({
      method: "POST",
      url: "/api/not-me/check",
      payload: { token: decodeURIComponent(token ?? "") },
      headers: { origin: server.config.publicUrl },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ isOk: true, address: NETWORK });
    expect(page.body).not.toContain(ADDRESS);

    // The account page names the same network for the browser and its sign-in in the activity list.
    const cookie = signedIn.cookies.map((each) => `${each.name}=${each.value}`).join("; ");
    const account = await server.app.inject({ method: "GET", url: "/api/me", headers: { cookie }, remoteAddress: ADDRESS });
    expect(account.statusCode).toBe(200);
    const { browsers, activity } = account.json() as { browsers: { address: string | null }[]; activity: { address: string | null }[] };
    expect(browsers.map((browser) => browser.address)).toEqual([NETWORK]);
    expect(activity.filter((entry) => entry.address !== null).map((entry) => entry.address)).toContain(NETWORK);
    expect(account.body).not.toContain(ADDRESS);
  });
});
