/**
 * The spec's stored-state wrapper (§3, §4): an entry `{ value, ttl, callback, last_updated }` kept in
 * localStorage. Reading an expired entry refreshes it by its callback; ttl −1 never expires.
 *
 * Only `{ value, ttl, last_updated }` reaches the storage (a function cannot be serialised): the callback
 * lives in memory, remembered from the last `set` or `get` that supplied it, so an entry read after a
 * reload is refreshed once a page hands its callback in again.
 */

/** ttl that never expires */
export const NEVER_EXPIRES = -1;

export type Refresh<T> = () => T | Promise<T>;

/** What a caller stores: an object with the value, an optional numeric ttl (ms) and refresh callback. */
export interface CacheItem<T> {
  value: T;
  /** milliseconds the value stays fresh after `last_updated`; −1 (the default) never expires */
  ttl?: number;
  callback?: Refresh<T>;
}

/** The stored shape. */
export interface StoredEntry<T> {
  value: T;
  ttl: number;
  /** epoch milliseconds of the last store */
  last_updated: number;
}

export interface LocalCacheOptions {
  storage?: Storage;
  /** epoch milliseconds; tests pass their own clock */
  now?: () => number;
}

export interface LocalCache {
  /** Stores `item`; throws a TypeError for anything but an object with an optional numeric ttl. */
  set<T>(key: string, item: CacheItem<T>): void;
  /**
   * The fresh value, or undefined when there is none and no callback to make one. A missing, unreadable
   * or expired entry is refreshed by the callback (`fallback.callback` or the one remembered for the key)
   * and stored with the ttl it had (or `fallback.ttl`). A failing callback stores nothing and rejects.
   */
  get<T>(key: string, fallback?: Omit<CacheItem<T>, "value">): Promise<T | undefined>;
  /** The stored value while it is fresh, without refreshing. */
  peek<T>(key: string): T | undefined;
  remove(key: string): void;
}

export function createLocalCache({ storage, now = () => Date.now() }: LocalCacheOptions = {}): LocalCache {
  // resolved on use, so a module-level cache works under test setups that replace localStorage
  const store = () => storage ?? window.localStorage;
  const callbacks = new Map<string, Refresh<unknown>>();
  // concurrent readers of one expired key (a page and its panel) share one refresh
  const inFlight = new Map<string, Promise<unknown>>();

  const read = <T>(key: string): StoredEntry<T> | undefined => {
    const raw = store().getItem(key);
    if (raw === null) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (isStoredEntry(parsed)) return { ...parsed, ttl: parsed.ttl ?? NEVER_EXPIRES } as StoredEntry<T>;
    // a corrupt or foreign entry is the same as none
    store().removeItem(key);
    return undefined;
  };

  const isFresh = (entry: StoredEntry<unknown>) => entry.ttl === NEVER_EXPIRES || now() - entry.last_updated < entry.ttl;

  const write = <T>(key: string, value: T, ttl: number) => {
    const entry: StoredEntry<T> = { value, ttl, last_updated: now() };
    store().setItem(key, JSON.stringify(entry));
  };

  return {
    set(key, item) {
      assertCacheItem(item);
      if (item.callback) callbacks.set(key, item.callback as Refresh<unknown>);
      write(key, item.value, item.ttl ?? NEVER_EXPIRES);
    },

    async get<T>(key: string, fallback?: Omit<CacheItem<T>, "value">): Promise<T | undefined> {
      if (fallback !== undefined) assertCacheItem({ ...fallback, value: undefined });
      if (fallback?.callback) callbacks.set(key, fallback.callback as Refresh<unknown>);
      const entry = read<T>(key);
      if (entry && isFresh(entry)) return entry.value;
      const callback = callbacks.get(key) as Refresh<T> | undefined;
      if (!callback) {
        if (entry) store().removeItem(key);
        return undefined;
      }
      const pending = inFlight.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const ttl = entry?.ttl ?? fallback?.ttl ?? NEVER_EXPIRES;
      const refresh = (async () => {
        try {
          const value = await callback();
          write(key, value, ttl);
          return value;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, refresh);
      return refresh;
    },

    peek<T>(key: string): T | undefined {
      const entry = read<T>(key);
      return entry && isFresh(entry) ? entry.value : undefined;
    },

    remove(key) {
      store().removeItem(key);
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function validTtl(ttl: unknown): boolean {
  return ttl === undefined || (typeof ttl === "number" && Number.isFinite(ttl) && (ttl === NEVER_EXPIRES || ttl >= 0));
}

/** Spec §5: stored items must be objects with an optional numeric ttl. */
function assertCacheItem(item: unknown): asserts item is CacheItem<unknown> {
  if (!isObject(item)) throw new TypeError("A cached item must be an object");
  if (!validTtl(item.ttl)) throw new TypeError("A cached item's ttl must be a number of milliseconds or -1");
  if (item.callback !== undefined && typeof item.callback !== "function")
    throw new TypeError("A cached item's callback must be a function");
}

function isStoredEntry(value: unknown): value is Omit<StoredEntry<unknown>, "ttl"> & { ttl?: number } {
  return isObject(value) && "value" in value && validTtl(value.ttl) && typeof value.last_updated === "number";
}

/** The app's cache, on window.localStorage and the real clock. */
export const localCache = createLocalCache();
