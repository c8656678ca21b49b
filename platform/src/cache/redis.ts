import { Redis } from "ioredis";
import { encodeValue, ttlMillis } from "./json.ts";
import type { Cache } from "./port.ts";

export interface RedisCacheOptions {
  url: string;
  /** prepended to every key, so apps (and parallel test runs) sharing one Redis don't collide */
  prefix?: string;
  /** connection errors; commands also reject, so the default only keeps ioredis from printing them */
  onError?: (err: Error) => void;
}

/**
 * INCR and the window's expiry in one atomic step. The expiry is set only by the increment that created the
 * key, so later increments don't slide the window, and a crash can't leave a counter without a TTL.
 */
const INCR_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** The cache shared by the replicas of a service: values are JSON strings under `prefix + key`. */
export class RedisCache implements Cache {
  private readonly redis: Redis;
  private readonly prefix: string;
  private closed = false;

  constructor(options: RedisCacheOptions) {
    this.prefix = options.prefix ?? "";
    // A few retries, not ioredis's 20: a health check or a rate limit should fail soon when Redis is gone.
    this.redis = new Redis(options.url, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
    this.redis.on("error", options.onError ?? (() => {}));
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const raw = await this.redis.get(this.prefix + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const json = encodeValue(value);
    if (ttlMs === undefined) await this.redis.set(this.prefix + key, json);
    else await this.redis.set(this.prefix + key, json, "PX", ttlMillis(ttlMs));
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    return Number(await this.redis.eval(INCR_WINDOW, 1, this.prefix + key, ttlMillis(ttlMs)));
  }

  async ttl(key: string): Promise<number | null> {
    // PTTL: -2 when the key is absent, -1 when it has no expiry
    const ms = await this.redis.pttl(this.prefix + key);
    return ms >= 0 ? ms : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
