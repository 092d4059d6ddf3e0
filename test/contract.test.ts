import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, type ApiRoute } from "../common/api/contract.ts";
import { ADMIN_REPORT_ENDPOINT, TELEMETRY_ENDPOINT } from "../common/telemetry.ts";
import { startTestServer, type TestServer } from "./support/app.ts";

/**
 * The "METHOD /path" of every route Fastify serves, read from its route tree (printRoutes nests a
 * path's children under it, each a suffix of its parent's path).
 */
function servedRoutes(tree: string): string[] {
  const parents: string[] = [];
  const served: string[] = [];
  for (const line of tree.split("\n")) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const match = line.slice(at + 4).match(/^(\S+)(?: \(([^)]+)\))?$/);
    if (!match?.[1]) continue;
    parents.length = depth;
    const path = (parents[depth - 1] ?? "") + match[1];
    parents[depth] = path;
    for (const method of match[2]?.split(", ") ?? []) if (method !== "HEAD") served.push(`${method} ${path}`);
  }
  return served;
}

/**
 * The two calls that are not request-and-answer JSON of the contract's kind: the telemetry beacon
 * (no answer) and the admin report (a query); their addresses and event types live once in
 * common/telemetry.ts instead.
 */
const OUTSIDE_THE_CONTRACT = [`POST ${TELEMETRY_ENDPOINT}`, `GET ${ADMIN_REPORT_ENDPOINT}`];

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

  it.each(withBody)("%s refuses a body its schema refuses, naming the field or the shape", async (route) => {
    const [method, url] = route.split(" ") as ["POST", string];
    const response = API[route].form
      ? await server.app.inject({
          method,
          url,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "unexpected=true",
        })
      : await server.app.inject({ method, url, payload: { unexpected: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^([A-Za-z]+: |send an email address)/) });
  });

  it("declares every API route the server serves: none is registered outside it", () => {
    const api = servedRoutes(server.app.printRoutes({ commonPrefix: false })).filter((route) =>
      /^\w+ \/(api|account|notifications)\//.test(route),
    );
    expect(api.length).toBeGreaterThan(routes.length - 1);
    const undeclared = api.filter((route) => !(route in API) && !OUTSIDE_THE_CONTRACT.includes(route));
    expect(undeclared).toEqual([]);
  });
});
