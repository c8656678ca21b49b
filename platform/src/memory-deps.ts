/** Ports on in-process adapters only (blobs in DATA_DIR's folders): for tests and for building the OpenAPI document without I/O. */
import { FolderBlobStore } from "./blobs/folder.ts";
import { MemoryBus } from "./bus/memory.ts";
import { MemoryCache } from "./cache/memory.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { InjectServiceClient } from "./internal.ts";
import { createLogger } from "./log.ts";
import type { Mailer } from "./mail.ts";
import { MemoryQueue } from "./queue/memory.ts";
import type { HostDeps } from "./service.ts";
import { EmbeddedStore } from "./store/embedded.ts";

export function inMemoryDeps(
  config: Config,
  clock: Clock,
  mailer: Mailer,
): HostDeps & { bus: MemoryBus; queue: MemoryQueue; services: InjectServiceClient } {
  return {
    config,
    store: new EmbeddedStore(":memory:"),
    bus: new MemoryBus(),
    cache: new MemoryCache(clock),
    // a folder under DATA_DIR, created on the first blob written (tests give a temporary DATA_DIR)
    blobs: new FolderBlobStore(config.dataDir),
    queue: new MemoryQueue(clock),
    clock,
    log: createLogger("memory", "silent"),
    mailer,
    services: new InjectServiceClient(),
  };
}
