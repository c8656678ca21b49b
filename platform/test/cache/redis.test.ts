import { randomUUID } from "node:crypto";
import { describe, inject, it } from "vitest";
import { RedisCache } from "../../src/cache/redis.ts";
import { runCacheContract } from "./contract.ts";

const redisUrl = inject("redisUrl");

if (redisUrl) {
  runCacheContract("RedisCache", async () => {
    // a fresh namespace per test, so tests (and parallel runs) never see each other's keys
    const base = `folio-test:${randomUUID()}:`;
    const caches: RedisCache[] = [];
    return {
      open(prefix) {
        const cache = new RedisCache({ url: redisUrl, prefix: `${base}${prefix}:` });
        caches.push(cache);
        return cache;
      },
      expire: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      async close() {
        await Promise.all(caches.map((c) => c.close()));
      },
    };
  });
} else {
  console.warn("RedisCache contract skipped: no Redis (redis-server not found and REDIS_URL unset)");
  describe("Cache contract: RedisCache", () => {
    it.skip("skipped: no Redis (install redis-server or set REDIS_URL)", () => {});
  });
}
