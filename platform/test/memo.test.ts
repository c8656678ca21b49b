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
