/**
 * Fan-out paging: work that must reach every holder of something (every user holding a ticker, every
 * portfolio valued with it) reads its index one bucket at a time. The store filters only on equality, so each
 * index entry carries a bucket derived from its key; a page is one equality query, so an entry added or
 * removed while the fan-out runs cannot shift another out of view, as skip/limit paging would.
 */

export const FANOUT_BUCKETS = 64;

/** FNV-1a of the key, so a key's bucket never changes and keys spread evenly. */
export function bucketOf(key: string, buckets = FANOUT_BUCKETS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}
