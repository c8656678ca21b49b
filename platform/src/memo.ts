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

export interface LocalCacheOptions {
  /** entries kept; the least recently written goes first */
  max: number;
  /** how long an entry is trusted */
  ttlMs: number;
  clock: Clock;
}

/**
 * A process-local map of values for a short while, bounded in size: what a replica keeps in front of the
 * shared cache so a hot read neither crosses the network nor decodes again. Expiry follows the injected clock.
 */
export class LocalCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(private readonly options: LocalCacheOptions) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.options.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): V {
    this.entries.delete(key);
    if (this.entries.size >= this.options.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: this.options.clock.now() + this.options.ttlMs });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
