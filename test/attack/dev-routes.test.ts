import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../../server/auth/kernel/accounts.ts";
import { normalisedPath } from "../../server/http/local-only.ts";
import { drainMail, startTestServer, type TestServer } from "../support/app.ts";
import { mailboxMails } from "../support/secrets-at-rest.ts";
import { FROM_OUTSIDE, recordCases } from "./scale.ts";

/** Every way of writing a path that some server, proxy or browser might read as that path. */
function spellings(path: string): string[] {
  const segments = path.split("/").slice(1);
  const encodeAll = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
  const variants = new Set<string>([
    path,
    path.toUpperCase(),
    path.replace(/^\/dev/, "/DEV"),
    path.replace(/^\/dev/, "/Dev"),
    `/${segments.map(encodeAll).join("/")}`,
    `/${segments.map((segment) => encodeAll(segment).toUpperCase()).join("/")}`,
    path.replace(/^\/d/, "/%64"),
    path.replace(/^\/d/, "/%2564"),
    path.replace(/\/(\w)/g, (_match, char: string) => `/%${char.charCodeAt(0).toString(16)}`),
    path.replace(/a/, "%61"),
    `/${path}`,
    path.replace(/\//g, "//"),
    path.replace(/^\/dev\//, "/dev//"),
    `${path}/`,
    `${path}//`,
    `${path}.`,
    `${path}..`,
    `${path}%2e`,
    `${path}%20`,
    `${path}%00`,
    `${path}%09`,
    `${path}?`,
    `${path}#x`,
    `${path};x`,
    path.replace(/^\/dev\//, "/dev/./"),
    path.replace(/^\/dev\//, "/dev%2f"),
    path.replace(/^\/dev\//, "/dev%2F"),
    path.replace(/^\/dev\//, "/dev\\"),
    path.replace(/^\/dev\//, "/dev%5c"),
    `/x/..${path}`,
    `/x/%2e%2e${path}`,
    `/.${path}`,
    path.replace(/^\/dev/, "/dev."),
  ]);
  return [...variants];
}

describe("development-only routes", () => {
  let server: TestServer;
  let token = "";
  let mailId = "";
  let cases = 0;

  beforeAll(async () => {
    server = await startTestServer("sqlite", { TRUST_PROXY: "1" }, { ownDelivery: true });
    await createAccount(server.db, { email: "mailbox@example.com" });
    const asked = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      payload: { Email: "mailbox@example.com", ProductId: 6 },
    });
    expect(asked.statusCode).toBe(200);
    await drainMail(server);
    const [mail] = await mailboxMails(server);
    if (!mail) throw new Error("no mail in the development mailbox");
    token = mail.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1] ?? "";
    mailId = mail.id;
    expect(token).toHaveLength(43);
  });
  afterAll(async () => {
    recordCases("development-only routes", cases);
    await server?.stop();
  });

  it("serves the mailbox and the agent console to this machine", async () => {
    const mailbox = await server.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.body).toContain(token);
    const html = await server.app.inject({ method: "GET", url: `/dev/mailbox/${mailId}` });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(token);
    const console = await server.app.inject({ method: "GET", url: "/dev/agent" });
    expect(console.statusCode).toBe(200);
    expect(console.body).toContain('"agentConsole":true');
  });

  it("turns the console off on every other page", async () => {
    const login = await server.app.inject({ method: "GET", url: "/dsone/login" });
    expect(login.body).toContain('"agentConsole":false');
  });

  for (const route of ["/dev/mailbox", "/dev/mailbox/{id}", "/dev/agent"]) {
    it(`refuses ${route} to another address, however the path is written`, async () => {
      const failures: string[] = [];
      for (const url of spellings(route.replace("{id}", mailId))) {
        cases++;
        const response = await server.app.inject({ method: "GET", url, headers: FROM_OUTSIDE });
        const leaked =
          response.body.includes(token) ||
          response.body.includes("Development mailbox") ||
          response.body.includes('"agentConsole":true') ||
          response.statusCode >= 500;
        if (leaked) failures.push(`${url} -> ${response.statusCode}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("answers the canonical development paths from elsewhere with 404, like any unknown address", async () => {
    for (const url of ["/dev/mailbox", `/dev/mailbox/${mailId}`, "/dev/agent", "/%64ev/mailbox", "/dev/%6dailbox", "/dev/%61gent"]) {
      cases++;
      expect((await server.app.inject({ method: "GET", url, headers: FROM_OUTSIDE })).statusCode, url).toBe(404);
    }
  });

  it("keeps the stand-in product pages public outside production (they show only the visitor's own session)", async () => {
    cases++;
    const page = await server.app.inject({ method: "GET", url: "/demo/dsone/ui", headers: FROM_OUTSIDE });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(token);
  });
});

describe("path normalisation", () => {
  it("reads a path the way browsers and proxies might", () => {
    expect(normalisedPath("/%64ev/%6Dailbox")).toBe("/dev/mailbox");
    expect(normalisedPath("/%2564ev//mailbox/")).toBe("/dev/mailbox");
    expect(normalisedPath("/DEV\\agent.")).toBe("/dev/agent");
    expect(normalisedPath("/x/../dev/%2e/agent?y=1")).toBe("/dev/agent");
    expect(normalisedPath("/dev/agent%00")).toBe("/dev/agent");
    expect(normalisedPath("/dsone/login")).toBe("/dsone/login");
    // Broken percent-encoding is read as far as it goes, never thrown on.
    expect(normalisedPath("/%E0%A4%A/dev")).toMatch(/^\/.*\/dev$/);
  });
});
