import { describe, expect, it } from "vitest";
import { MemoryCache } from "../../src/cache/memory.ts";
import { ManualClock } from "../../src/clock.ts";
import { runCacheContract } from "./contract.ts";

runCacheContract("MemoryCache", async () => {
  const clock = new ManualClock();
  // one process has one memory cache per namespace, so the same prefix hands back the same instance
  const caches = new Map<string, MemoryCache>();
  return {
    open(prefix) {
      let cache = caches.get(prefix);
      if (!cache) {
        cache = new MemoryCache(clock);
        caches.set(prefix, cache);
      }
      return cache;
    },
    async expire(ms) {
      clock.advance(ms);
    },
    async close() {
      await Promise.all([...caches.values()].map((c) => c.close()));
    },
  };
});

describe("MemoryCache's bound in bytes", () => {
  it("keeps at most maxBytes, letting the least recently used entries go first", async () => {
    const clock = new ManualClock();
    const cache = new MemoryCache(clock, { maxBytes: 10_000 });
    const text = (n: number) => "x".repeat(n);
    await cache.setText("a", text(3000));
    await cache.setText("b", text(3000));
    await cache.setText("c", text(3000));
    // reading a makes b the least recently used
    expect(await cache.getText("a")).not.toBeNull();
    await cache.setText("d", text(3000));
    expect(await cache.getText("b")).toBeNull();
    expect(await cache.getText("a")).not.toBeNull();
    expect(await cache.getText("c")).not.toBeNull();
    expect(await cache.getText("d")).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // replacing an entry counts it once
    for (let i = 0; i < 100; i++) await cache.set("counter", { i, pad: text(100) });
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    // a value larger than the bound is not kept, and pushes nothing out
    await cache.setText("huge", text(20_000));
    expect(await cache.getText("huge")).toBeNull();
    expect(await cache.getText("d")).not.toBeNull();
    // a million small keys (per-client counters) never hold more than the bound
    const small = new MemoryCache(clock, { maxBytes: 100_000 });
    for (let i = 0; i < 20_000; i++) await small.incr(`ratelimit:all:10.0.${i >> 8}.${i & 255}`, 60_000);
    expect(small.bytes).toBeLessThanOrEqual(100_000);
    expect(await small.get("ratelimit:all:10.0.78.31")).toBe(1);
  });
});
