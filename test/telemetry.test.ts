import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TelemetryBatch } from "../common/telemetry.ts";
import { createAccount } from "../server/auth/kernel/accounts.ts";
import { StackMapper } from "../server/telemetry/source-maps.ts";
import { pruneTelemetry, storeServerEvent, telemetrySinks } from "../server/telemetry/store.ts";
import { drainMail, sessionCookieFrom, startTestServer, type TestServer } from "./support/app.ts";
import { describeEachDatabase } from "./support/databases.ts";
import { type OtlpReceiver, startOtlpReceiver } from "./support/otlp-receiver.ts";

const ORIGIN = "http://localhost:3000";
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";
const SECRETS = ["tok3nSecretValue", "c0deSecretValue", "leak@example.com"];

function batch(events: TelemetryBatch["events"], session = "tab-0123456789"): TelemetryBatch {
  return { session, events };
}

const pageView = (): TelemetryBatch["events"][number] => ({
  kind: "page_view",
  path: "/dsone/access-link",
  // The browser redacts; these arrive raw to show the server redacts again.
  query: { token: SECRETS[0] as string, code: SECRETS[1] as string, email: SECRETS[2] as string, ReturnUrl: "/demo/dsone/ui" },
  at: Date.now(),
});

describeEachDatabase("telemetry on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { METRICS_TOKEN, TELEMETRY_LIMIT_PER_IP: "5" });
    await createAccount(server.db, { email: "admin@example.com", product: "dsone", password: "admin-password-1", role: "admin" });
    await createAccount(server.db, { email: "customer@example.com", product: "dsone", password: "customer-password-1" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  function post(payload: unknown, options: Partial<InjectOptions> & { ip?: string; to?: TestServer } = {}) {
    const { ip = "198.51.100.1", headers, to = server, ...rest } = options;
    return to.app.inject({
      method: "POST",
      url: "/api/telemetry",
      remoteAddress: ip,
      headers: { origin: ORIGIN, "content-type": "application/json", ...headers },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
      ...rest,
    });
  }

  function passwordLogin(email: string, password: string, to = server) {
    return to.app.inject({
      method: "POST",
      url: "/api/dsone/password-login",
      headers: { origin: ORIGIN },
      payload: { Email: email, Password: password },
    });
  }

  async function signIn(email: string, password: string): Promise<string> {
    const response = await passwordLogin(email, password);
    expect(response.statusCode).toBe(200);
    return sessionCookieFrom(response);
  }

  async function rows() {
    return server.db.selectFrom("telemetry_events").selectAll().execute();
  }

  it("stores a batch with secrets redacted, the account from the session cookie and mapped fields", async () => {
    const cookie = await signIn("customer@example.com", "customer-password-1");
    // The sign-in's own funnel step is the server's (its own test below); this one is about the batch.
    await server.db.deleteFrom("telemetry_events").execute();
    const response = await post(
      batch([
        pageView(),
        { kind: "vital", name: "LCP", value: 1234, path: "/dsone/login", at: Date.now() },
        {
          kind: "error",
          source: "error",
          message: `Failed at ${ORIGIN}/dsone/access-link?token=${SECRETS[0]}`,
          stack: "Error: x\n    at f (http://localhost:3000/assets/index-abc.js:1:10)",
          path: "/maverick/login",
          at: Date.now(),
        },
      ]),
      { headers: { cookie } },
    );
    expect(response.statusCode).toBe(204);
    const stored = await rows();
    expect(stored).toHaveLength(3);
    const text = JSON.stringify(stored);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    const view = stored.find((row) => row.kind === "page_view");
    expect(view?.url).toContain("ReturnUrl=%2Fdemo%2Fdsone%2Fui");
    expect(view?.url).toContain("token=redacted");
    const account = await server.db
      .selectFrom("accounts")
      .select("id")
      .where("email_key", "=", "customer@example.com")
      .executeTakeFirstOrThrow();
    expect(new Set(stored.map((row) => row.account_id))).toEqual(new Set([account.id]));
    expect(stored.find((row) => row.kind === "error")?.brand).toBe("maverick");
    expect(stored.find((row) => row.kind === "vital")).toMatchObject({ name: "LCP", value: 1234, screen: "/dsone/login", brand: "dsone" });
    await server.db.deleteFrom("telemetry_events").execute();
  });

  it("refuses cross-site, origin-less, malformed and oversize posts and stores nothing", async () => {
    const good = batch([pageView()]);
    const cases: [string, Awaited<ReturnType<typeof post>>, number][] = [
      ["another site", await post(good, { headers: { origin: "https://evil.example" } }), 403],
      ["no Origin", await post(good, { headers: { origin: "" } }), 403],
      ["not JSON", await post("{not json"), 400],
      ["unknown kind", await post(batch([{ kind: "click", path: "/", at: 1 } as never])), 400],
      [
        "a funnel step (the server records those itself)",
        await post(batch([{ kind: "funnel", step: "signed_in", method: "password", path: "/dsone/login", at: 1 } as never])),
        400,
      ],
      ["a vital out of range", await post(batch([{ kind: "vital", name: "LCP", value: -1, path: "/", at: 1 }])), 400],
      ["extra fields", await post({ ...good, email: "x@example.com" }), 400],
      ["too many events", await post(batch(Array.from({ length: 31 }, pageView))), 400],
      [
        "oversize",
        await post(
          batch([
            { kind: "error", source: "error", message: "x".repeat(4000), stack: "y".repeat(4000), path: "/", at: 1 },
            ...Array.from({ length: 3 }, () => ({
              kind: "error" as const,
              source: "error" as const,
              message: "x".repeat(4000),
              path: "/",
              at: 1,
            })),
          ]),
        ),
        413,
      ],
      ["text/plain", await post(good, { headers: { "content-type": "text/plain" } }), 415],
    ];
    for (const [name, response, status] of cases) expect({ name, status: response.statusCode }).toEqual({ name, status });
    expect(await rows()).toHaveLength(0);
  });

  it("limits batches per client address", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(batch([pageView()]), { ip })).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429]);
    await server.db.deleteFrom("telemetry_events").execute();
  });

  it("stores at most TELEMETRY_LIMIT_TOTAL events per window from every address together, and counts the rest", async () => {
    // Every address may take the whole window here (TELEMETRY_SHARE_PER_IP 100): the total is what is tested.
    const capped = await startTestServer(kind, { METRICS_TOKEN, TELEMETRY_LIMIT_TOTAL: "10", TELEMETRY_SHARE_PER_IP: "100" });
    const send = (ip: string) => post(batch([pageView(), pageView(), pageView()]), { ip, to: capped });
    const stored = async () =>
      Number(
        (
          await capped.db
            .selectFrom("telemetry_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const dropped = async () => {
      const metrics = await capped.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      return Number(/^account_telemetry_events_dropped_total (\d+)$/m.exec(metrics.body)?.[1]);
    };
    try {
      // Each address is well within its own limit; four of them (two IPv6 /64s among them) at once.
      const answers = await Promise.all(["198.51.100.41", "198.51.100.42", "2001:db8:1::1", "2001:db8:2::1"].map(send));
      expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204]);
      expect(await stored()).toBe(10);
      expect(await dropped()).toBe(2);

      // The server's own funnel steps count too: a refusal is counted in Prometheus, not stored.
      const refused = await passwordLogin("nobody@example.com", "not-the-password", capped);
      expect(refused.statusCode).toBe(401);
      expect(await stored()).toBe(10);
      expect(await dropped()).toBe(3);

      // The next window has room again.
      await capped.db.updateTable("rate_limits").set({ window_start: 0 }).where("key", "=", "telemetry:all").execute();
      expect((await send("198.51.100.43")).statusCode).toBe(204);
      expect(await stored()).toBe(13);
    } finally {
      await capped.stop();
    }
  });

  it("gives each address its share of the window's events: one address's flood leaves others' events stored", async () => {
    // TELEMETRY_LIMIT_TOTAL 100: at the default share, 10 events per address.
    const capped = await startTestServer(kind, { METRICS_TOKEN, TELEMETRY_LIMIT_TOTAL: "100" });
    const storedOf = async (session: string) =>
      Number(
        (
          await capped.db
            .selectFrom("telemetry_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("session_id", "=", session)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const refusedSignIn = (ip: string) =>
      capped.app.inject({
        method: "POST",
        url: "/api/dsone/password-login",
        remoteAddress: ip,
        headers: { origin: ORIGIN },
        payload: { Email: "nobody@example.com", Password: "not-the-password" },
      });
    try {
      // One address sends ten full batches, well within its batches: 300 events.
      const full = Array.from({ length: 30 }, pageView);
      for (let flood = 0; flood < 10; flood += 1) {
        expect((await post(batch(full, "tab-flooding-01"), { ip: "198.51.100.61", to: capped })).statusCode).toBe(204);
      }
      // Another address in the same window: its events and its sign-in refusal are stored.
      expect((await post(batch([pageView(), pageView()], "tab-neighbour-1"), { ip: "198.51.100.62", to: capped })).statusCode).toBe(204);
      expect(await storedOf("tab-neighbour-1")).toBe(2);
      expect(await storedOf("tab-flooding-01")).toBe(10);
      // The server's funnel steps count against the address that provoked them.
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await refusedSignIn("198.51.100.61")).statusCode).toBe(401);
      expect((await refusedSignIn("198.51.100.62")).statusCode).toBe(401);
      expect(await storedOf("server")).toBe(1);
    } finally {
      await capped.stop();
    }
  });

  it("takes room from the shared cap ahead of need, so not every event writes the counter, and the cap still holds", async () => {
    // TELEMETRY_LIMIT_TOTAL 300: each instance takes 3 places ahead (capLease) when it counts.
    const capped = await startTestServer(kind, { TELEMETRY_LIMIT_TOTAL: "300" });
    const { db, metrics, stacks, cap } = capped.telemetry;
    const secondInstance = telemetrySinks({ db, metrics, stacks, cap, otlp: undefined });
    const counted = async () =>
      Number((await db.selectFrom("rate_limits").select("count").where("key", "=", "telemetry:all").executeTakeFirst())?.count);
    const stored = async () =>
      Number(
        (
          await db
            .selectFrom("telemetry_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    try {
      for (let event = 0; event < 10; event += 1) await storeServerEvent(capped.telemetry, pageView(), null);
      // Three writes of the counter for ten events: each counted one and three ahead.
      expect(await stored()).toBe(10);
      expect(await counted()).toBe(12);
      for (let event = 0; event < 200; event += 1)
        await Promise.all([storeServerEvent(capped.telemetry, pageView(), null), storeServerEvent(secondInstance, pageView(), null)]);
      // Never more than the cap; less only by the places an instance took and has not used yet.
      expect(await stored()).toBeLessThanOrEqual(300);
      expect(await stored()).toBeGreaterThanOrEqual(300 - 2 * 3);
    } finally {
      await capped.stop();
    }
  });

  it("retention deletes rows older than the period and keeps the rest", async () => {
    expect((await post(batch([pageView()]))).statusCode).toBe(204);
    const [fresh] = await rows();
    await server.db
      .insertInto("telemetry_events")
      .values({ ...(fresh as NonNullable<typeof fresh>), id: "old-row", created_at: Date.now() - 31 * 86_400_000 })
      .execute();
    expect((await pruneTelemetry(server.db, server.config.telemetry.retentionMs)).rows).toBe(1);
    expect((await rows()).map((row) => row.id)).toEqual([fresh?.id]);
    expect(server.config.telemetry.retentionMs).toBe(30 * 86_400_000);
    await server.db.deleteFrom("telemetry_events").execute();
  });

  it("/metrics refuses a request without the token and counts sign-ins and refusals", async () => {
    expect((await server.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    expect((await server.app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer wrong" } })).statusCode).toBe(401);
    await signIn("customer@example.com", "customer-password-1");
    const refused = await passwordLogin("customer@example.com", "not-the-password");
    expect(refused.statusCode).toBe(401);
    expect(
      (await post(batch([{ kind: "vital", name: "LCP", value: 2000, path: "/dsone/login", at: 1 }]), { ip: "198.51.100.2" })).statusCode,
    ).toBe(204);
    const response = await server.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(text).toMatch(/^account_sign_ins_total\{method="password"\} [1-9]/m);
    expect(text).toMatch(/^account_sign_in_refusals_total\{method="password",reason="INVALID_CREDENTIALS"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{method="POST",route="\/api\/dsone\/password-login",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^account_web_vital_seconds_count\{vital="LCP",screen="\/dsone\/login",brand="dsone"\} [1-9]\d*$/m);
    expect(text).toMatch(/^account_mail_outbox_depth \d+$/m);
    await server.db.deleteFrom("telemetry_events").execute();
  });

  it("the operations report is for admins only", async () => {
    expect((await server.app.inject({ method: "GET", url: "/api/admin/operations" })).statusCode).toBe(401);
    const customer = await signIn("customer@example.com", "customer-password-1");
    const refused = await server.app.inject({ method: "GET", url: "/api/admin/operations", headers: { cookie: customer } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("ADMIN_ONLY");
    const admin = await signIn("admin@example.com", "admin-password-1");
    await server.db.deleteFrom("telemetry_events").execute();
    await post(
      batch([
        { kind: "vital", name: "LCP", value: 1000, path: "/dsone/login", at: 1 },
        { kind: "vital", name: "LCP", value: 3000, path: "/dsone/login", at: 1 },
        { kind: "vital", name: "LCP", value: 2000, path: "/dsone/login", at: 1 },
        { kind: "vital", name: "LCP", value: 4000, path: "/dsone/login", at: 1 },
        { kind: "page_view", path: "/dsone/login", query: {}, at: 1 },
      ]),
    );
    await signIn("customer@example.com", "customer-password-1");
    const answer = await server.app.inject({ method: "GET", url: "/api/admin/operations?days=1", headers: { cookie: admin } });
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report.vitals).toContainEqual({ screen: "/dsone/login", brand: "dsone", name: "LCP", p75: 3000, samples: 4, good: false });
    expect(report.funnel).toContainEqual({ step: "screen_shown", count: 1 });
    expect(report.funnel).toContainEqual({ step: "signed_in", method: "password", count: 1 });
    expect((await server.app.inject({ method: "GET", url: "/api/admin/operations?days=2", headers: { cookie: admin } })).statusCode).toBe(
      400,
    );
  });

  it("gives the mail's bounce and complaint rates over the last hour and day, in the metrics and on the operations report", async () => {
    const admin = await signIn("admin@example.com", "admin-password-1");
    await drainMail(server);
    await server.db.deleteFrom("outbox").execute();
    const now = Date.now();
    const minute = 60_000;
    let n = 0;
    /** A mail sent at `at` (or refused by the relay then, or still waiting), with what a report said of it. */
    const mail = (at: number, delivery: string | null = null, state: "sent" | "refused" | "waiting" = "sent") => ({
      id: crypto.randomUUID(),
      to_address: `rates-${n}@example.com`,
      to_key: `rates-${n++}@example.com`,
      kind: "access_link",
      from_address: "no-reply@localhost",
      subject: "rates",
      text_body: "",
      html_body: "",
      created_at: at - 1_000,
      next_attempt_at: at,
      sent_at: state === "sent" ? at : null,
      failed_at: state === "refused" ? at : null,
      delivery,
    });
    // The last hour: 20 mails sent, one bounced (5%: review) and one complained of (5%: past pause).
    const hour = Array.from({ length: 18 }, (_, index) => mail(now - (index + 1) * minute));
    hour.push(mail(now - 5 * minute, "bounced"), mail(now - 6 * minute, "complained"));
    // Earlier that day: 379 more sent and one refused by the relay at once: of 400, two bounces
    // (0.5%, below review) and one complaint (0.25%, past review).
    const day = Array.from({ length: 379 }, (_, index) => mail(now - 2 * 3_600_000 - index * minute));
    day.push(mail(now - 3 * 3_600_000, "refused", "refused"));
    // Neither counts: bounces of the day before, and a mail still waiting.
    const outside = [...Array.from({ length: 10 }, () => mail(now - 30 * 3_600_000, "bounced")), mail(now, null, "waiting")];
    for (const rows of [hour, day, outside]) await server.db.insertInto("outbox").values(rows).execute();

    const metrics = await server.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = metrics.body;
    expect(text).toMatch(/^account_mail_bounce_rate\{window="1h"\} 0\.05$/m);
    expect(text).toMatch(/^account_mail_bounce_rate\{window="24h"\} 0\.005$/m);
    expect(text).toMatch(/^account_mail_complaint_rate\{window="1h"\} 0\.05$/m);
    expect(text).toMatch(/^account_mail_complaint_rate\{window="24h"\} 0\.0025$/m);
    // The relay's lines are in the help, for whoever writes the alerts.
    expect(text).toMatch(/^# HELP account_mail_bounce_rate .*reviews a sender at 5% \(0\.05\) and pauses it at 10% \(0\.1\)\.$/m);
    expect(text).toMatch(
      /^# HELP account_mail_complaint_rate .*reviews a sender at 0\.1% \(0\.001\) and pauses it at 0\.5% \(0\.005\)\.$/m,
    );

    // The operations report gives the counts for the hour and the day, whatever its period.
    for (const days of [1, 30]) {
      const report = (
        await server.app.inject({ method: "GET", url: `/api/admin/operations?days=${days}`, headers: { cookie: admin } })
      ).json();
      expect(report.mailRates).toEqual([
        { window: "1h", sent: 20, bounced: 1, complained: 1 },
        { window: "24h", sent: 400, bounced: 2, complained: 1 },
      ]);
    }
    await server.db.deleteFrom("outbox").execute();
  });

  it("groups client errors by fingerprint with a count, over the period only, in SQL", async () => {
    const admin = await signIn("admin@example.com", "admin-password-1");
    await server.db.deleteFrom("telemetry_events").execute();
    const frame = (file: string) => `TypeError: x\n    at load (${ORIGIN}/assets/${file}:1:10)`;
    const error = (message: string, stack: string, source: "error" | "unhandledrejection" = "error") => ({
      kind: "error" as const,
      source,
      message,
      stack,
      path: "/dsone/login",
      at: 1,
    });
    const attacker = "Admins must re-enter their password at https://evil.example/re-enter";
    expect(
      (
        await post(
          batch([
            // One error: only the numbers in its message differ.
            error("Cannot read item 123 of   the list", frame("index-abc.js")),
            error("Cannot read item 456 of the list", frame("index-abc.js")),
            error("Cannot read item 789 of the list", frame("index-abc.js")),
            // The same words thrown elsewhere, or as another kind, are other errors.
            error("Cannot read item 123 of the list", frame("other-xyz.js")),
            error("Cannot read item 123 of the list", frame("index-abc.js"), "unhandledrejection"),
            error(attacker, ""),
          ]),
          { ip: "198.51.100.31" },
        )
      ).statusCode,
    ).toBe(204);
    const stored = (await rows()).filter((row) => row.kind === "error");
    expect(new Set(stored.map((row) => row.fingerprint)).size).toBe(4);
    // A report older than the period is not counted, however many there are.
    const old = stored[0] as NonNullable<(typeof stored)[number]>;
    await server.db
      .insertInto("telemetry_events")
      .values(Array.from({ length: 5 }, (_, index) => ({ ...old, id: `old-${index}`, created_at: Date.now() - 2 * 86_400_000 })))
      .execute();
    const report = (await server.app.inject({ method: "GET", url: "/api/admin/operations?days=1", headers: { cookie: admin } })).json();
    expect(report.errors).toHaveLength(4);
    expect(report.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Cannot read item \d+ of {1,3}the list$/),
      kind: "error",
      count: 3,
    });
    expect(report.errors.slice(1).map((entry: { count: number }) => entry.count)).toEqual([1, 1, 1]);
    expect(report.errors.map((entry: { message: string }) => entry.message)).toContain(attacker);
    expect(new Set(report.errors.map((entry: { fingerprint: string }) => entry.fingerprint)).size).toBe(4);
    await server.db.deleteFrom("telemetry_events").execute();
  });

  it("records the sign-in funnel's steps where the answers are made, on the screen that asked", async () => {
    await server.db.deleteFrom("telemetry_events").execute();
    const referer = `${ORIGIN}/dsone/password-login?ReturnUrl=%2Fdemo%2Fdsone%2Fui&email=${SECRETS[2]}`;
    const attempt = (password: string) =>
      server.app.inject({
        method: "POST",
        url: "/api/dsone/password-login",
        headers: { origin: ORIGIN, referer },
        payload: { Email: "customer@example.com", Password: password },
      });
    expect((await attempt("not-the-password")).statusCode).toBe(401);
    expect((await attempt("customer-password-1")).statusCode).toBe(200);
    const link = await server.app.inject({
      method: "POST",
      url: "/api/access-link",
      headers: { origin: ORIGIN },
      payload: { Email: "nobody@example.com", ProductId: 6 },
    });
    expect(link.statusCode).toBe(200);
    const funnel = (await rows()).filter((row) => row.kind === "funnel").sort((a, b) => a.created_at - b.created_at);
    expect(funnel.map((row) => [row.name, JSON.parse(String(row.detail)), row.screen, row.brand, row.session_id])).toEqual([
      ["refused", { method: "password", code: "INVALID_CREDENTIALS" }, "/dsone/password-login", "dsone", "server"],
      ["signed_in", { method: "password" }, "/dsone/password-login", "dsone", "server"],
      ["refused", { method: "access_link", code: "ACCOUNT_NOT_FOUND" }, "/api/access-link", "dsone", "server"],
    ]);
    expect(JSON.stringify(funnel)).not.toContain(SECRETS[2]);
    await server.db.deleteFrom("telemetry_events").execute();
  });
});

describe("OTLP export", () => {
  let receiver: OtlpReceiver;
  let server: TestServer;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    server = await startTestServer("sqlite", { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it("sends stored events to the collector as log records, without the secrets", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/telemetry",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      payload: batch([pageView(), { kind: "error", source: "render", message: "The screen broke", path: "/dsone/login", at: 1 }]),
    });
    expect(response.statusCode).toBe(204);
    await receiver.waitFor("The screen broke");
    const logs = receiver.received.filter((entry) => entry.path === "/v1/logs");
    const text = logs.map((entry) => entry.body).join("\n");
    expect(text).toContain("browser.page_view");
    expect(text).toContain("account-sign-in");
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});

describe("stack mapping", () => {
  it("maps an asset's frame to its source file with the hidden map, and leaves unknown assets alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "account-maps-"));
    const assets = join(dir, "assets");
    mkdirSync(assets);
    // Generated line 1, column 0 comes from web/app/App.tsx line 3, column 4.
    writeFileSync(
      join(assets, "index-abc.js.map"),
      JSON.stringify({ version: 3, sources: ["../../web/app/App.tsx"], names: [], mappings: "AAEI" }),
    );
    const mapper = new StackMapper(dir);
    const mapped = mapper.map(
      "Error: x\n    at f (http://localhost:3000/assets/index-abc.js:1:1)\n    at g (http://localhost:3000/assets/other-xyz.js:2:5)",
    );
    expect(mapped.source).toBe("web/app/App.tsx:3:5");
    expect(mapped.stack).toContain("at f (web/app/App.tsx:3:5)");
    expect(mapped.stack).toContain("http://localhost:3000/assets/other-xyz.js:2:5");
  });
});

describe("metrics on a port of their own", () => {
  it("serves /metrics on the METRICS_PORT listener without a token, and nothing on the main port", async () => {
    const server = await startTestServer("sqlite", { METRICS_PORT: "9464" });
    try {
      // The main port has no /metrics: the address is just another page of the web app there.
      expect((await server.app.inject({ method: "GET", url: "/metrics" })).body).not.toContain("account_sign_ins_total");
      const response = await server.metricsApp?.inject({ method: "GET", url: "/metrics" });
      expect(response?.statusCode).toBe(200);
      expect(response?.body).toMatch(/^# HELP account_sign_ins_total /m);
    } finally {
      await server.stop();
    }
  });
});
