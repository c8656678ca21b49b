/** Rules both cache adapters share, so a value behaves the same in memory and in Redis. */

/** Serialises a value for storage; `undefined` (and functions, symbols) have no JSON form. */
export function encodeValue(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("Cache values must be JSON-serialisable; got undefined");
  return json;
}

/** A whole, positive number of milliseconds: Redis PX rejects 0, negatives and fractions. */
export function ttlMillis(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new RangeError(`Cache TTL must be a positive number of milliseconds; got ${ttlMs}`);
  return Math.ceil(ttlMs);
}
