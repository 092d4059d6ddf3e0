import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "./app.ts";
import { pruneKnownOrigins } from "./auth/known-origins.ts";
import { pruneRateLimits } from "./auth/rate-limit.ts";
import { pruneExpiredSessions } from "./auth/sessions.ts";
import type { Config } from "./config.ts";
import { registerBrandProducts } from "./db/brand-products.ts";
import { type Db, openDatabase } from "./db/database.ts";
import { type Deliver, developmentMailbox, MailWorker, prepareDevelopmentMailbox, smtpDelivery } from "./mail/worker.ts";
import { pruneExpiredOidcPayloads } from "./oidc/adapter.ts";
import { registerDemoClients } from "./oidc/demo-clients.ts";
import { seedDemoData } from "./seed.ts";

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  mailWorker: MailWorker;
  /** True when the demo accounts were created by this start. */
  seeded: boolean;
  close(): Promise<void>;
}

const HOUSEKEEPING_MS = 10 * 60_000;

/**
 * Everything the account server is, wired together: the database (migrated), demo data when it is
 * new and this is not production, the mail worker, housekeeping and the HTTP app, not yet listening.
 */
export async function createServer(config: Config, options: AppOptions & { deliver?: Deliver } = {}): Promise<RunningServer> {
  const { db, fresh } = await openDatabase(config.databaseUrl);
  const seeded = fresh && !config.production;
  const deliver = options.deliver ?? (config.smtpUrl ? smtpDelivery(config.smtpUrl) : developmentMailbox(db, config.publicUrl));
  const mailWorker = new MailWorker(db, deliver);
  let app: FastifyInstance;
  try {
    if (config.mailbox) await prepareDevelopmentMailbox(db);
    await registerBrandProducts(db);
    if (seeded) await seedDemoData(db);
    if (!config.production) await registerDemoClients(db, config);
    app = await buildApp({ config, db, mailWorker }, options);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  mailWorker.start(app.log);
  const housekeeping = setInterval(() => {
    Promise.all([
      pruneExpiredSessions(db, config.sessionIdleTimeoutMs),
      pruneRateLimits(db, config.rateLimits.windowMs),
      pruneKnownOrigins(db),
      pruneExpiredOidcPayloads(db),
    ]).catch((error: unknown) => app.log.warn({ err: error }, "housekeeping failed"));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();
  return {
    app,
    db,
    mailWorker,
    seeded,
    async close() {
      clearInterval(housekeeping);
      await app.close();
      await mailWorker.stop();
      await db.destroy();
    },
  };
}
