import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { ensureKeys, KEY_RELOAD_MS, loadKeys } from "./keys.ts";
import { buildProvider } from "./provider.ts";

/**
 * The running OpenID Provider. Its keys are read from the database at start and every minute
 * after: a key rotated by the CLI (on any instance) is published and, once active, signs here too.
 * oidc-provider takes its keys at construction, so a changed set builds a new provider; its state
 * is all in the database, so nothing is lost.
 */
export class OidcService {
  #provider: Provider;
  #handler: (req: IncomingMessage, res: ServerResponse) => unknown;
  #fingerprint: string;
  #timer: NodeJS.Timeout | undefined;

  private readonly db: Db;
  private readonly config: Config;

  private constructor(db: Db, config: Config, provider: Provider, fingerprint: string) {
    this.db = db;
    this.config = config;
    this.#provider = provider;
    this.#handler = provider.callback();
    this.#fingerprint = fingerprint;
  }

  static async start(db: Db, config: Config): Promise<OidcService> {
    await ensureKeys(db);
    const keys = await loadKeys(db);
    return new OidcService(db, config, buildProvider(db, config, keys), keys.fingerprint);
  }

  get provider(): Provider {
    return this.#provider;
  }

  handle(req: IncomingMessage, res: ServerResponse): unknown {
    return this.#handler(req, res);
  }

  /** Loads the keys again; answers whether they changed (and the provider was rebuilt). */
  async reloadKeys(now = Date.now()): Promise<boolean> {
    const keys = await loadKeys(this.db, now);
    if (keys.fingerprint === this.#fingerprint) return false;
    this.#provider = buildProvider(this.db, this.config, keys);
    this.#handler = this.#provider.callback();
    this.#fingerprint = keys.fingerprint;
    return true;
  }

  watchKeys(onError: (error: unknown) => void): void {
    this.#timer = setInterval(() => this.reloadKeys().catch(onError), KEY_RELOAD_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
