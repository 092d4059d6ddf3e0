import pg from "pg";

/**
 * Tells this process when another (or this one) changes a table, through PostgreSQL's LISTEN: a
 * trigger of the table's (db/migrations.ts) NOTIFYs its channel with the changed row's id when the
 * change commits. One connection of its own, outside the pool, which it opens again after a drop.
 *
 * `onChange` hears each change's id; `onUnsure` hears that changes may have been missed (the
 * connection dropped, or is not yet open), and again once it listens anew: whatever was kept from
 * the table is to be read afresh. `listening()` says whether a change would be heard now.
 */
export interface TableChanges {
  listening(): boolean;
  close(): Promise<void>;
}

const REOPEN_AFTER_MS = 1_000;

export function listenForTableChanges(
  databaseUrl: string,
  channel: string,
  onChange: (id: string) => void,
  onUnsure: () => void,
): TableChanges {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let reopen: NodeJS.Timeout | undefined;

  const lost = (opened: pg.Client) => {
    if (client !== opened) return;
    client = undefined;
    listening = false;
    onUnsure();
    opened.end().catch(() => {});
    if (!closed) reopen = setTimeout(open, REOPEN_AFTER_MS).unref();
  };

  async function open(): Promise<void> {
    const opening = new pg.Client({ connectionString: databaseUrl });
    client = opening;
    opening.on("error", () => lost(opening));
    opening.on("end", () => lost(opening));
    opening.on("notification", (message) => {
      if (message.channel === channel) onChange(message.payload ?? "");
    });
    try {
      await opening.connect();
      await opening.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (closed || client !== opening) return void opening.end().catch(() => {});
      listening = true;
      // What was read before this moment may have changed unheard.
      onUnsure();
    } catch {
      lost(opening);
    }
  }

  void open();
  return {
    listening: () => listening,
    async close() {
      closed = true;
      clearTimeout(reopen);
      listening = false;
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
