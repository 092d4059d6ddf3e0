import type { Db } from "../db/database.ts";
import type { MailWorker } from "../mail/worker.ts";
import type { TelemetrySinks } from "../telemetry/store.ts";
import type { Config } from "./config.ts";

/** What every group of routes is handed: no globals, so tests can build as many apps as they like. */
export interface AppContext {
  config: Config;
  db: Db;
  mailWorker: MailWorker;
  /** Where browser telemetry goes: the database, the metrics, and OTLP when configured. */
  telemetry: TelemetrySinks;
}
