import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "./app.ts";
import { pruneAttempts } from "./auth/external-logins.ts";
import { pruneRateLimits } from "./auth/rate-limit.ts";
import { pruneExpiredSessions } from "./auth/sessions.ts";
import type { Config } from "./config.ts";
import { type Db, openDatabase } from "./db/database.ts";
import { type Deliver, developmentMailbox, MailWorker, smtpDelivery } from "./mail/worker.ts";
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
  const deliver = options.deliver ?? (config.smtpUrl ? smtpDelivery(config.smtpUrl) : developmentMailbox(config.publicUrl));
  const mailWorker = new MailWorker(db, deliver);
  let app: FastifyInstance;
  try {
    if (seeded) await seedDemoData(db);
    app = await buildApp({ config, db, mailWorker }, options);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  mailWorker.start(app.log);
  const housekeeping = setInterval(() => {
    Promise.all([pruneExpiredSessions(db), pruneRateLimits(db, config.rateLimits.windowMs), pruneAttempts(db)]).catch((error: unknown) =>
      app.log.warn({ err: error }, "housekeeping failed"),
    );
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
