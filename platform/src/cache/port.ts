/** The Cache port: short-lived values shared by the replicas of a service (Redis), or one process (memory). */
export interface Cache {
  /** The value, or null when absent or expired. */
  get<T = unknown>(key: string): Promise<T | null>;
  /** Stores a JSON-serialisable value; ttlMs omitted means no expiry. */
  set(key: string, value: unknown, ttlMs?: number): Promise<void>;
  /**
   * Text stored as it is, not as JSON: for values already serialised (a reply's JSON, a price's), which a JSON
   * round trip would escape and unescape again on every write and read. Read back only with getText.
   */
  setText(key: string, text: string, ttlMs?: number): Promise<void>;
  getText(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /**
   * Atomically adds `by` (default 1; negative takes away) and returns the new count; the window (ttlMs) starts
   * when the key is created, and later calls do not extend it.
   */
  incr(key: string, ttlMs: number, by?: number): Promise<number>;
  /**
   * A window's counter in one step: incr(key, windowMs, by) and the milliseconds its window has left (what a
   * rate limit needs on every request, in one round trip to Redis instead of two; `by` counts several requests
   * at once).
   */
  count(key: string, windowMs: number, by?: number): Promise<{ count: number; ttlMs: number }>;
  /** Milliseconds until the key expires; null when it is absent or never expires. */
  ttl(key: string): Promise<number | null>;
  close(): Promise<void>;
}
