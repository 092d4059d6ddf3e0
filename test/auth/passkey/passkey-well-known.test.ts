import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/app.ts";

/**
 * The well-known addresses passkey providers and browsers read (docs/decisions/0085): where to make
 * and manage a passkey, and which other origins may use the relying-party ID. Neither depends on
 * stored data, so one database suffices.
 */
describe("passkey well-known addresses", () => {
  let plain: TestServer;
  let related: TestServer;

  beforeAll(async () => {
    [plain, related] = await Promise.all([
      startTestServer("sqlite"),
      startTestServer("sqlite", { PASSKEY_RELATED_ORIGINS: "https://signin.example.net, https://account.example.org/ignored/path" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.stop(), related?.stop()]);
  });

  it("names the account page on this origin for making and managing a passkey, as cacheable JSON", async () => {
    const answer = await plain.app.inject({ method: "GET", url: "/.well-known/passkey-endpoints" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=86400");
    expect(answer.json()).toEqual({ enroll: "http://localhost:3000/dsone/account", manage: "http://localhost:3000/dsone/account" });
    // The address it names is the account page, not something the page router would not know.
    const page = await plain.app.inject({ method: "GET", url: "/dsone/account" });
    expect(page.statusCode).toBe(200);
  });

  it("lists PASSKEY_RELATED_ORIGINS at /.well-known/webauthn, as origins only", async () => {
    const answer = await related.app.inject({ method: "GET", url: "/.well-known/webauthn" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=86400");
    expect(answer.json()).toEqual({ origins: ["https://signin.example.net", "https://account.example.org"] });
  });

  it("answers 404 at /.well-known/webauthn when no related origin is set", async () => {
    const answer = await plain.app.inject({ method: "GET", url: "/.well-known/webauthn" });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers["cache-control"]).not.toBe("public, max-age=86400");
  });
});
