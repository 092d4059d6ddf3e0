import { type Db, isPostgres } from "../db/database.ts";
import { listenForTableChanges, type TableChanges } from "../db/table-changes.ts";
import { clientMetadata } from "./clients.ts";

type Metadata = Record<string, unknown>;

/** Clients kept at most; the registered ones are a handful, so this only bounds a mistake. */
const KEPT = 1_000;

/**
 * The registered clients as the provider asks for them, on every authorization, exchange and
 * refresh (docs/decisions/0089). On PostgreSQL each is kept once read, for as long as this process
 * hears every change of the client table (a trigger NOTIFYs each changed id, db/table-changes.ts):
 * a client registered, changed or removed on any instance, by the CLI or by hand, is read afresh on
 * its next use. While the listening connection is down, nothing is kept and every use reads.
 * SQLite runs in the process, where the read costs no round trip, and another process (the CLI)
 * changes the file unheard: there every use reads.
 */
export class ClientCache {
  readonly #db: Db;
  readonly #kept = new Map<string, Metadata>();
  readonly #changes: TableChanges | undefined;
  /** Moves on at every change heard: a read begun before a change keeps nothing. */
  #generation = 0;

  constructor(db: Db, databaseUrl: string) {
    this.#db = db;
    this.#changes = isPostgres(db)
      ? listenForTableChanges(
          databaseUrl,
          "oidc_clients",
          (id) => this.#forget(id),
          () => this.#forget(),
        )
      : undefined;
  }

  async find(id: string): Promise<Metadata | undefined> {
    const kept = this.#kept.get(id);
    // A copy: what the provider is handed is its own.
    if (kept) return structuredClone(kept);
    const generation = this.#generation;
    const metadata = await clientMetadata(this.#db, id);
    // An unknown id is not kept: anyone can ask for any.
    if (metadata && this.#changes?.listening() && generation === this.#generation) {
      if (this.#kept.size >= KEPT) this.#kept.delete(this.#kept.keys().next().value as string);
      this.#kept.set(id, structuredClone(metadata));
    }
    return metadata;
  }

  #forget(id?: string): void {
    this.#generation++;
    if (id) this.#kept.delete(id);
    else this.#kept.clear();
  }

  close(): Promise<void> {
    return this.#changes?.close() ?? Promise.resolve();
  }
}
