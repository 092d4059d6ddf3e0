import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { MailWorker } from "./mail/worker.ts";

/** What every group of routes is handed: no globals, so tests can build as many apps as they like. */
export interface AppContext {
  config: Config;
  db: Db;
  mailWorker: MailWorker;
}
