import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer } from "./support/spawn-server.ts";

/** The processes whose parent is this one (Linux's /proc). */
function children(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's pid is the fourth field, after the command in parentheses.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

describe("a spawned account server that never comes up", () => {
  // A database that takes the connection and never says a word: the server waits on it forever.
  let silent: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("is killed when the wait for it gives up, and the spawn fails saying so", async () => {
    const before = children();
    await expect(spawnServer({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/nothing` }, { startTimeoutMs: 3_000 })).rejects.toThrow(
      /did not start within 3 s/,
    );
    expect(children().filter((pid) => !before.includes(pid))).toEqual([]);
  });
});
