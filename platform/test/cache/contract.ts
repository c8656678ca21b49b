/**
 * The Cache contract, run against every adapter. A fixture opens caches by key prefix (the same prefix = the
 * same namespace, as replicas of one service share) and moves time past a TTL: a manual clock for memory,
 * a real wait for Redis, so keep the TTLs here short.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Cache } from "../../src/cache/port.ts";

export interface CacheFixture {
  open(prefix: string): Cache;
  /** lets `ms` pass as the cache sees time */
  expire(ms: number): Promise<void>;
  close(): Promise<void>;
}

export function runCacheContract(name: string, setup: () => Promise<CacheFixture>): void {
  describe(`Cache contract: ${name}`, () => {
    let fixture: CacheFixture;
    let cache: Cache;

    beforeEach(async () => {
      fixture = await setup();
      cache = fixture.open("main");
    });
    afterEach(async () => {
      await fixture.close();
    });

    it("gets null for a key never set", async () => {
      expect(await cache.get("nothing")).toBeNull();
    });

    it("sets, overwrites and deletes", async () => {
      await cache.set("k", "first");
      expect(await cache.get("k")).toBe("first");
      await cache.set("k", "second");
      expect(await cache.get("k")).toBe("second");
      await cache.del("k");
      expect(await cache.get("k")).toBeNull();
      await expect(cache.del("k")).resolves.toBeUndefined();
    });

    it("round-trips values through JSON", async () => {
      const value = {
        n: 1.5,
        neg: -3,
        s: "héllo ✓",
        yes: true,
        no: false,
        none: null,
        list: [1, "two", { three: 3 }],
        nested: { a: { b: [] } },
      };
      await cache.set("obj", value);
      expect(await cache.get("obj")).toEqual(value);
      await cache.set("num", 42);
      expect(await cache.get<number>("num")).toBe(42);
      await cache.set("at", { at: new Date(Date.UTC(2026, 0, 2)) });
      expect(await cache.get("at")).toEqual({ at: "2026-01-02T00:00:00.000Z" });
    });

    it("keeps text as it is (setText/getText), with a TTL like any value", async () => {
      const json = JSON.stringify({ quote: 'say "hi"', list: [1, 2], unicode: "héllo ✓" });
      await cache.setText("t", json);
      expect(await cache.getText("t")).toBe(json);
      await cache.setText("short", "gone soon", 100);
      expect(await cache.getText("short")).toBe("gone soon");
      await fixture.expire(150);
      expect(await cache.getText("short")).toBeNull();
      expect(await cache.getText("never")).toBeNull();
      await cache.del("t");
      expect(await cache.getText("t")).toBeNull();
    });

    it("hands out copies: neither the stored nor the returned object can be mutated through", async () => {
      const original = { list: [1, 2] };
      await cache.set("k", original);
      original.list.push(3);
      const first = await cache.get<{ list: number[] }>("k");
      expect(first).toEqual({ list: [1, 2] });
      first!.list.push(99);
      expect(await cache.get("k")).toEqual({ list: [1, 2] });
    });

    it("rejects undefined and a non-positive TTL", async () => {
      await expect(cache.set("k", undefined)).rejects.toThrow(/JSON/);
      await expect(cache.set("k", 1, 0)).rejects.toThrow(/TTL/);
      await expect(cache.incr("c", -5)).rejects.toThrow(/TTL/);
    });

    it("expires a value after its TTL and keeps one without", async () => {
      await cache.set("short", "v", 100);
      await cache.set("forever", "v");
      await fixture.expire(40);
      expect(await cache.get("short")).toBe("v");
      await fixture.expire(90);
      expect(await cache.get("short")).toBeNull();
      expect(await cache.get("forever")).toBe("v");
    });

    it("a set without TTL clears the previous TTL", async () => {
      await cache.set("k", 1, 80);
      await cache.set("k", 2);
      await fixture.expire(120);
      expect(await cache.get("k")).toBe(2);
    });

    it("incr counts from 1 per key and the count reads back as a number", async () => {
      expect(await cache.incr("a", 60_000)).toBe(1);
      expect(await cache.incr("a", 60_000)).toBe(2);
      expect(await cache.incr("a", 60_000)).toBe(3);
      expect(await cache.incr("b", 60_000)).toBe(1);
      expect(await cache.get("a")).toBe(3);
    });

    it("incr adds any whole amount, taking away with a negative one, without moving the window", async () => {
      expect(await cache.incr("budget", 1000, 300)).toBe(300);
      expect(await cache.incr("budget", 1000, -120)).toBe(180);
      await fixture.expire(600);
      expect(await cache.incr("budget", 1000, 20)).toBe(200);
      await fixture.expire(600);
      // the window from the first increment has ended: a new count
      expect(await cache.incr("budget", 1000, 5)).toBe(5);
      await expect(cache.incr("budget", 1000, 1.5)).rejects.toThrow(/whole/);
      const totals = await Promise.all(Array.from({ length: 20 }, () => cache.incr("reserved", 60_000, 7)));
      expect(Math.max(...totals)).toBe(20 * 7);
      expect(new Set(totals).size).toBe(20);
    });

    it("count is incr with its window's time left, in one step", async () => {
      expect(await cache.count("window", 1000)).toEqual({ count: 1, ttlMs: expect.any(Number) });
      await fixture.expire(300);
      const second = await cache.count("window", 1000);
      expect(second.count).toBe(2);
      expect(second.ttlMs).toBeGreaterThan(0);
      expect(second.ttlMs).toBeLessThanOrEqual(700);
      await fixture.expire(800);
      expect((await cache.count("window", 1000)).count).toBe(1);
      const all = await Promise.all(Array.from({ length: 10 }, () => cache.count("many", 60_000)));
      expect(all.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    });

    it("count adds `by` at once: several requests counted in one step", async () => {
      expect((await cache.count("batch", 60_000, 12)).count).toBe(12);
      expect((await cache.count("batch", 60_000)).count).toBe(13);
      expect((await cache.count("batch", 60_000, 3)).ttlMs).toBeGreaterThan(59_000);
      expect((await cache.count("batch", 60_000, 1)).count).toBe(17);
    });

    it("incr is atomic under concurrent calls", async () => {
      const counts = await Promise.all(Array.from({ length: 25 }, () => cache.incr("hits", 60_000)));
      expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    });

    it("incr's window starts at the first increment and later increments don't extend it", async () => {
      // window 200 ms from t=0: t=120 is inside it (count 2), t=240 is past it (a new window, count 1)
      expect(await cache.incr("w", 200)).toBe(1);
      await fixture.expire(120);
      expect(await cache.incr("w", 200)).toBe(2);
      await fixture.expire(120);
      expect(await cache.incr("w", 200)).toBe(1);
      await fixture.expire(120);
      expect(await cache.incr("w", 200)).toBe(2);
    });

    it("ttl says how long a key has left: null when absent or without expiry", async () => {
      expect(await cache.ttl("none")).toBeNull();
      await cache.set("forever", 1);
      expect(await cache.ttl("forever")).toBeNull();
      await cache.incr("window", 1000);
      const left = await cache.ttl("window");
      expect(left).toBeGreaterThan(800);
      expect(left).toBeLessThanOrEqual(1000);
      await fixture.expire(300);
      expect(await cache.ttl("window")).toBeLessThanOrEqual(700);
    });

    it("incr on a value that is not an integer fails", async () => {
      await cache.set("text", "abc");
      await expect(cache.incr("text", 1000)).rejects.toThrow();
    });

    it("isolates prefixes and shares one prefix between caches", async () => {
      const other = fixture.open("other");
      const sameAsMain = fixture.open("main");
      await cache.set("k", "main");
      expect(await other.get("k")).toBeNull();
      expect(await sameAsMain.get("k")).toBe("main");
      await other.set("k", "other");
      await other.del("k");
      expect(await cache.get("k")).toBe("main");
      expect(await other.incr("n", 60_000)).toBe(1);
      expect(await cache.incr("n", 60_000)).toBe(1);
      expect(await sameAsMain.incr("n", 60_000)).toBe(2);
    });
  });
}
