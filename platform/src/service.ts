/**
 * What a service is to the process that hosts it: its public routes, the events it consumes and the
 * queue jobs it runs. `createXService(deps)` returns one; the embedded entry hosts them all in one
 * process, a cluster container hosts one (see host.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import type { BlobStore } from "./blobs/port.ts";
import type { Bus } from "./bus/port.ts";
import type { Cache } from "./cache/port.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Consumer } from "./events.ts";
import type { ServiceClient } from "./internal.ts";
import { type JobDefinition, Jobs } from "./jobs.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mail.ts";
import type { Queue } from "./queue/port.ts";
import { scopedBlobs, scopedCache, scopedStore } from "./scope.ts";
import type { Store } from "./store/port.ts";

export type { Consumer } from "./events.ts";
export type { JobDefinition } from "./jobs.ts";

/** What a service is given: its own view of the shared ports (see forService). */
export interface ServiceDeps {
  config: Config;
  /** the service's collections only (scope.ts) */
  store: Store;
  /** the service's keys only (scope.ts) */
  cache: Cache;
  /** files kept between its processes (uploads), in its buckets only (scope.ts) */
  blobs: BlobStore;
  /** the product's queues, typed (jobs.ts) */
  jobs: Jobs;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  /** queries to other services (their public routes): HTTP in the cluster, inject in the embedded app */
  services: ServiceClient;
}

/** The ports of a process, as the host builds them from configuration (host.ts createDeps). */
export interface HostDeps {
  config: Config;
  store: Store;
  bus: Bus;
  cache: Cache;
  blobs: BlobStore;
  queue: Queue;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  services: ServiceClient;
}

/** The deps one service gets from its process's ports: store and cache scoped to its name, typed jobs. */
export function forService(host: HostDeps, name: string): ServiceDeps {
  return {
    config: host.config,
    store: scopedStore(host.store, name),
    cache: scopedCache(host.cache, name),
    blobs: scopedBlobs(host.blobs, name),
    jobs: new Jobs(host.queue),
    clock: host.clock,
    log: host.log.child({ service: name }),
    mailer: host.mailer,
    services: host.services,
  };
}

export interface ServiceModule {
  name: string;
  /** registers the public paths this service owns (the spec's call table) */
  routes: FastifyPluginAsync;
  /** made with events.ts `consumer()`: handlers receive checked, typed events */
  consumers?: Consumer[];
  /** made with jobs.ts `job()`: handlers receive checked, typed data */
  jobs?: JobDefinition[];
  /** runs once the bus and queue are up: repeatable jobs, seeds, read-model warm-up */
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
}
