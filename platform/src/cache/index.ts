import type { Clock } from "../clock.ts";
import { MemoryCache } from "./memory.ts";
import type { Cache } from "./port.ts";
import { RedisCache } from "./redis.ts";

export { MemoryCache } from "./memory.ts";
export type { Cache } from "./port.ts";
export { RedisCache, type RedisCacheOptions } from "./redis.ts";

export interface CacheConfig {
  /** set → Redis, shared by every replica; unset → this process's memory */
  redisUrl?: string;
  clock: Clock;
  /** Redis key prefix; a memory cache belongs to one process and needs none */
  prefix?: string;
}

export function createCache(config: CacheConfig): Cache {
  return config.redisUrl ? new RedisCache({ url: config.redisUrl, prefix: config.prefix }) : new MemoryCache(config.clock);
}
