import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/app.ts";

describe("the stand-in Google outside production", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const discovery = (url: string, remoteAddress: string) =>
    server.app.inject({ method: "GET", url, remoteAddress, headers: { host: "localhost:3000" } });

  it("is a real OpenID Connect provider at /dev/google, with PKCE, for this machine", async () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      const response = await discovery("/dev/google/.well-known/openid-configuration", address);
      expect(response.statusCode, address).toBe(200);
      expect(response.json()).toMatchObject({
        issuer: "http://localhost:3000/dev/google",
        authorization_endpoint: "http://localhost:3000/dev/google/auth",
        code_challenge_methods_supported: ["S256"],
      });
    }
  });

  it("answers no other machine, however the path is spelled (other spellings reach the app's own pages)", async () => {
    // The same request from this machine is answered: what refuses the others is their address.
    expect((await discovery("/dev/google/.well-known/openid-configuration", "127.0.0.1")).json()).toHaveProperty("jwks_uri");
    for (const url of [
      "/dev/google/.well-known/openid-configuration",
      "/dev/%67oogle/.well-known/openid-configuration",
      "/dev/google/%2e%2e/google/jwks",
      "/DEV/GOOGLE/jwks",
      "/dev/google/interaction/anything",
    ]) {
      const response = await discovery(url, "203.0.113.5");
      expect(response.body, url).not.toContain("jwks_uri");
      expect(response.body, url).not.toContain('"keys"');
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
