import { afterAll, beforeAll, expect, it } from "vitest";
import { dsone } from "../../../common/brands/index.ts";
import { UNKNOWN_BROWSER } from "../../../common/i18n/catalogue.ts";
import { LANGUAGE_COOKIE, LANGUAGE_HEADER } from "../../../common/languages.ts";
import { createAccount } from "../../../server/auth/kernel/accounts.ts";
import { strings as de } from "../../../server/i18n/de.ts";
import { strings as fr } from "../../../server/i18n/fr.ts";
import { mailLook, newSignInMail } from "../../../server/mail/templates.ts";
import { sessionCookieFrom, startTestServer, type TestServer } from "../../support/app.ts";
import { describeEachDatabase } from "../../support/databases.ts";
import { unlimitedRateLimits } from "../../support/limits.ts";

const form = { "content-type": "application/x-www-form-urlencoded" };

/**
 * Every customer-facing word in the customer's language, and the language they chose kept: the
 * earlier account area's refusals, a browser the server cannot name, and the account's stored
 * language, which a browser's default alone no longer rewrites.
 */
describeEachDatabase("the customer's language, on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { ...unlimitedRateLimits(), RESET_CODE_LIMIT_PER_IP: "2" });
    await createAccount(server.db, { email: "set@example.com", password: "already set password", product: "dsone" });
    await createAccount(server.db, { email: "lang@example.com", password: "correct horse battery", product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const languageOf = async (email: string) =>
    (await server.db.selectFrom("accounts").select("language").where("email", "=", email).executeTakeFirstOrThrow()).language;
  const signIn = (headers: Record<string, string>) =>
    server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      headers: { "content-type": "application/json", ...headers },
      payload: { Email: "lang@example.com", Password: "correct horse battery" },
    });

  it("answers the earlier account area's refusals in the customer's language, its rate limit too", async () => {
    const reset = () =>
      server.app.inject({
        method: "POST",
        url: "/api/account/desktop/reset-password",
        headers: { ...form, "accept-language": "de" },
        payload:
          "Code=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&Email=set%40example.com&Password=a+new+password+1&ConfirmPassword=a+new+password+1",
      });
    const refused = reset();
    const answer = (await refused).json() as { isOk: boolean; statusText: string; message: string };
    expect(answer.isOk).toBe(false);
    expect(answer.statusText).toBe(answer.message);
    expect(Object.values(de.errors)).toContain(answer.statusText);
    await reset();
    const limited = (await reset()).json() as { statusText: string };
    expect(limited.statusText).toMatch(/Minute/);

    const notSignedIn = await server.app.inject({
      method: "POST",
      url: "/api/account/desktop/set-password",
      headers: { ...form, "accept-language": "fr" },
      payload: "Password=a+new+password+1&ConfirmPassword=a+new+password+1",
    });
    expect(notSignedIn.json()).toMatchObject({ isOk: false, messages: [fr.errors.NOT_SIGNED_IN] });
    const userInfo = await server.app.inject({ method: "GET", url: "/api/account/user-info", headers: { "accept-language": "fr" } });
    expect(userInfo.json()).toMatchObject({ isOk: false, statusText: fr.errors.NOT_SIGNED_IN });

    const signedIn = await server.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      headers: { "content-type": "application/json" },
      payload: { Email: "set@example.com", Password: "already set password" },
    });
    const alreadySet = await server.app.inject({
      method: "POST",
      url: "/api/account/desktop/set-password",
      headers: { ...form, "accept-language": "de", cookie: sessionCookieFrom(signedIn) },
      payload: "Password=a+new+password+1&ConfirmPassword=a+new+password+1",
    });
    expect(alreadySet.json()).toMatchObject({ isOk: false, messages: [de.errors.PASSWORD_ALREADY_SET] });
  });

  it("names a browser it cannot recognise in the mail's language", () => {
    const mail = newSignInMail(
      mailLook(dsone, "https://id.example.com", "de"),
      { browser: UNKNOWN_BROWSER, network: "203.0.113.7", at: Date.UTC(2026, 10, 27, 19, 30) },
      "https://id.example.com/dsone/account",
      "https://id.example.com/dsone/account/not-me?token=x",
    );
    expect(mail.text).not.toContain(UNKNOWN_BROWSER);
    expect(mail.text).toContain(de.mail.unknownBrowser);
  });

  it("keeps the language the customer chose: a browser's default alone does not rewrite it", async () => {
    // A first sign-in from a German browser: the account had none, so German it is.
    await signIn({ "accept-language": "de-DE" });
    expect(await languageOf("lang@example.com")).toBe("de");
    // The link opened in another browser, whose default is English: still German.
    await signIn({ "accept-language": "en-US" });
    expect(await languageOf("lang@example.com")).toBe("de");
    // The switcher, or a page that names its language, is a choice: it replaces it.
    await signIn({ "accept-language": "en-US", cookie: `${LANGUAGE_COOKIE}=fr` });
    expect(await languageOf("lang@example.com")).toBe("fr");
    await signIn({ "accept-language": "de-DE", [LANGUAGE_HEADER]: "ja" });
    expect(await languageOf("lang@example.com")).toBe("ja");
  });
});
