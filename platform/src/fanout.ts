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

export interface FanOut<T> {
  /** one bucket's holders: one equality query on the index's `bucket` */
  page: (bucket: number) => Promise<T[]>;
  /** what to do for one page of holders (add their jobs) */
  each: (holders: T[]) => Promise<unknown>;
  /** the share of buckets done, in whole percent: after each bucket with holders, and at the end */
  progress?: (percent: number) => Promise<unknown>;
  buckets?: number;
}

/**
 * The one fan-out loop: reads every bucket in turn, hands each non-empty page to `each`, and returns how many
 * holders it reached. A job that fans out (portfolio's revaluation after a price change) is this and its two
 * callbacks.
 */
export async function fanOut<T>({ page, each, progress, buckets = FANOUT_BUCKETS }: FanOut<T>): Promise<number> {
  let reached = 0;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const holders = await page(bucket);
    if (holders.length > 0) await each(holders);
    reached += holders.length;
    if (progress && (holders.length > 0 || bucket === buckets - 1)) await progress(Math.round(((bucket + 1) / buckets) * 100));
  }
  return reached;
}
