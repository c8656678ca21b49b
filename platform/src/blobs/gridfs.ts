/**
 * The blob store in MongoDB GridFS (the cluster): a bucket is a GridFS bucket (`<bucket>.files` and
 * `<bucket>.chunks`) of the service's database, a blob the file named by its key, its age the file's
 * uploadDate. The connection opens on first use, so a service that keeps no blobs never opens it; loaded
 * only when MONGO_URL is set, as the Mongo store is.
 */
import mongoose, { type mongo } from "mongoose";
import { assertBlobKey, assertBlobPrefix, assertBucketName, type BlobBucket, type BlobStore } from "./port.ts";

type Connect = () => Promise<mongo.Db>;

/** As the store's (store/mongo.ts): without a server for a second, an operation fails as unavailable (503, Retry-After). */
const SERVER_SELECTION_MS = 1_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** the driver's error for a file that is gone (deleted between the lookup and the read or the delete) */
const isFileNotFound = (err: unknown) => /FileNotFound|File not found/i.test((err as Error)?.message ?? "");

class GridFsBucket implements BlobBucket {
  private bucket: mongo.GridFSBucket | null = null;

  constructor(
    readonly name: string,
    private readonly database: string,
    private readonly connect: Connect,
  ) {}

  private async open(): Promise<mongo.GridFSBucket> {
    this.bucket ??= new mongoose.mongo.GridFSBucket(await this.connect(), { bucketName: this.name });
    return this.bucket;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertBlobKey(key);
    const bucket = await this.open();
    if (await bucket.find({ filename: key }).limit(1).hasNext()) throw new Error(`blob '${key}' exists in '${this.name}'`);
    await new Promise<void>((resolve, reject) => {
      const upload = bucket.openUploadStream(key);
      upload.once("finish", () => resolve());
      upload.once("error", reject);
      upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertBlobKey(key);
    const bucket = await this.open();
    const [file] = await bucket.find({ filename: key }).sort({ uploadDate: -1 }).limit(1).toArray();
    if (!file) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
    } catch (err) {
      if (isFileNotFound(err)) return null;
      throw err;
    }
    return new Uint8Array(Buffer.concat(chunks));
  }

  private async removeFiles(bucket: mongo.GridFSBucket, files: { _id: mongo.ObjectId }[]): Promise<number> {
    let removed = 0;
    for (const file of files) {
      try {
        await bucket.delete(file._id);
        removed++;
      } catch (err) {
        if (!isFileNotFound(err)) throw err;
      }
    }
    return removed;
  }

  async remove(key: string): Promise<void> {
    assertBlobKey(key);
    const bucket = await this.open();
    await this.removeFiles(bucket, await bucket.find({ filename: key }).toArray());
  }

  async removeOlderThan(prefix: string, before: number): Promise<number> {
    assertBlobPrefix(prefix);
    const bucket = await this.open();
    const files = await bucket.find({ filename: { $regex: `^${escapeRegExp(prefix)}` }, uploadDate: { $lt: new Date(before) } }).toArray();
    return this.removeFiles(bucket, files);
  }

  locate(key: string): string {
    assertBlobKey(key);
    return `GridFS bucket ${this.name} of the MongoDB database ${this.database}, file ${key} (mongofiles --db=${this.database} --prefix=${this.name} get ${key})`;
  }
}

export class GridFsBlobStore implements BlobStore {
  private connection: Promise<mongoose.Connection> | null = null;

  /** `dbName` names the database, else the URL's path does */
  constructor(
    private readonly url: string,
    private readonly dbName?: string,
  ) {}

  private db = async (): Promise<mongo.Db> => {
    this.connection ??= mongoose
      .createConnection(this.url, { serverSelectionTimeoutMS: SERVER_SELECTION_MS, ...(this.dbName ? { dbName: this.dbName } : {}) })
      .asPromise();
    const connection = await this.connection.catch((err: unknown) => {
      this.connection = null;
      throw err;
    });
    return connection.db as mongo.Db;
  };

  bucket(name: string): BlobBucket {
    assertBucketName(name);
    return new GridFsBucket(name, this.dbName ?? "named in MONGO_URL", this.db);
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (connection) await (await connection.catch(() => null))?.close();
  }
}
