import { Redis } from "ioredis";
import { DependencyUnavailableError } from "../unavailable.ts";
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
 * INCRBY and the window's expiry in one atomic step. The expiry is set only on a key that has none (the one
 * the increment created), so later increments don't slide the window, and a crash can't leave a counter
 * without a TTL.
 */
const INCR_WINDOW = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** INCR_WINDOW, answering the count and the window's milliseconds left together. */
const COUNT_WINDOW = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/**
 * How long a command may take before it fails. Redis answers in well under a millisecond; a request that
 * meets a Redis gone or hung fails within this (and answers 503 with Retry-After) instead of waiting it out.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * The cache shared by the replicas of a service: values are JSON strings under `prefix + key`. Every call
 * fails fast while Redis is unreachable (no queue of commands waiting for a reconnect, a timeout per command),
 * with DependencyUnavailableError; the client reconnects by itself, and calls work again once Redis is back.
 */
/** The two scripts as commands of their own: sent as EVALSHA (their digest), not their text on every call. */
interface WindowCommands {
  incrWindow(key: string, ttlMs: number, by: number): Promise<number>;
  countWindow(key: string, windowMs: number, by: number): Promise<[number, number]>;
}

export class RedisCache implements Cache {
  private readonly redis: Redis & WindowCommands;
  private readonly prefix: string;
  private closed = false;

  constructor(options: RedisCacheOptions) {
    this.prefix = options.prefix ?? "";
    this.redis = new Redis(options.url, {
      scripts: { incrWindow: { lua: INCR_WINDOW, numberOfKeys: 1 }, countWindow: { lua: COUNT_WINDOW, numberOfKeys: 1 } },
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      // reconnect soon after an outage, then every second at most
      retryStrategy: (times) => Math.min(times * 100, 1000),
    }) as Redis & WindowCommands;
    this.redis.on("error", options.onError ?? (() => {}));
    // every call waiting for a connection listens for it
    this.redis.setMaxListeners(0);
  }

  /** Resolves true once connected, or false after `timeoutMs`. */
  private connected(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === "ready") return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.redis.off("ready", ready);
        resolve(false);
      }, timeoutMs);
      const ready = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.redis.once("ready", ready);
    });
  }

  /** A command, given a moment for a connection being made (the first one, or after an outage), else failing fast. */
  private async call<T>(command: () => Promise<T>): Promise<T> {
    try {
      if (this.redis.status !== "ready" && !this.closed) await this.connected(REDIS_COMMAND_TIMEOUT_MS);
      return await command();
    } catch (err) {
      throw new DependencyUnavailableError("cache", err);
    }
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const raw = await this.call(() => this.redis.get(this.prefix + key));
    return raw === null ? null : (JSON.parse(raw) as T);
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const json = encodeValue(value);
    if (ttlMs === undefined) await this.call(() => this.redis.set(this.prefix + key, json));
    else await this.call(() => this.redis.set(this.prefix + key, json, "PX", ttlMillis(ttlMs)));
  }

  async getText(key: string): Promise<string | null> {
    return this.call(() => this.redis.get(this.prefix + key));
  }

  async setText(key: string, text: string, ttlMs?: number): Promise<void> {
    if (typeof text !== "string") throw new TypeError("setText stores text");
    if (ttlMs === undefined) await this.call(() => this.redis.set(this.prefix + key, text));
    else await this.call(() => this.redis.set(this.prefix + key, text, "PX", ttlMillis(ttlMs)));
  }

  async del(key: string): Promise<void> {
    await this.call(() => this.redis.del(this.prefix + key));
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    if (!Number.isSafeInteger(by)) throw new TypeError(`Cache increments are whole numbers; got ${by}`);
    return Number(await this.call(() => this.redis.incrWindow(this.prefix + key, ttlMillis(ttlMs), by)));
  }

  async count(key: string, windowMs: number, by = 1): Promise<{ count: number; ttlMs: number }> {
    if (!Number.isSafeInteger(by)) throw new TypeError(`Cache increments are whole numbers; got ${by}`);
    const [count, ttlMs] = await this.call(() => this.redis.countWindow(this.prefix + key, ttlMillis(windowMs), by));
    return { count: Number(count), ttlMs: Number(ttlMs) };
  }

  async ttl(key: string): Promise<number | null> {
    // PTTL: -2 when the key is absent, -1 when it has no expiry
    const ms = await this.call(() => this.redis.pttl(this.prefix + key));
    return ms >= 0 ? ms : null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
