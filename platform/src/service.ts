/**
 * What a service is to the process that hosts it: its public routes, the events it consumes and the
 * queue jobs it runs. `createXService(deps)` returns one; the embedded entry hosts them all in one
 * process, a cluster container hosts one (see host.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import type { Bus, EventHandler, SubscribeOptions } from "./bus/port.ts";
import type { Cache } from "./cache/port.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { ServiceClient } from "./internal.ts";
import type { Logger } from "./log.ts";
import type { Mailer } from "./mail.ts";
import type { JobHandler, Queue } from "./queue/port.ts";
import type { Store } from "./store/port.ts";

export interface ServiceDeps {
  config: Config;
  store: Store;
  bus: Bus;
  cache: Cache;
  queue: Queue;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  /** queries to other services (their public routes): HTTP in the cluster, inject in the embedded app */
  services: ServiceClient;
}

export interface Consumer {
  /** event types; the consumer group is the service's name */
  types: string[];
  handle: EventHandler;
  options?: SubscribeOptions;
}

export interface JobDefinition {
  queue: string;
  handler: JobHandler;
  concurrency?: number;
}

export interface ServiceModule {
  name: string;
  /** registers the public paths this service owns (the spec's call table) */
  routes: FastifyPluginAsync;
  consumers?: Consumer[];
  jobs?: JobDefinition[];
  /** runs once the bus and queue are up: repeatable jobs, seeds, read-model warm-up */
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
}
