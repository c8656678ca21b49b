/**
 * The blob store on disk: a bucket is the folder DATA_DIR/<bucket> (0700), a blob the file at its key (0600),
 * its age the file's modification time. The embedded app's adapter, and the cluster's when it runs without
 * MongoDB (the cluster system test without MONGO_URL: each service's API and worker processes share its
 * DATA_DIR, as they share its SQLite file).
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertBlobKey, assertBlobPrefix, assertBucketName, type BlobBucket, type BlobStore, isBlobKey } from "./port.ts";

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

class FolderBucket implements BlobBucket {
  private readonly root: string;

  constructor(
    readonly name: string,
    dataDir: string,
  ) {
    this.root = join(dataDir, name);
  }

  private path(key: string): string {
    assertBlobKey(key);
    return join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, bytes, { mode: 0o600, flag: "wx" });
  }

  async get(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.path(key)));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async removeOlderThan(prefix: string, before: number): Promise<number> {
    assertBlobPrefix(prefix);
    let entries: string[];
    const dir = join(this.root, ...prefix.split("/").filter(Boolean));
    try {
      entries = await readdir(dir, { recursive: true });
    } catch (err) {
      if (missing(err)) return 0;
      throw err;
    }
    let removed = 0;
    for (const entry of entries) {
      const key = prefix + entry.split("\\").join("/");
      if (!isBlobKey(key)) continue;
      const file = join(dir, entry);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.mtimeMs < before) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  locate(key: string): string {
    assertBlobKey(key);
    return `DATA_DIR/${this.name}/${key}`;
  }
}

export class FolderBlobStore implements BlobStore {
  constructor(readonly dataDir: string) {}

  bucket(name: string): BlobBucket {
    assertBucketName(name);
    return new FolderBucket(name, this.dataDir);
  }

  async close(): Promise<void> {}
}
