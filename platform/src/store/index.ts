/**
 * The Store port and the one place that picks its adapter: MONGO_URL set → MongoDB, else the SQLite file
 * `folio.db` under the data directory.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { EmbeddedStore } from "./embedded.ts";
import type { Store } from "./port.ts";

export * from "./port.ts";

export interface StoreConfig {
  mongoUrl?: string;
  /** MongoDB database; in a cluster each service has its own, so each relay sees only its outbox */
  mongoDatabase?: string;
  dataDir: string;
}

export async function createStore(config: StoreConfig): Promise<Store> {
  if (config.mongoUrl) {
    // Loaded only when used, so the embedded mode never pays for the driver.
    const { MongoStore } = await import("./mongo.ts");
    return MongoStore.connect(config.mongoUrl, { dbName: config.mongoDatabase });
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new EmbeddedStore(join(config.dataDir, "folio.db"));
}
