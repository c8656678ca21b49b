/**
 * Uploaded screenshots, in the service's blob bucket `uploads` (platform blob store: the folder
 * DATA_DIR/import-uploads embedded, 0700 with files 0600; GridFS bucket `import-uploads` of the service's
 * database in the cluster, so the API that receives a screenshot and the worker that reads it share no disk).
 * A screenshot to read waits under `queue/` only until its job has read it (the job deletes it; the sweep
 * removes any a crash left behind after an hour). A screenshot sent for manual processing stays under
 * `manual/` for the retention the operator configured (IMPORT_MANUAL_RETENTION_DAYS), then the sweep deletes
 * it. Names are random ids: nothing of the user's (name, e-mail, the original file name) is in a key.
 */
import { randomBytes } from "node:crypto";
import type { BlobBucket } from "@folio/platform/blobs/port";

export type UploadKind = "queue" | "manual";

const ID = /^[a-z0-9-]+(\.[a-z]{3,4})?$/;

export class Uploads {
  constructor(private readonly bucket: BlobBucket) {}

  private key(kind: UploadKind, id: string): string {
    if (!ID.test(id)) throw new Error(`invalid upload id '${id}'`);
    return `${kind}/${id}`;
  }

  /** Stores the bytes under a new random id; `suffix` (an extension) keeps a manual file easy to open. */
  async save(kind: UploadKind, bytes: Uint8Array, prefix: string, suffix = ""): Promise<string> {
    const id = `${prefix}-${randomBytes(12).toString("hex")}${suffix}`;
    await this.bucket.put(this.key(kind, id), bytes);
    return id;
  }

  read(kind: UploadKind, id: string): Promise<Uint8Array | null> {
    return this.bucket.get(this.key(kind, id));
  }

  remove(kind: UploadKind, id: string): Promise<void> {
    return this.bucket.remove(this.key(kind, id));
  }

  /** Where the operator finds an upload (the manual mail names it). */
  locate(kind: UploadKind, id: string): string {
    return this.bucket.locate(this.key(kind, id));
  }

  /** Deletes uploads of `kind` stored before `before` (ms); returns how many. */
  sweep(kind: UploadKind, before: number): Promise<number> {
    return this.bucket.removeOlderThan(`${kind}/`, before);
  }
}
