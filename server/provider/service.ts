import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { Config } from "../base/config.ts";
import type { Db } from "../db/database.ts";
import { ClientCache } from "./client-cache.ts";
import { ensureKeys, KEY_RELOAD_MS, loadKeys } from "./keys.ts";
import { buildProvider, type ProviderHooks } from "./provider.ts";

interface Running {
  provider: Provider;
  handler: (req: IncomingMessage, res: ServerResponse) => unknown;
  fingerprint: string;
}

/**
 * The running OpenID Provider. It starts at its first use, or when the server warms it up just
 * after listening (server/main.ts): oidc-provider and what it loads are about a tenth of a second
 * that the first login page does not wait for. Its keys are read from the database then and every
 * minute after: a key rotated by the CLI (on any instance) is published and, once active, signs
 * here too. oidc-provider takes its keys at construction, so a changed set builds a new provider;
 * its state is all in the database, so nothing is lost.
 */
export class OidcService {
  #running: Promise<Running> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #onKeyError: (error: unknown) => void;
  /** Kept across rebuilds of the provider (a key rotation): the clients have not changed. */
  #clients: ClientCache | undefined;

  private readonly db: Db;
  private readonly config: Config;
  /** Set by the app: what the provider reports (refused DPoP proofs) goes to the metrics. */
  readonly hooks: ProviderHooks = {};

  constructor(db: Db, config: Config, onKeyError: (error: unknown) => void) {
    this.db = db;
    this.config = config;
    this.#onKeyError = onKeyError;
  }

  /** Starts the provider if it has not started; a start that failed is tried again. */
  start(): Promise<Running> {
    this.#running ??= this.#startOnce();
    return this.#running.catch((error: unknown) => {
      this.#running = undefined;
      throw error;
    });
  }

  async #startOnce(): Promise<Running> {
    if (this.#stopped) throw new Error("the OpenID Provider has stopped");
    await ensureKeys(this.db);
    const running = await this.#build();
    // Not armed by a start that finished after the server began to stop.
    if (!this.#stopped) this.#timer ??= setInterval(() => this.reloadKeys().catch(this.#onKeyError), KEY_RELOAD_MS).unref();
    return running;
  }

  async #build(now = Date.now()): Promise<Running> {
    const keys = await loadKeys(this.db, now);
    this.#clients ??= new ClientCache(this.db, this.config.databaseUrl);
    const provider = await buildProvider(this.db, this.config, keys, this.#clients, this.hooks);
    return { provider, handler: provider.callback(), fingerprint: keys.fingerprint };
  }

  async provider(): Promise<Provider> {
    return (await this.start()).provider;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    return (await this.start()).handler(req, res);
  }

  /** Loads the keys again; answers whether they changed (and the provider was rebuilt). */
  async reloadKeys(now = Date.now()): Promise<boolean> {
    const current = await this.start();
    const keys = await loadKeys(this.db, now);
    if (keys.fingerprint === current.fingerprint) return false;
    const rebuilt = await this.#build(now);
    this.#running = Promise.resolve(rebuilt);
    return true;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#clients?.close();
  }
}
