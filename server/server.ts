import Fastify, { type FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "./app.ts";
import { pruneExpiredSignInCodes } from "./auth/access-link/sign-in-codes.ts";
import { pruneEmailChanges } from "./auth/account/email-change/shared.ts";
import { pruneRiscTokens } from "./auth/google/risc.ts";
import { pruneAuditTrail } from "./auth/kernel/audit-trail.ts";
import { pruneKnownOrigins } from "./auth/kernel/known-origins.ts";
import { pruneOneTimeTokens } from "./auth/kernel/one-time-tokens.ts";
import { pruneRateLimits } from "./auth/kernel/rate-limit.ts";
import { pruneExpiredConfirmationCodes } from "./auth/kernel/recent-sign-in.ts";
import { pruneExpiredSessions } from "./auth/kernel/session-store.ts";
import { pruneSignInNotices } from "./auth/not-me/not-me.ts";
import { pruneExpiredChallenges } from "./auth/passkey/passkeys.ts";
import { pruneAttempts } from "./auth/social/external-logins.ts";
import type { Config } from "./base/config.ts";
import { pruneSpentChallenges } from "./challenge/proof-of-work.ts";
import { registerBrandProducts } from "./db/brand-products.ts";
import { type Db, openDatabase } from "./db/database.ts";
import type { SweepCost } from "./db/retention.ts";
import { mailKeysFor } from "./mail/body-encryption.ts";
import { type FeedbackServer, startFeedbackServer } from "./mail/feedback-server.ts";
import { pruneSettledMail, sealWaitingMail } from "./mail/outbox.ts";
import { smtpDelivery } from "./mail/smtp-delivery.ts";
import { parseBounceAddress } from "./mail/verp.ts";
import { type Deliver, developmentMailbox, MailWorker, prepareDevelopmentMailbox } from "./mail/worker.ts";
import { pruneExpiredOidcPayloads } from "./provider/adapter.ts";
import { pruneDpopProofs } from "./provider/dpop.ts";
import { pruneSettledLogoutTokens } from "./provider/logout-delivery.ts";
import { WEB_BUILD_DIR } from "./site/spa.ts";
import { metricsRoutes } from "./telemetry/http.ts";
import { Metrics } from "./telemetry/metrics.ts";
import { startOtlpExport } from "./telemetry/otlp.ts";
import { StackMapper } from "./telemetry/source-maps.ts";
import { addressShare, pruneTelemetry, type TelemetrySinks, telemetrySinks } from "./telemetry/store.ts";

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  mailWorker: MailWorker;
  /** True when the demo accounts were created by this start. */
  seeded: boolean;
  telemetry: TelemetrySinks;
  /** Where the mail feedback server (MAIL_FEEDBACK_LISTEN) took its port, when it runs. */
  feedbackPort: number | undefined;
  /** The separate /metrics listener (METRICS_PORT), started by listen(). */
  metricsApp: FastifyInstance | undefined;
  close(): Promise<void>;
}

const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * Everything the account server is, wired together: the database (migrated), demo data when it is
 * new and this is not production, the mail worker, housekeeping and the HTTP app, not yet listening.
 */
