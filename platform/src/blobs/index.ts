/**
 * The blob store port and the one place that picks its adapter, as the store's is picked (store/index.ts):
 * MONGO_URL set → GridFS in the service's database, else folders under the data directory. The API and the
 * worker of a service therefore always meet in the same place: its MongoDB database in the cluster, its
 * DATA_DIR when it runs on SQLite (the embedded app; the cluster system test without MongoDB, where a
 * service's processes share one DATA_DIR).
 */
import { FolderBlobStore } from "./folder.ts";
import type { BlobStore } from "./port.ts";

export { FolderBlobStore } from "./folder.ts";
export * from "./port.ts";

export interface BlobStoreConfig {
  mongoUrl?: string;
  /** the MongoDB database (the service's own in the cluster, as its store's) */
  mongoDatabase?: string;
  dataDir: string;
}

export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.mongoUrl) {
    // loaded only when used, so the embedded mode never pays for the driver
    const { GridFsBlobStore } = await import("./gridfs.ts");
    return new GridFsBlobStore(config.mongoUrl, config.mongoDatabase);
  }
  return new FolderBlobStore(config.dataDir);
}
