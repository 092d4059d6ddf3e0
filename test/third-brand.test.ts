import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRANDS, brandForPath, brandForProduct, registerBrand } from "../common/brands/index.ts";
import { addressAfterLogout } from "../common/brands/logout.ts";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer, tokenFromMail } from "./support/app.ts";
import { orbit } from "./support/orbit-brand.ts";

/**
 * A third brand is one file (test/support/orbit-brand.ts) given to the registry: the real server
 * then serves its pages in its brand, mails its access links under its name to its own access-link
 * page, lands its sign-ins on its own site, and ends its logout at its own address.
 */
describe("a third brand from one file", () => {
  let server: TestServer;

  beforeAll(async () => {
    registerBrand(orbit);
    server = await startTestServer("sqlite");
    await createAccount(server.db, { email: "orbiter@example.com", product: "dsone" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = (url: string) => server.app.inject({ method: "GET", url });

  it("is found by its path and its product", () => {
    expect(BRANDS).toContain(orbit);
    expect(brandForPath("/orbit/login")).toBe(orbit);
    expect(brandForProduct(42)).toBe(orbit);
    expect(() => registerBrand(orbit)).toThrow("registered already");
  });

  it("walks its login, its access link and its logout", async () => {
    const login = await page(`${orbit.paths.login}?ReturnUrl=%2Fdemo%2Fdsone%2Fui`);
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<html lang="en" dir="ltr" data-brand="orbit">');
    expect(login.body).toContain('href="/brand/orbit.svg"');

    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "orbiter@example.com", ProductId: orbit.productId, ReturnUrl: null },
    });
    expect(asked.json()).toEqual({ isOk: true, isExistingDesktopUser: false, redirectUrl: "" });
    await drainMail(server);
    const mail = server.delivered.findLast((m) => m.to === "orbiter@example.com");
    if (!mail) throw new Error("no access-link mail");
    expect(mail.from).toBe('"Orbit Clean" <no-reply@localhost>');
    expect(mail.subject).toBe("Your Orbit Clean sign-in link");
    const token = tokenFromMail(mail);
    expect(mail.text).toContain(`http://localhost:3000/orbit/access-link?token=${token}`);

    const linkPage = await page(`/orbit/access-link?token=${token}`);
    expect(linkPage.body).toContain('data-brand="orbit"');

    const consumed = await server.app.inject({ method: "POST", url: "/api/access-link/consume", payload: { token } });
    expect(consumed.statusCode).toBe(200);
    // No ReturnUrl: the sign-in lands on the brand's own site.
    expect(consumed.json()).toEqual({ redirectUrl: server.config.links.dsoneMyAccount });
    const cookie = sessionCookieFrom(consumed);
    const session = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } });
    expect(session.json()).toMatchObject({ signedIn: true, email: "orbiter@example.com" });

    const logoutPage = await page(orbit.paths.logout);
    expect(logoutPage.body).toContain('data-brand="orbit"');
    const loggedOut = await server.app.inject({ method: "POST", url: "/api/session/logout", headers: { cookie } });
    expect(loggedOut.json()).toEqual({ isOk: true });
    const after = await server.app.inject({ method: "GET", url: "/api/dsone/session", headers: { cookie } });
    expect(after.json()).toMatchObject({ signedIn: false });
    expect(addressAfterLogout(orbit, server.config.links, "0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e")).toBe(
      `${server.config.links.cart}?uuid=0b9e4f5c-1d2a-4b3c-8d7e-6f5a4b3c2d1e`,
    );
  });

  it("shows a social sign-in that cannot start on its own screen, keeping the query", async () => {
    const response = await page("/external/login?provider=Facebook&product=orbit&ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/orbit/social-sign-in?ReturnUrl=%2Fdemo%2Fdsone%2Fui&problem=unavailable");
  });
});
