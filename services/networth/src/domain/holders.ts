/**
 * Who holds which ticker, for the fan-out after price.updated. The store filters only on equality, so the
 * ticker→users index is kept as one small document per (ticker, user), and each carries a bucket derived
 * from the uid: the fan-out reads one (ticker, bucket) page at a time. A page is one query, so a holder
 * added or removed while the fan-out runs cannot shift another holder out of view, as skip/limit paging
 * would.
 */

export const HOLDER_BUCKETS = 64;

/** FNV-1a of the uid, so a user's bucket never changes and users spread evenly. */
export function bucketOf(uid: string, buckets = HOLDER_BUCKETS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uid.length; i++) {
    hash ^= uid.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

export const holderId = (ticker: string, uid: string): string => `${ticker}|${uid}`;

/** Which holder entries to add and remove for a user who held `before` and now holds `after`. */
export function holderChanges(before: Iterable<string>, after: Iterable<string>): { added: string[]; removed: string[] } {
  const was = new Set(before);
  const now = new Set(after);
  return { added: [...now].filter((t) => !was.has(t)).sort(), removed: [...was].filter((t) => !now.has(t)).sort() };
}