export async function createServer(config: Config, options: AppOptions & { deliver?: Deliver } = {}): Promise<RunningServer> {
  // Read (or, outside production, create) the mail key first: a bad key file stops the start.
  mailKeysFor(config);
  const { db, fresh } = await openDatabase(config.databaseUrl);
  const seeded = fresh && !config.production;
  // MAIL_CONCURRENCY is for a mail server over the network; the development mailbox (a local
  // insert) and a delivery the caller hands in (tests) take one mail at a time, in queue order.
  const smtp = config.smtpUrl !== undefined && options.deliver === undefined;
  const concurrency = smtp ? config.mailConcurrency : 1;
  const deliver =
    options.deliver ?? (config.smtpUrl ? smtpDelivery(config.smtpUrl, { connections: concurrency }) : developmentMailbox(db, config));
  const mailWorker = new MailWorker(db, config, deliver, {
    concurrency,
    ...(config.mailBounceAddress ? { bounceAddress: config.mailBounceAddress } : {}),
  });
  const metrics = new Metrics(db);
  mailWorker.onOutcome = (outcome) => {
    if (outcome === "delivered") metrics.mailDeliveries.inc();
    else if (outcome === "retry") metrics.mailRetries.inc();
    else if (outcome === "suppressed") metrics.mailSuppressed.inc();
    else metrics.mailFailures.inc();
  };
  let app: FastifyInstance;
  let metricsApp: FastifyInstance | undefined;
  let telemetry: TelemetrySinks;
  try {
    const otlp = config.otlp ? await startOtlpExport(config.otlp) : undefined;
    telemetry = telemetrySinks({
      db,
      metrics,
      otlp,
      stacks: new StackMapper(options.webBuildDir ?? WEB_BUILD_DIR),
      cap: {
        limit: config.rateLimits.limits.telemetryTotal,
        windowMs: config.rateLimits.windowMs,
        perAddress: addressShare(config.rateLimits.limits.telemetryTotal, config.rateLimits.limits.telemetryEventsPerIp),
      },
    });
    await sealWaitingMail(db, config);
    if (config.mailbox) await prepareDevelopmentMailbox(db);
    await registerBrandProducts(db);
    // Loaded only outside production: the production bundle (the container image's) has neither.
    if (seeded) await (await import("./development/seed.ts")).seedDemoData(db);
    if (!config.production) await (await import("./development/demo-clients.ts")).registerDemoClients(db, config);
    app = await buildApp({ config, db, mailWorker, telemetry }, options);
    if (config.metrics.port !== undefined) {
      // A listener of its own, for a scraper on an internal network: nothing else is served there.
      metricsApp = Fastify({ logger: false });
      metricsRoutes(metricsApp, { config, db, mailWorker, telemetry }, { requireToken: false });
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  mailWorker.start(app.log);
  let feedback: FeedbackServer | undefined;
  if (config.mailFeedbackListen && config.mailBounceAddress) {
    try {
      feedback = await startFeedbackServer(
        db,
        { ...config.mailFeedbackListen, bounce: parseBounceAddress(config.mailBounceAddress), keys: mailKeysFor(config) },
        app.log,
        (outcome) => metrics.mailReports.inc({ outcome }),
      );
    } catch (error) {
      await mailWorker.stop();
      await app.close();
      await db.destroy();
      throw error;
    }
  }
  // One sweep after another, each in batches (db/retention.ts): on PostgreSQL they would otherwise
  // hold sixteen of the pool's connections at once, on SQLite queue for its one writer together.
  const sweeps: [string, () => Promise<SweepCost>][] = [
    ["sessions", () => pruneExpiredSessions(db, config.sessionIdleTimeoutMs)],
    ["passkey_challenges", () => pruneExpiredChallenges(db)],
    ["sign_in_codes", () => pruneExpiredSignInCodes(db)],
    ["step_up_codes", () => pruneExpiredConfirmationCodes(db)],
    ["one_time_tokens", () => pruneOneTimeTokens(db)],
    ["sign_in_notices", () => pruneSignInNotices(db)],
    ["email_changes", () => pruneEmailChanges(db)],
    ["rate_limits", () => pruneRateLimits(db, config.rateLimits.windowMs)],
    ["known_origins", () => pruneKnownOrigins(db)],
    ["oidc_payloads", () => pruneExpiredOidcPayloads(db)],
    ["dpop_proofs", () => pruneDpopProofs(db)],
    ["telemetry_events", () => pruneTelemetry(db, config.telemetry.retentionMs)],
    ["external_login_attempts", () => pruneAttempts(db)],
    ["google_risc_tokens", () => pruneRiscTokens(db)],
    ["spent_challenges", () => pruneSpentChallenges(db)],
    ["audit_events", () => pruneAuditTrail(db, config.auditRetentionMs)],
    ["outbox", () => pruneSettledMail(db, config.outboxRetentionMs)],
    ["logout_deliveries", () => pruneSettledLogoutTokens(db, config.outboxRetentionMs)],
  ];
  let sweeping = false;
  const housekeeping = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    const swept: Record<string, SweepCost> = {};
    try {
      for (const [table, sweep] of sweeps) {
        const cost = await sweep();
        if (cost.rows > 0) swept[table] = cost;
      }
      if (Object.keys(swept).length > 0) app.log.info({ swept }, "housekeeping deleted what has expired");
    } catch (error) {
      app.log.warn({ err: error }, "housekeeping failed");
    } finally {
      sweeping = false;
    }
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  return {
    app,
    db,
    mailWorker,
    seeded,
    telemetry,
    metricsApp,
    feedbackPort: feedback?.port,
    async close() {
      clearInterval(housekeeping);
      await feedback?.close();
      await app.close();
      await metricsApp?.close();
      await mailWorker.stop();
      await telemetry.otlp?.shutdown().catch((error: unknown) => app.log.warn({ err: error }, "OTLP export could not flush"));
      await db.destroy();
    },
  };
}
