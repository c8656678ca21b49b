import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { RedisServer, redisServerPath } from "../../../test/support/redis-server.ts";
import { RedisCache } from "../../src/cache/redis.ts";
import { DependencyUnavailableError } from "../../src/unavailable.ts";
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

describe.skipIf(!redisServerPath())("RedisCache while Redis is away", () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-redis-away-"));
  let server: RedisServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("fails each call within a second with DependencyUnavailableError, and works again once Redis is back", async () => {
    server = await RedisServer.start("away-pass", dir);
    const cache = new RedisCache({ url: server.url, prefix: "away:" });
    try {
      await cache.set("k", { v: 1 });
      await server.stop();
      for (const call of [() => cache.get("k"), () => cache.incr("n", 60_000), () => cache.set("k", 2)]) {
        const started = performance.now();
        await expect(call()).rejects.toBeInstanceOf(DependencyUnavailableError);
        expect(performance.now() - started).toBeLessThan(1000);
      }
      await server.resume();
      await eventually(async () => expect(await cache.get("k")).toEqual({ v: 1 }));
    } finally {
      await cache.close();
    }
  });
});

async function eventually(check: () => Promise<void>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
