import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sendAccessLinkFromSupport } from "../server/auth/kernel/access-link-mail.ts";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { serverStrings } from "../server/i18n/index.ts";
import { WEB_BUILD_DIR } from "../server/site/spa.ts";
import { strings as arabic } from "../web/i18n/ar/shared.ts";
import { strings as german } from "../web/i18n/de/shared.ts";
import { strings as english } from "../web/i18n/en/shared.ts";
import { strings as french } from "../web/i18n/fr/shared.ts";
import { strings as japanese } from "../web/i18n/ja/shared.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "./support/app.ts";
import { describeEachDatabase } from "./support/databases.ts";

/**
 * The language of pages, messages and mail (docs/screens.md, "Languages"): chosen per request, first match
 * wins (ui_locales, lang, the switcher's cookie, ui_locales in the ReturnUrl, Accept-Language,
 * English), bad values passed over.
 */
describeEachDatabase("languages on %s", (kind) => {
  let server: TestServer;
  const EMAIL = "sprachen@example.com";
  const ORIGIN = { origin: "http://localhost:3000" };

  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { ACCESS_LINK_LIMIT_PER_EMAIL: "1000", ACCESS_LINK_LIMIT_PER_IP: "1000" },
      { webBuildDir: WEB_BUILD_DIR },
    );
    await createAccount(server.db, { email: EMAIL, product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });
  const htmlTag = (body: string) => body.match(/<html[^>]*>/)?.[0] ?? "";
  /** The login's heading as rendered ahead into the page. */
  const heading = (body: string) => body.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1];

  it("renders the login ahead in the browser's language, with lang and dir set before the first paint", async () => {
    const response = await page("/dsone/login", { "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(response.statusCode).toBe(200);
    expect(htmlTag(response.body)).toContain('lang="de" dir="ltr"');
    expect(heading(response.body)).toBe(german.login.title);
    expect(response.body).not.toContain(english.login.title);
    expect(response.headers.vary).toContain("accept-language");

    const arabicPage = await page("/dsone/login", { "accept-language": "ar" });
    expect(htmlTag(arabicPage.body)).toContain('lang="ar" dir="rtl"');
    expect(heading(arabicPage.body)).toBe(arabic.login.title);
    // Each language is a build of its own: the page starts its own language's app.
    expect(arabicPage.body.match(/data-app="([^"]+)"/)?.[1]).not.toBe(response.body.match(/data-app="([^"]+)"/)?.[1]);
  });

  it("sends each language's page with its own strings only", async () => {
    const titles = {
      en: english.login.title,
      de: german.login.title,
      fr: french.login.title,
      ja: japanese.login.title,
      ar: arabic.login.title,
    };
    for (const [language, title] of Object.entries(titles)) {
      const { body } = await page(`/dsone/login?lang=${language}`);
      const modules = [body.match(/data-app="([^"]+)"/)?.[1], ...(body.match(/data-imports="([^"]*)"/)?.[1] ?? "").split(" ")].filter(
        Boolean,
      );
      const code = modules.map((module) => readFileSync(join(WEB_BUILD_DIR, module as string), "utf8")).join("\n");
      expect(code, language).toContain(JSON.stringify(title).slice(1, -1));
      for (const [other, otherTitle] of Object.entries(titles))
        if (other !== language) expect(code.includes(JSON.stringify(otherTitle).slice(1, -1)), `${other} in ${language}`).toBe(false);
    }
  });

  it("serves every language's assets from one route, and never a page unrendered or a source map", async () => {
    const german = (await page("/dsone/login?lang=de")).body;
    const app = german.match(/data-app="([^"]+)"/)?.[1] as string;
    const asset = await page(app);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await page(`${app}.map`)).statusCode).toBe(404);
    expect((await page("/assets/nothing-here.js")).statusCode).toBe(404);
    for (const raw of ["/index.de.html", "/index.html", "/.vite/manifest.de.json"])
      expect((await page(raw)).body, raw).not.toContain("<!--app-config-->");
    expect((await page("/.vite/manifest.de.json")).body).not.toContain('"isEntry"');
    expect((await page("/page-boot.js")).statusCode).toBe(200);
  });

  it("lets the first rule that matches win: lang, the cookie, ui_locales in the ReturnUrl, Accept-Language", async () => {
    const headers = { cookie: "lang=fr", "accept-language": "de" };
    expect(heading((await page("/dsone/login", headers)).body)).toBe(french.login.title);
    expect(heading((await page("/dsone/login?lang=ja", headers)).body)).toBe(japanese.login.title);
    const returnUrl = encodeURIComponent("/connect/authorize?client_id=x&ui_locales=ar%20en");
    const fromApp = await page(`/dsone/login?ReturnUrl=${returnUrl}`, { "accept-language": "de" });
    expect(htmlTag(fromApp.body)).toContain('lang="ar" dir="rtl"');
    // The switcher's choice (its cookie, the same address reloaded) is not undone by the request's hint.
    expect(heading((await page(`/dsone/login?ReturnUrl=${returnUrl}`, headers)).body)).toBe(french.login.title);
    expect(heading((await page(`/dsone/login?lang=ja&ReturnUrl=${returnUrl}`, headers)).body)).toBe(japanese.login.title);
  });

  it("answers the form that works without JavaScript in the page's language", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/dsone/login?lang=ar",
      headers: { ...ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "email=",
    });
    expect(response.statusCode).toBe(400);
    expect(htmlTag(response.body)).toContain('lang="ar" dir="rtl"');
    expect(response.body.match(/<noscript>([\s\S]*?)<\/noscript>/)?.[1]).toContain(arabic.validation.emailRequired);
  });

  it("passes over an unknown, malformed or over-long language quietly", async () => {
    for (const lang of ["xx", "%3Cscript%3E", "de_DE", "d".repeat(200)]) {
      const response = await page(`/dsone/login?lang=${lang}`, { cookie: "lang=nonsense", "accept-language": "fr;q=0.9" });
      expect(response.statusCode, lang).toBe(200);
      expect(heading(response.body), lang).toBe(french.login.title);
    }
    const plain = await page("/dsone/login", { "accept-language": `${"zz,".repeat(500)}de` });
    expect(htmlTag(plain.body)).toContain('lang="en" dir="ltr"');
    expect(heading(plain.body)).toBe(english.login.title);
  });

  it("answers the app's calls in its page's language, and English by default", async () => {
    const german = await server.app.inject({ method: "GET", url: "/api/me", headers: { "x-language": "de" } });
    expect(german.statusCode).toBe(401);
    expect(german.json()).toMatchObject({ code: "NOT_SIGNED_IN", message: serverStrings("de").errors.NOT_SIGNED_IN });
    const plain = await server.app.inject({ method: "GET", url: "/api/me" });
    expect(plain.json().message).toBe("Please sign in first.");
  });

  it("mails the access link in the language of the page that asked, and the account remembers it", async () => {
    const de = serverStrings("de");
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      headers: { ...ORIGIN, "x-language": "de" },
      payload: { Email: EMAIL, ProductId: 6 },
    });
    expect(asked.statusCode).toBe(200);
    await drainMail(server);
    const mail = server.delivered.findLast((sent) => sent.to === EMAIL);
    if (!mail) throw new Error("no mail");
    expect(mail.subject).toBe(de.mail.accessLink.subject("DS One"));
    expect(mail.text).toContain(de.mail.expiry(de.units.linkDays(1)));
    expect(mail.text).toContain(de.mail.accessLink.intro("DS One"));
    expect(mail.html).toContain('<html lang="de" dir="ltr">');

    const signedIn = await server.app.inject({
      method: "POST",
      url: "/api/access-link/consume",
      headers: { ...ORIGIN, "x-language": "de" },
      payload: { token: tokenFromMail(mail) },
    });
    expect(signedIn.statusCode).toBe(200);
    sessionCookieFrom(signedIn);
    const account = await server.db
      .selectFrom("accounts")
      .select(["id", "language"])
      .where("email_key", "=", EMAIL)
      .executeTakeFirstOrThrow();
    expect(account.language).toBe("de");

    // No browser of the customer's asks for support's link: it is in the language they signed in with.
    await sendAccessLinkFromSupport(server.db, server.config, account.id, 6, { operator: "cli:test" });
    await drainMail(server);
    expect(server.delivered.findLast((sent) => sent.to === EMAIL)?.subject).toBe(de.mail.accessLink.subject("DS One"));
  });

  it("keeps the account's language through a sign-in that names none or only a browser's default, and takes a chosen one", async () => {
    const email = "keeps.language@example.com";
    const signIn = async (headers: Record<string, string>) => {
      const asked = await server.app.inject({
        method: "POST",
        url: "/api/access-link",
        headers: { ...ORIGIN, ...headers },
        payload: { Email: email, ProductId: 6 },
      });
      expect(asked.statusCode).toBe(200);
      await drainMail(server);
      const mail = server.delivered.findLast((sent) => sent.to === email);
      if (!mail) throw new Error("no mail");
      const consumed = await server.app.inject({
        method: "POST",
        url: "/api/access-link/consume",
        headers: { ...ORIGIN, ...headers },
        payload: { token: tokenFromMail(mail) },
      });
      expect(consumed.statusCode).toBe(200);
      return (await server.db.selectFrom("accounts").select("language").where("email_key", "=", email).executeTakeFirstOrThrow()).language;
    };
    await createAccount(server.db, { email });
    expect(await signIn({ "x-language": "ja" })).toBe("ja");
    // No lang, no switcher cookie, no Accept-Language (and so no X-Language from the app, whose page
    // address names none either): answered in English, but the account keeps Japanese.
    expect(await signIn({})).toBe("ja");
    expect(await signIn({ "accept-language": "xx-unknown" })).toBe("ja");
    // A browser's default alone (a link opened on another device) does not replace a language the
    // account has; the switcher's choice does.
    expect(await signIn({ "accept-language": "fr-CA,fr;q=0.9" })).toBe("ja");
    expect(await signIn({ "accept-language": "fr-CA,fr;q=0.9", cookie: "lang=fr" })).toBe("fr");
  });

  it("writes the provider's own error page in the request's ui_locales", async () => {
    const response = await page("/connect/authorize?client_id=nobody&response_type=code&scope=openid&ui_locales=ja");
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(htmlTag(response.body)).toContain('lang="ja"');
    expect(response.body).toContain(serverStrings("ja").pages.signInErrorHeading);
  });
});
