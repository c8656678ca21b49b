/**
 * The blob store port: files a service keeps for a while and reads in another process (uploads, read by the
 * service's queue worker), by key, in named buckets. Two adapters, picked where the store is picked
 * (index.ts): a folder under DATA_DIR (folder.ts: the embedded app, and whenever MONGO_URL is unset) and
 * MongoDB GridFS (gridfs.ts: MONGO_URL set, the cluster), so a service's API and worker processes, which
 * share its store, share its blobs too, without a shared disk.
 *
 * A key is one or more lowercase segments joined by `/` (`queue/shot-1f3a`, `manual/manual-9c.png`): it never
 * holds anything of the user's, and it cannot climb out of its bucket.
 */
export interface BlobBucket {
  readonly name: string;
  /** stores the bytes under a key that does not exist yet (keys are random ids) */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** the bytes, or null when there is no such blob */
  get(key: string): Promise<Uint8Array | null>;
  /** deletes the blob; nothing happens when it does not exist */
  remove(key: string): Promise<void>;
  /** deletes the blobs whose key starts with `prefix` (a folder: `queue/`) stored before `before` (ms); returns how many */
  removeOlderThan(prefix: string, before: number): Promise<number>;
  /** where an operator finds the blob (a mail to the operator names it): no absolute path, no credentials */
  locate(key: string): string;
}

export interface BlobStore {
  bucket(name: string): BlobBucket;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*(\.[a-z0-9]{1,8})?$/;
const PREFIX = /^([a-z0-9][a-z0-9-]*\/)*$/;
const BUCKET = /^[a-z0-9][a-z0-9-]*$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`invalid blob key '${key}'`);
}

export function assertBlobPrefix(prefix: string): void {
  if (!PREFIX.test(prefix)) throw new Error(`invalid blob prefix '${prefix}' (a folder: 'queue/', or '' for all)`);
}

export function assertBucketName(name: string): void {
  if (!BUCKET.test(name)) throw new Error(`invalid blob bucket name '${name}'`);
}

export const isBlobKey = (key: string): boolean => KEY.test(key);
