import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createReadCache, UNUSED_DROP_MS } from "./read-cache.ts";

describe("the read cache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers again from what it keeps, and each use starts the minute again", async () => {
    const cache = createReadCache();
    const load = vi.fn(async () => ({ signedIn: true }));
    await cache.read("session", load);
    vi.advanceTimersByTime(UNUSED_DROP_MS - 1_000);
    await cache.read("session", load);
    vi.advanceTimersByTime(UNUSED_DROP_MS - 1_000);
    expect(await cache.read("session", load)).toEqual({ signedIn: true });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("drops an answer unused for 60 seconds, and asks again after", async () => {
    const cache = createReadCache();
    const load = vi.fn(async () => "answer");
    await cache.read("session", load);
    vi.advanceTimersByTime(UNUSED_DROP_MS - 1);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.size).toBe(0);
    await cache.read("session", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps no failure, and forget() drops everything at once", async () => {
    const cache = createReadCache();
    const failing = vi.fn(async () => {
      throw new Error("Network Error");
    });
    await expect(cache.read("session", failing)).rejects.toThrow("Network Error");
    expect(cache.size).toBe(0);
    const load = vi.fn(async () => 1);
    await cache.read("a", load);
    await cache.read("b", load);
    cache.forget();
    expect(cache.size).toBe(0);
    await cache.read("a", load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
