import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay between the account server and PostgreSQL that counts, on the wire, the statements
 * the server runs: each Execute of the extended protocol and each simple Query. It needs neither
 * pg_stat_statements (a preloaded extension) nor a superuser's log_statement, which the test
 * role does not have; and it counts only this server's statements, not those of whatever else
 * shares the cluster. Statements are told apart by their text (from the Parse that named them):
 * begin, commit and rollback are counted on their own, and so are the transactions that wrote
 * (each a flush of PostgreSQL's log): an explicit one with an insert, update or delete in it, or
 * such a statement run on its own. (pg_stat_database's xact_commit cannot tell these apart, and
 * a busy backend reports it up to ten seconds late, into whatever is measured next.)
 */
interface WireCounts {
  /** Statements other than begin, commit and rollback. */
  statements: number;
  /** Explicit transactions the server committed (a commit statement). */
  commits: number;
  rollbacks: number;
  /** Transactions committed that wrote: explicit ones with a write, and writes run on their own. */
  writeCommits: number;
}

export interface WireCounter {
  /** A database URL for the server: `url` with its host and port replaced by the relay's. */
  url: string;
  counts(): WireCounts;
  close(): Promise<void>;
}

const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;

const WRITES = /\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;

/** Reads the client's half of one connection: untyped start-up messages, then typed ones. */
function countMessages(socket: Socket, counts: WireCounts): void {
  let buffer = Buffer.alloc(0);
  let started = false;
  // Per connection: prepared statement name to text, and the statement each portal was bound to.
  const statements = new Map<string, string>();
  const portals = new Map<string, string>();
  const cString = (data: Buffer, at: number): [string, number] => {
    const end = data.indexOf(0, at);
    return [data.toString("utf8", at, end), end + 1];
  };
  let inTransaction = false;
  let wrote = false;
  const count = (text: string) => {
    const word = text.trimStart().slice(0, 8).toLowerCase();
    if (word.startsWith("begin") || word.startsWith("start")) {
      inTransaction = true;
      wrote = false;
    } else if (word.startsWith("commit")) {
      counts.commits += 1;
      if (wrote) counts.writeCommits += 1;
      inTransaction = false;
    } else if (word.startsWith("rollback")) {
      counts.rollbacks += 1;
      inTransaction = false;
    } else {
      counts.statements += 1;
      const writes = WRITES.test(text);
      if (inTransaction) wrote ||= writes;
      else if (writes) counts.writeCommits += 1;
    }
  };
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        if (code !== SSL_REQUEST && code !== GSSENC_REQUEST && code !== CANCEL_REQUEST) started = true;
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const type = String.fromCharCode(buffer[0] as number);
      const body = buffer.subarray(5, 1 + length);
      if (type === "P") {
        const [name, at] = cString(body, 0);
        const [text] = cString(body, at);
        statements.set(name, text);
      } else if (type === "B") {
        const [portal, at] = cString(body, 0);
        const [statement] = cString(body, at);
        portals.set(portal, statements.get(statement) ?? "");
      } else if (type === "E") {
        const [portal] = cString(body, 0);
        count(portals.get(portal) ?? "");
      } else if (type === "Q") {
        // A simple query may hold several statements; the server's are one each.
        count(cString(body, 0)[0]);
      }
      buffer = buffer.subarray(1 + length);
    }
  });
}

/** Starts a relay on a free loopback port to the PostgreSQL of `databaseUrl`. */
export async function startWireCounter(databaseUrl: string): Promise<WireCounter> {
  const target = new URL(databaseUrl);
  const counts: WireCounts = { statements: 0, commits: 0, rollbacks: 0, writeCommits: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(client).add(upstream);
    countMessages(client, counts);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const relayed = new URL(databaseUrl);
  relayed.hostname = "127.0.0.1";
  relayed.port = String(typeof address === "object" && address ? address.port : 0);
  return {
    url: relayed.href,
    counts: () => ({ ...counts }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
