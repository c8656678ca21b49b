import type { Clock } from "../clock.ts";
import { systemClock } from "../clock.ts";
import { encodeValue, ttlMillis } from "./json.ts";
import type { Cache } from "./port.ts";

interface Entry {
  /** stored as JSON so callers never share a mutable object with the cache */
  json: string;
  /** epoch ms from the clock; null = no expiry */
  expiresAt: number | null;
}

/** Writes between sweeps of expired entries, so keys nobody reads again (rate-limit windows) don't pile up. */
const SWEEP_EVERY = 1000;

/** One process's cache: a Map whose expiry follows the injected clock, so TTL tests move time instead of sleeping. */
export class MemoryCache implements Cache {
  private readonly entries = new Map<string, Entry>();
  private writes = 0;

  constructor(private readonly clock: Clock = systemClock) {}

  async get<T = unknown>(key: string): Promise<T | null> {
    const entry = this.live(key);
    return entry ? (JSON.parse(entry.json) as T) : null;
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const json = encodeValue(value);
    const expiresAt = ttlMs === undefined ? null : this.clock.now() + ttlMillis(ttlMs);
    this.write(key, { json, expiresAt });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async incr(key: string, ttlMs: number, by = 1): Promise<number> {
    const ttl = ttlMillis(ttlMs);
    if (!Number.isSafeInteger(by)) throw new TypeError(`Cache increments are whole numbers; got ${by}`);
    const entry = this.live(key);
    if (!entry) {
      this.write(key, { json: String(by), expiresAt: this.clock.now() + ttl });
      return by;
    }
    const current = JSON.parse(entry.json);
    // Redis refuses INCR on a non-integer value; failing the same way keeps the adapters interchangeable.
    if (!Number.isSafeInteger(current)) throw new TypeError(`Cache key '${key}' does not hold an integer`);
    const next = current + by;
    // as Redis's script: a counter without an expiry gets the window's
    this.write(key, { json: String(next), expiresAt: entry.expiresAt ?? this.clock.now() + ttl });
    return next;
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    return entry?.expiresAt != null ? entry.expiresAt - this.clock.now() : null;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private write(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    if (++this.writes % SWEEP_EVERY === 0) this.sweep();
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt !== null && entry.expiresAt <= now) this.entries.delete(key);
  }
}
