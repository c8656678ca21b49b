import { describe, expect, it, vi } from "vitest";
import { createLocalCache, NEVER_EXPIRES } from "./localCache.ts";

const HOUR = 60 * 60 * 1000;

function setup(start = 1_700_000_000_000) {
  let time = start;
  const cache = createLocalCache({ storage: localStorage, now: () => time });
  return {
    cache,
    advance: (ms: number) => {
      time += ms;
    },
    stored: (key: string) => JSON.parse(localStorage.getItem(key) ?? "null"),
  };
}

describe("localCache", () => {
  it("stores value, ttl and last_updated (no callback) under the key", () => {
    const { cache, stored } = setup(1000);
    cache.set("movers", { value: { VTI: 2 }, ttl: HOUR, callback: () => ({ VTI: 3 }) });
    expect(stored("movers")).toEqual({ value: { VTI: 2 }, ttl: HOUR, last_updated: 1000 });
  });

  it("returns the stored value while fresh, without calling the callback", async () => {
    const { cache, advance } = setup();
    const callback = vi.fn(() => "new");
    cache.set("k", { value: "old", ttl: HOUR, callback });
    advance(HOUR - 1);
    expect(await cache.get("k")).toBe("old");
    expect(cache.peek("k")).toBe("old");
    expect(callback).not.toHaveBeenCalled();
  });

  it("refreshes an expired entry by its callback and stores the result with the same ttl", async () => {
    const { cache, advance, stored } = setup(0);
    cache.set("k", { value: "old", ttl: HOUR, callback: async () => "new" });
    advance(HOUR);
    expect(cache.peek("k")).toBeUndefined();
    expect(await cache.get("k")).toBe("new");
    expect(stored("k")).toEqual({ value: "new", ttl: HOUR, last_updated: HOUR });
  });

  it("ttl -1 never expires", async () => {
    const { cache, advance } = setup();
    const callback = vi.fn(() => 9);
    cache.set("k", { value: 3, ttl: NEVER_EXPIRES, callback });
    advance(10 * 365 * 24 * HOUR);
    expect(await cache.get("k")).toBe(3);
    expect(callback).not.toHaveBeenCalled();
  });

  it("defaults to never expiring when no ttl is given", () => {
    const { cache, stored } = setup();
    cache.set("k", { value: 1 });
    expect(stored("k").ttl).toBe(-1);
  });

  it("fills a missing entry from the callback given to get, with that ttl", async () => {
    const { cache, stored } = setup(5);
    expect(await cache.get("k", { ttl: HOUR, callback: () => [1, 2] })).toEqual([1, 2]);
    expect(stored("k")).toEqual({ value: [1, 2], ttl: HOUR, last_updated: 5 });
  });

  it("an entry read after a reload is refreshed once a caller hands in its callback", async () => {
    const first = setup(0);
    first.cache.set("k", { value: "old", ttl: HOUR, callback: () => "lost with the page" });
    const afterReload = createLocalCache({ storage: localStorage, now: () => 2 * HOUR });
    expect(await afterReload.get("k")).toBeUndefined();
    expect(localStorage.getItem("k")).toBeNull();
    first.cache.set("k", { value: "old", ttl: HOUR });
    expect(await afterReload.get("k", { ttl: HOUR, callback: () => "fresh" })).toBe("fresh");
  });

  it("stores nothing when the callback fails", async () => {
    const { cache, advance, stored } = setup(0);
    cache.set("k", { value: "old", ttl: HOUR });
    advance(HOUR);
    await expect(cache.get("k", { callback: () => Promise.reject(new Error("nok")) })).rejects.toThrow("nok");
    expect(stored("k")).toEqual({ value: "old", ttl: HOUR, last_updated: 0 });
  });

  it("runs one refresh for concurrent readers", async () => {
    const { cache } = setup();
    let calls = 0;
    const callback = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 1));
    const [a, b] = await Promise.all([cache.get("k", { callback }), cache.get("k", { callback })]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
  });

  it("rejects items that are not objects with an optional numeric ttl", () => {
    const { cache } = setup();
    expect(() => cache.set("k", "text" as never)).toThrow(TypeError);
    expect(() => cache.set("k", null as never)).toThrow(TypeError);
    expect(() => cache.set("k", [1] as never)).toThrow(TypeError);
    expect(() => cache.set("k", { value: 1, ttl: "3600" as never })).toThrow(TypeError);
    expect(() => cache.set("k", { value: 1, ttl: Number.NaN })).toThrow(TypeError);
    expect(() => cache.set("k", { value: 1, ttl: -5 })).toThrow(TypeError);
    expect(localStorage.getItem("k")).toBeNull();
  });

  it("treats a stored entry of the wrong shape as none and removes it", async () => {
    const { cache } = setup();
    localStorage.setItem("a", "not json{");
    localStorage.setItem("b", JSON.stringify(7));
    localStorage.setItem("c", JSON.stringify({ value: 1, ttl: "soon", last_updated: 0 }));
    for (const key of ["a", "b", "c"]) {
      expect(await cache.get(key)).toBeUndefined();
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it("remove forgets the entry", async () => {
    const { cache } = setup();
    cache.set("k", { value: 1 });
    cache.remove("k");
    expect(await cache.get("k")).toBeUndefined();
  });
});
