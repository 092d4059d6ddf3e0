import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, type ApiRoute } from "../common/api/contract.ts";
import { startTestServer, type TestServer } from "./support/app.ts";

/** Every endpoint of the contract is served at its method and path, and validates its body by the contract's schema. */
describe("the API contract (common/api/contract.ts)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("sqlite");
  });
  afterAll(async () => {
    await server?.stop();
  });

  const routes = Object.keys(API) as ApiRoute[];
  const withBody = routes.filter((route) => API[route].body !== undefined);

  it.each(routes)("%s is served", async (route) => {
    const [method, url] = route.split(" ") as ["GET" | "POST", string];
    const response = await server.app.inject({ method, url, ...(method === "POST" ? { payload: {} } : {}) });
    expect(response.statusCode).not.toBe(404);
  });

  it.each(withBody)("%s refuses a body its schema refuses, naming the field", async (route) => {
    const [method, url] = route.split(" ") as ["POST", string];
    const response = await server.app.inject({ method, url, payload: { unexpected: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^[A-Za-z]+: /) });
  });
});
