import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/app.ts";
import { leaksInternals, PROTOTYPE_KEYS, recordCases } from "./scale.ts";

describe("prototype keys", () => {
  let server: TestServer;
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    recordCases("prototype keys", cases);
    await server?.stop();
  });

  it("finds nothing under a prototype name in any path position", async () => {
    const failures: string[] = [];
    const templates = [
      "/demo/{k}/ui",
      "/demo/dsone/{k}",
      "/demo/{k}/{k}",
      "/demo/legal/{k}",
      "/demo/installer/{k}",
      "/dev/mailbox/{k}",
      "/{k}",
      "/dsone/{k}",
    ];
    for (const template of templates) {
      for (const key of PROTOTYPE_KEYS) {
        cases++;
        const url = template.replaceAll("{k}", key);
        const response = await server.app.inject({ method: "GET", url });
        if (response.statusCode >= 500 || leaksInternals(response.body)) failures.push(`${url} -> ${response.statusCode}`);
        if (url.startsWith("/demo/dsone/") || url.startsWith("/demo/__") || url.startsWith("/demo/constructor")) {
          if (!url.startsWith("/demo/legal") && !url.startsWith("/demo/installer") && response.statusCode !== 404) {
            failures.push(`${url} -> ${response.statusCode}, not 404`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("finds nothing under a prototype name in query parameters, form fields or JSON", async () => {
    const failures: string[] = [];
    const endpoints = [
      "/api/access-link",
      "/api/dsone/password-login",
      "/api/password/forgot",
      "/api/account/passwordless-login",
      "/api/telemetry/page-view",
    ];
    for (const url of endpoints) {
      for (const key of PROTOTYPE_KEYS) {
        for (const request of [
          { method: "POST" as const, url: `${url}?${key}=1&${key}[x]=2`, payload: { [key]: { isAdmin: true }, Email: "a@example.com" } },
          {
            method: "POST" as const,
            url,
            payload: `{"${key}":{"polluted":1},"Email":"a@example.com","ProductId":6}`,
            headers: { "content-type": "application/json" },
          },
          {
            method: "POST" as const,
            url,
            payload: `${key}=x&${key}[polluted]=1&Email=a%40example.com`,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          },
        ]) {
          cases++;
          const response = await server.app.inject(request);
          if (response.statusCode >= 500 || leaksInternals(response.body))
            failures.push(`${request.method} ${request.url} ${key} -> ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});
