/**
 * The Store port and the one place that picks its adapter: MONGO_URL set → MongoDB, else the SQLite file
 * `folio.db` under the data directory.
 */
import { chmodSync, existsSync, mkdirSync } from "node:fs";
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
  privateDataDir(config.dataDir);
  const file = join(config.dataDir, "folio.db");
  const store = new EmbeddedStore(file);
  // the database holds every user's data: readable by this account alone (its -wal/-shm follow the umask)
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
  return store;
}

/**
 * The data directory and everything the process creates in it are this account's alone (0700 / 0600): the
 * store, the generated JWT secret, the mail outbox with its reset links, uploads. The umask makes new files
 * so; an existing directory from an older release is tightened too.
 */
export function privateDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
