import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/app.ts";

const CLIENT_ID = "00000000-0000-0000-0000-00000000c0de";
const REDIRECT = "http://localhost:3000/signin-microsoft";

describe("the stand-in Microsoft outside production", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const get = (url: string, remoteAddress = "127.0.0.1") =>
    server.app.inject({ method: "GET", url, remoteAddress, headers: { host: "localhost:3000" } });

  it("answers as Microsoft's common authority at /dev/microsoft, its issuer naming {tenantid}", async () => {
    const response = await get("/dev/microsoft/common/v2.0/.well-known/openid-configuration");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: "http://localhost:3000/dev/microsoft/{tenantid}/v2.0",
      authorization_endpoint: "http://localhost:3000/dev/microsoft/common/oauth2/v2.0/authorize",
      code_challenge_methods_supported: ["S256"],
    });
    expect((await get("/dev/microsoft/common/discovery/v2.0/keys")).json().keys).toHaveLength(1);
  });

  it("offers a personal account or a work account with or without xms_edov, and asks for PKCE", async () => {
    const challenge = createHash("sha256").update("v".repeat(43)).digest("base64url");
    const page = await get(
      `/dev/microsoft/common/oauth2/v2.0/authorize?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=s&nonce=n&code_challenge=${challenge}&code_challenge_method=S256`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Personal Microsoft account");
    expect(page.body).toContain("Work or school account");
    expect(page.body).toContain("xms_edov");
    const withoutPkce = await get(
      `/dev/microsoft/common/oauth2/v2.0/authorize?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&state=s`,
    );
    expect(withoutPkce.statusCode).toBe(400);
    // Another client or another redirect address is not served at all.
    expect(
      (await get(`/dev/microsoft/common/oauth2/v2.0/authorize?client_id=other&redirect_uri=${encodeURIComponent(REDIRECT)}`)).statusCode,
    ).toBe(404);
  });

  it("answers no other machine", async () => {
    for (const url of ["/dev/microsoft/common/v2.0/.well-known/openid-configuration", "/dev/microsoft/common/discovery/v2.0/keys"]) {
      const response = await get(url, "203.0.113.5");
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("issuer");
    }
  });
});
