import type { Clock } from "../clock.ts";
import { systemClock } from "../clock.ts";
import { encodeValue, ttlMillis } from "./json.ts";
import type { Cache } from "./port.ts";

const sizeOf = (key: string, entry: Entry) => key.length + entry.json.length + ENTRY_OVERHEAD;

interface Entry {
  /** stored as JSON (or as text, setText) so callers never share a mutable object with the cache */
  json: string;
  /** epoch ms from the clock; null = no expiry */
  expiresAt: number | null;
  /** read or written since the eviction last passed it (its second chance) */
  used?: boolean;
}

/** Writes between sweeps of expired entries, so keys nobody reads again (rate-limit windows) don't pile up. */
const SWEEP_EVERY = 1000;
/** What one entry costs besides its key and value (the Map's slot, the entry object), counted in its size. */
const ENTRY_OVERHEAD = 64;
export const DEFAULT_MEMORY_CACHE_BYTES = 16 * 1024 * 1024;

export interface MemoryCacheOptions {
  /**
   * The most the keys and values may hold together (UTF-16 code units, about bytes for JSON); past it the
   * entries read or written longest ago go first, as Redis's allkeys-lru would.
   */
  maxBytes?: number;
}

/**
 * One process's cache: a Map whose expiry follows the injected clock, so TTL tests move time instead of
 * sleeping, bounded in size (maxBytes). Eviction is least-recently-used by second chance (the CLOCK
 * algorithm): a read only marks its entry used; when a write would pass the bound, entries are taken from the
 * front of the Map (the oldest written), and one marked used is unmarked and moved to the end instead of going.
 * A read is then one lookup, not a reordering of the Map on every hit.
 */
export class MemoryCache implements Cache {
  private readonly entries = new Map<string, Entry>();
  private writes = 0;
  private size = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly clock: Clock = systemClock,
    options: MemoryCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_MEMORY_CACHE_BYTES;
  }

  /** what the entries hold now (the bound's measure) */
  get bytes(): number {
    return this.size;
  }

  async get<T = unknown>(key: string): Promise<T | null> {
    const entry = this.live(key);
    return entry ? (JSON.parse(entry.json) as T) : null;
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const json = encodeValue(value);
    const expiresAt = ttlMs === undefined ? null : this.clock.now() + ttlMillis(ttlMs);
    this.write(key, { json, expiresAt });
  }

  async getText(key: string): Promise<string | null> {
    return this.live(key)?.json ?? null;
  }

  async setText(key: string, text: string, ttlMs?: number): Promise<void> {
    if (typeof text !== "string") throw new TypeError("setText stores text");
    const expiresAt = ttlMs === undefined ? null : this.clock.now() + ttlMillis(ttlMs);
    this.write(key, { json: text, expiresAt });
  }

  async del(key: string): Promise<void> {
    this.drop(key);
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

  async count(key: string, windowMs: number, by = 1): Promise<{ count: number; ttlMs: number }> {
    const count = await this.incr(key, windowMs, by);
    return { count, ttlMs: (await this.ttl(key)) ?? windowMs };
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    return entry?.expiresAt != null ? entry.expiresAt - this.clock.now() : null;
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.size = 0;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= this.clock.now()) {
      this.drop(key);
      return undefined;
    }
    entry.used = true;
    return entry;
  }

  private write(key: string, entry: Entry): void {
    this.drop(key);
    const cost = sizeOf(key, entry);
    // a value larger than the whole bound is not kept at all (as a cache may always miss)
    if (cost > this.maxBytes) return;
    while (this.size + cost > this.maxBytes) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      const [oldKey, old] = oldest.value;
      if (old.used) {
        // used since it was written or last passed: a second chance, at the end of the Map
        old.used = false;
        this.entries.delete(oldKey);
        this.entries.set(oldKey, old);
      } else this.drop(oldKey);
    }
    this.entries.set(key, entry);
    this.size += cost;
    if (++this.writes % SWEEP_EVERY === 0) this.sweep();
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= sizeOf(key, entry);
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt !== null && entry.expiresAt <= now) this.drop(key);
  }
}
