import { describe, expect, it } from "vitest";
import { BatchedWrites } from "../server/db/batched-writes.ts";

/** A write that is held until the test lets it go, recording each batch it was given. */
function heldWrites() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const writes = new BatchedWrites<number, string>(async (items) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => releases.push(resolve));
    if (items.includes(13)) throw new Error("unlucky batch");
    return items.map((item) => `stored ${item}`);
  }, 3);
  const releaseNext = async () => {
    while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
    (releases.shift() as () => void)();
  };
  return { writes, batches, releaseNext };
}

describe("writes that go to the database in batches", () => {
  it("writes one alone at once, and answers its own result", async () => {
    const { writes, batches, releaseNext } = heldWrites();
    const stored = writes.add(1);
    await releaseNext();
    expect(await stored).toBe("stored 1");
    expect(batches).toEqual([[1]]);
  });

  it("sends the writes of one turn together, and those made during a write as the next batch", async () => {
    const { writes, batches, releaseNext } = heldWrites();
    const first = [writes.add(1), writes.add(2)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);
    // While [1, 2] is being written, three more arrive: they wait, then go as one.
    const second = [writes.add(3), writes.add(4), writes.add(5)];
    expect(batches).toHaveLength(1);
    await releaseNext();
    expect(await Promise.all(first)).toEqual(["stored 1", "stored 2"]);
    await releaseNext();
    expect(await Promise.all(second)).toEqual(["stored 3", "stored 4", "stored 5"]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    await writes.settled();
  });

  it("keeps a batch to its largest size", async () => {
    const { writes, batches, releaseNext } = heldWrites();
    const all = [1, 2, 3, 4, 5].map((item) => writes.add(item));
    await releaseNext();
    await releaseNext();
    expect(await Promise.all(all)).toHaveLength(5);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it("fails the writes of a failed batch alone, and goes on with the next", async () => {
    const { writes, releaseNext } = heldWrites();
    const failed = [writes.add(12), writes.add(13)];
    await new Promise((resolve) => setImmediate(resolve));
    const settling = Promise.allSettled([...failed, writes.add(14)]);
    await releaseNext();
    await releaseNext();
    const outcomes = await settling;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect((outcomes[0] as PromiseRejectedResult).reason).toEqual(new Error("unlucky batch"));
    expect((outcomes[2] as PromiseFulfilledResult<string>).value).toBe("stored 14");
  });

  it("starts a new batch for a write added after the last one is written", async () => {
    const { writes, batches, releaseNext } = heldWrites();
    const first = writes.add(1);
    await releaseNext();
    expect(await first).toBe("stored 1");
    await writes.settled();
    const second = writes.add(2);
    await releaseNext();
    expect(await second).toBe("stored 2");
    expect(batches).toEqual([[1], [2]]);
  });

  it("writes one at a time when its largest batch is one", async () => {
    const batches: number[][] = [];
    const writes = new BatchedWrites<number, number>(async (items) => {
      batches.push([...items]);
      return items.map((item) => item * 2);
    }, 1);
    expect(await Promise.all([writes.add(1), writes.add(2), writes.add(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1], [2], [3]]);
  });

  it("says when everything added is written", async () => {
    const { writes, releaseNext } = heldWrites();
    let settled = false;
    const stored = writes.add(1);
    const waiting = writes.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await releaseNext();
    await waiting;
    expect(settled).toBe(true);
    expect(await stored).toBe("stored 1");
  });
});
