/**
 * The Cache port and the one place that picks its adapter. The Redis adapter (and ioredis) is loaded only when
 * chosen, so the embedded app never pays for it; import it from `@folio/platform/cache/redis`.
 */
import type { Clock } from "../clock.ts";
import { MemoryCache } from "./memory.ts";
import type { Cache } from "./port.ts";

export { MemoryCache } from "./memory.ts";
export type { Cache } from "./port.ts";
export type { RedisCacheOptions } from "./redis.ts";

export interface CacheConfig {
  /** set → Redis, shared by every replica; unset → this process's memory */
  redisUrl?: string;
  clock: Clock;
  /** Redis key prefix; a memory cache belongs to one process and needs none */
  prefix?: string;
  /** the memory cache's bound in bytes (Redis has its own maxmemory) */
  maxBytes?: number;
}

export async function createCache(config: CacheConfig): Promise<Cache> {
  if (!config.redisUrl) return new MemoryCache(config.clock, { maxBytes: config.maxBytes });
  const { RedisCache } = await import("./redis.ts");
  return new RedisCache({ url: config.redisUrl, prefix: config.prefix });
}
