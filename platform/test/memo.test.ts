import { describe, expect, it } from "vitest";
import { ManualClock } from "../src/clock.ts";
import { LocalCache, SingleFlight } from "../src/memo.ts";

describe("SingleFlight", () => {
  it("runs one computation per key at a time and frees the key when it settles", async () => {
    const flight = new SingleFlight<string, number>();
    let runs = 0;
    let release: (n: number) => void = () => {};
    const work = () => {
      runs++;
      return new Promise<number>((resolve) => {
        release = resolve;
      });
    };
    const a = flight.run("k", work);
    const b = flight.run("k", work);
    release(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
    expect(runs).toBe(1);
    await expect(flight.run("k", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await flight.run("k", async () => 8)).toBe(8);
  });
});

describe("LocalCache", () => {
  it("forgets entries after the TTL on the injected clock, and the oldest write past the bound", () => {
    const clock = new ManualClock();
    const cache = new LocalCache<string, number>({ max: 2, ttlMs: 1000, clock });
    cache.set("a", 1);
    cache.set("b", 2);
    clock.advance(999);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBe(2);
    clock.advance(1);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("c")).toBe(3);
    cache.delete("c");
    expect(cache.size).toBe(0);
  });
});

describe("LocalCache's bound in bytes", () => {
  it("keeps the values' sizes under maxBytes, measuring a value again when it grows", () => {
    const clock = new ManualClock();
    const cache = new LocalCache<string, { bytes: number }>({ max: 100, ttlMs: 1000, clock, maxBytes: 1000, sizeOf: (v) => v.bytes });
    cache.set("a", { bytes: 400 });
    cache.set("b", { bytes: 400 });
    expect(cache.bytes).toBe(800);
    cache.set("c", { bytes: 400 });
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(800);
    // c grew (a body was added): b, the oldest, goes
    const c = cache.get("c") as { bytes: number };
    c.bytes = 700;
    cache.resize("c");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.bytes).toBe(700);
    // larger than the bound: not kept
    cache.set("huge", { bytes: 5000 });
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("c")).toBe(c);
    // an expired entry is still there for revalidation, and renewed
    clock.advance(1000);
    expect(cache.get("c")).toBeUndefined();
    cache.set("d", { bytes: 100 });
    clock.advance(1000);
    expect(cache.stale("d")).toEqual({ bytes: 100 });
    cache.renew("d");
    expect(cache.get("d")).toEqual({ bytes: 100 });
  });
});
