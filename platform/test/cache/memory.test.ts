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
