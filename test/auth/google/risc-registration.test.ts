import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byHand, registerReceiver } from "../../../server/auth/google/risc-registration.ts";

/**
 * Registering the receiver with Google's RISC API (docs/decisions/0091): the stream configuration
 * goes to stream:update with a token the service account signs; without a key or a network, the
 * operator gets the same configuration to send by hand.
 */
describe("registering the RISC receiver with Google", () => {
  let api: Server;
  let apiUrl = "";
  let status = 200;
  const received: { authorization: string; body: unknown }[] = [];

  beforeAll(async () => {
    api = createServer(async (request, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      received.push({ authorization: String(request.headers.authorization), body: JSON.parse(body) });
      response.writeHead(status, { "content-type": "application/json" });
      response.end(status === 200 ? "{}" : '{"error":{"message":"The caller does not have permission"}}');
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1beta/stream:update`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  const events = [
    "https://schemas.openid.net/secevent/risc/event-type/sessions-revoked",
    "https://schemas.openid.net/secevent/oauth/event-type/tokens-revoked",
    "https://schemas.openid.net/secevent/risc/event-type/account-disabled",
    "https://schemas.openid.net/secevent/risc/event-type/account-enabled",
    "https://schemas.openid.net/secevent/risc/event-type/account-credential-change-required",
    "https://schemas.openid.net/secevent/risc/event-type/verification",
  ];

  it("sends the push delivery to PUBLIC_URL/google/risc and every event, with the service account's signed token", async () => {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const keyFile = join(tmpdir(), `risc-key-${process.pid}.json`);
    writeFileSync(
      keyFile,
      JSON.stringify({
        client_email: "risc@project.iam.gserviceaccount.com",
        private_key: await exportPKCS8(privateKey),
        private_key_id: "k1",
      }),
    );
    const said = await registerReceiver("https://account.example.com", keyFile, { api: apiUrl });
    expect(said).toContain("https://account.example.com/google/risc");
    const [request] = received;
    expect(request?.body).toEqual({
      delivery: {
        delivery_method: "https://schemas.openid.net/secevent/risc/delivery-method/push",
        url: "https://account.example.com/google/risc",
      },
      events_requested: events,
    });
    const token = request?.authorization.replace(/^Bearer /, "") ?? "";
    const { payload, protectedHeader } = await jwtVerify(token, await importSPKI(await exportSPKI(publicKey), "RS256"), {
      issuer: "risc@project.iam.gserviceaccount.com",
      subject: "risc@project.iam.gserviceaccount.com",
      audience: "https://risc.googleapis.com/google.identity.risc.v1beta.RiscManagementService",
    });
    expect(protectedHeader.kid).toBe("k1");
    expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);

    status = 403;
    await expect(registerReceiver("https://account.example.com", keyFile, { api: apiUrl })).rejects.toThrow(/answered 403/);
  });

  it("prints the same configuration to send by hand", () => {
    const text = byHand("https://account.example.com", "client-1.apps.googleusercontent.com");
    expect(text).toContain("https://risc.googleapis.com/v1beta/stream:update");
    expect(text).toContain('"url": "https://account.example.com/google/risc"');
    for (const event of events) expect(text).toContain(event);
  });
});
