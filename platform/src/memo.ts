/**
 * The two in-process memo helpers every service uses rather than hand-written maps: one computation per key
 * at a time, and a small bounded layer of recent values in front of the shared cache.
 */
import type { Clock } from "./clock.ts";

/** Concurrent asks for one key share one computation; the key is free again once it settles. */
export class SingleFlight<K, V> {
  private readonly running = new Map<K, Promise<V>>();

  run(key: K, work: () => Promise<V>): Promise<V> {
    let pending = this.running.get(key);
    if (!pending) {
      pending = work().finally(() => this.running.delete(key));
      this.running.set(key, pending);
    }
    return pending;
  }
}

export interface LocalCacheOptions<V = unknown> {
  /** entries kept; the least recently written goes first */
  max: number;
  /** how long an entry is trusted */
  ttlMs: number;
  clock: Clock;
  /** the most the values may hold together, by `sizeOf` (bytes); the least recently written go first past it */
  maxBytes?: number;
  /** a value's size in bytes, for maxBytes (measured when set, and again on `resize`) */
  sizeOf?: (value: V) => number;
}

/**
 * A process-local map of values for a short while, bounded in entries and, with `maxBytes`, in bytes: what a
 * replica keeps in front of the shared cache so a hot read neither crosses the network nor decodes again.
 * Expiry follows the injected clock.
 */
export class LocalCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number; bytes: number }>();
  private total = 0;

  constructor(private readonly options: LocalCacheOptions<V>) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.options.clock.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** The value even when its time is up (the caller revalidates it), or undefined. */
  stale(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): V {
    this.delete(key);
    const bytes = this.options.sizeOf?.(value) ?? 0;
    const maxBytes = this.options.maxBytes ?? Number.POSITIVE_INFINITY;
    if (bytes > maxBytes) return value;
    this.entries.set(key, { value, until: this.options.clock.now() + this.options.ttlMs, bytes });
    this.total += bytes;
    this.trim(key);
    return value;
  }

  /** Trusts the entry for another ttlMs (its value was found still current). */
  renew(key: K): void {
    const entry = this.entries.get(key);
    if (entry) entry.until = this.options.clock.now() + this.options.ttlMs;
  }

  /** Measures the entry again (its value grew: an encoded body added), evicting others past maxBytes. */
  resize(key: K): void {
    const entry = this.entries.get(key);
    if (!entry || !this.options.sizeOf) return;
    const bytes = this.options.sizeOf(entry.value);
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    this.trim(key);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** what the values hold together, by sizeOf */
  get bytes(): number {
    return this.total;
  }

  /** evicts the oldest entries (never `keep`) until both bounds hold */
  private trim(keep: K): void {
    const maxBytes = this.options.maxBytes ?? Number.POSITIVE_INFINITY;
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.options.max && this.total <= maxBytes) return;
      if (key !== keep) this.delete(key);
    }
  }
}
