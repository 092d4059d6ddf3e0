import { describe, expect, it } from "vitest";
import { keptUntilFailure } from "../server/base/kept-promise.ts";

describe("a promise kept until it fails", () => {
  it("is made once, at the first use, and kept", async () => {
    let made = 0;
    const kept = keptUntilFailure(async () => ++made);
    expect(kept.made()).toBeUndefined();
    expect(made).toBe(0);
    expect(await Promise.all([kept(), kept()])).toEqual([1, 1]);
    expect(await kept()).toBe(1);
    expect(await kept.made()).toBe(1);
  });

  it("is made again after a failure, which every use made meanwhile shares", async () => {
    let made = 0;
    const kept = keptUntilFailure(async () => {
      made++;
      if (made === 1) throw new Error("not yet");
      return made;
    });
    const [first, second] = await Promise.allSettled([kept(), kept()]);
    expect(first.status).toBe("rejected");
    expect(second.status).toBe("rejected");
    expect(kept.made()).toBeUndefined();
    expect(await kept()).toBe(2);
    expect(await kept()).toBe(2);
    expect(made).toBe(2);
  });
});
