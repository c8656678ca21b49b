/**
 * Process plumbing shared by the embedded entry and the cluster entries: builds the ports from
 * configuration (the only place that picks adapters) and hosts service modules on an HTTP app: routes,
 * consumers (group = service name), queue workers, the outbox relay. Refuses to start when a consumed event
 * is not in proto's event map or has two handlers, and when a queue of proto's job map that a hosted
 * service owns has no handler or two.
 */

import { EventPayloads } from "@folio/proto/events";
import { JobPayloads, queueOwner } from "@folio/proto/jobs";
import type { FastifyInstance } from "fastify";
import { createBlobStore } from "./blobs/index.ts";
import { createBus } from "./bus/index.ts";
import { createCache } from "./cache/index.ts";
import { type Clock, systemClock } from "./clock.ts";
import type { Config } from "./config.ts";
import { HttpServiceClient, InjectServiceClient } from "./internal.ts";
import { createLogger, type Logger } from "./log.ts";
import { createMailer } from "./mail.ts";
import { OutboxRelay } from "./outbox.ts";
import { createQueue } from "./queue/index.ts";
import { exponentialDelay } from "./retry.ts";
import type { HostDeps, ServiceModule } from "./service.ts";
import { createStore } from "./store/index.ts";
import { isUnavailable } from "./unavailable.ts";

export interface HostOptions {
  /** every service runs in this one process (the in-process bus is only valid then) */
  sharedProcess: boolean;
  /** a name for the Kafka client, logs and database */
  name: string;
  clock?: Clock;
}

export async function createDeps(config: Config, options: HostOptions): Promise<HostDeps> {
  const clock = options.clock ?? systemClock;
  const log = createLogger(options.name, config.logLevel);
  const store = await createStore({ mongoUrl: config.mongoUrl, mongoDatabase: `folio_${options.name}`, dataDir: config.dataDir });
  // fromBeginning: a group that has never committed (a service deployed later) builds its read models
  // from the retained history; handlers are idempotent, so replays change nothing
  const bus = await createBus({
    kafkaBrokers: config.kafkaBrokers,
    clientId: `folio-${options.name}`,
    sharedProcess: options.sharedProcess,
    log,
    kafka: {
      fromBeginning: true,
      sessionTimeout: config.kafkaSessionTimeoutMs,
      // a tenth of the session, as kafkajs's defaults (3 s of 30 s)
      heartbeatInterval: Math.round(config.kafkaSessionTimeoutMs / 10),
    },
  });
  const cache = await createCache({ redisUrl: config.redisUrl, clock, prefix: "folio:", maxBytes: config.cacheMemoryBytes });
  // beside the store: the API and worker processes of a service that share its store share its blobs
  const blobs = await createBlobStore({ mongoUrl: config.mongoUrl, mongoDatabase: `folio_${options.name}`, dataDir: config.dataDir });
  const queue = await createQueue({ redisUrl: config.redisUrl, prefix: "folio", clock });
  const mailer = createMailer(config);
  // in one process every service's routes share the server, attached by hostServices
  const services = options.sharedProcess ? new InjectServiceClient() : new HttpServiceClient(config.env);
  return { config, store, bus, cache, blobs, queue, clock, log, mailer, services };
}

/**
 * Every event type a service consumes must be a known event with exactly one handler in that service (its
 * consumer group): Kafka gives one group's topic to one consumer, so a second handler would never run.
 */
export function checkEventHandlers(modules: ServiceModule[], knownTypes: readonly string[] = Object.keys(EventPayloads)): void {
  for (const m of modules) {
    const seen = new Set<string>();
    for (const c of m.consumers ?? []) {
      for (const type of c.types) {
        if (!knownTypes.includes(type)) throw new Error(`Service '${m.name}' consumes unknown event '${type}'`);
        if (seen.has(type)) throw new Error(`Service '${m.name}' has two handlers for '${type}'; it must have exactly one`);
        seen.add(type);
      }
    }
  }
}

/**
 * Each hosted service handles exactly the queues of the job map it owns (their names start with its name),
 * each with exactly one handler: a job added to a queue nobody handles would wait forever.
 */
export function checkJobHandlers(modules: ServiceModule[], knownQueues: readonly string[] = Object.keys(JobPayloads)): void {
  for (const m of modules) {
    const handled = new Map<string, number>();
    for (const j of m.jobs ?? []) {
      if (!knownQueues.includes(j.queue)) throw new Error(`Service '${m.name}' handles unknown job queue '${j.queue}'`);
      if (queueOwner(j.queue) !== m.name) throw new Error(`Service '${m.name}' handles job queue '${j.queue}' of another service`);
      handled.set(j.queue, (handled.get(j.queue) ?? 0) + 1);
    }
    for (const queue of knownQueues.filter((q) => queueOwner(q) === m.name)) {
      const n = handled.get(queue) ?? 0;
      if (n !== 1) throw new Error(`Job queue '${queue}' has ${n} handlers in service '${m.name}'; it must have exactly one`);
    }
  }
}

export interface HostRoles {
  /** serve the modules' HTTP routes and consume their events */
  api: boolean;
  /** run the modules' queue workers */
  worker: boolean;
}

/** How long after the server listens its queue workers start (see Hosted.startWorkers). */
export const WORKERS_START_AFTER_MS = 1000;

/** Waits between attempts of a start that met a dependency still down: 0.5 s, doubling, at most 10 s. */
const START_RETRY_BASE_MS = 500;
const START_RETRY_CAP_MS = 10_000;

export interface HostingOptions {
  /**
   * Return once the routes and consumers are registered, and start the rest in the background (the cluster's
   * entries: the process listens at once, answering 503 with Retry-After until `ready()`): the modules'
   * start, retried while a dependency is down, and the bus's consumer groups, joined in the background.
   * Otherwise (the embedded app, tests) everything has started when hostServices resolves.
   */
  background?: boolean;
  log?: Logger;
}

export interface Hosted {
  /**
   * Starts the queue workers (when the roles include them) `afterMs` from now. Called once the server
   * listens, with WORKERS_START_AFTER_MS: the work a start queues (the first start's seeding of the samples,
   * which reads and values years of prices, and the first scheduled runs) then yields to the first requests
   * instead of holding them back. Jobs added meanwhile wait in their queue; a second call does nothing.
   */
  startWorkers(afterMs?: number): void;
  /** the modules have started: their routes may be served */
  ready(): boolean;
  /** every consumer group of this process has joined (true at once without consumers) */
  consuming(): boolean;
  /** settles once the modules have started; rejects when a start failed for a reason waiting does not cure */
  readonly started: Promise<void>;
  stop(): Promise<void>;
}

export async function hostServices(
  app: FastifyInstance,
  modules: ServiceModule[],
  deps: HostDeps,
  roles: HostRoles = { api: true, worker: true },
  options: HostingOptions = {},
): Promise<Hosted> {
  const log = options.log ?? deps.log;
  checkJobHandlers(modules);
  checkEventHandlers(modules);
  if (deps.services instanceof InjectServiceClient) deps.services.attach(app);
  if (roles.api) {
    for (const m of modules) await app.register(m.routes);
    for (const m of modules) for (const c of m.consumers ?? []) deps.bus.subscribe(m.name, c.types, c.handle, c.options);
  }
  // this process's services' events only, whoever else shares the store
  const relay = new OutboxRelay(deps.store, deps.bus, { log, sources: modules.map((m) => m.name) });
  let stopped = false;
  let ready = false;
  let consuming = false;
  const joining = deps.bus.start().then(
    () => {
      consuming = true;
    },
    (err: unknown) => {
      if (!stopped) log.error({ err }, "the bus did not start");
    },
  );
  relay.start();
  const startModules = async () => {
    for (let failures = 0; ; ) {
      try {
        for (const m of modules) await m.start?.();
        ready = true;
        log.info({ services: modules.map((m) => m.name), roles }, "services started");
        return;
      } catch (err) {
        if (stopped) return;
        if (!options.background || !isUnavailable(err)) throw err;
        failures++;
        const wait = Math.min(exponentialDelay(START_RETRY_BASE_MS, failures), START_RETRY_CAP_MS);
        log.warn({ err, retryInMs: wait }, "a dependency is not answering yet; starting the services again");
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
  const started = startModules();
  if (options.background) started.catch(() => {});
  else {
    await joining;
    await started;
  }
  let working = false;
  let cancelWait = () => {};
  const runWorkers = () => {
    if (stopped) return;
    for (const m of modules) for (const j of m.jobs ?? []) deps.queue.process(j.queue, j.handler, j.concurrency);
  };
  return {
    startWorkers(afterMs = 0) {
      if (working || !roles.worker) return;
      working = true;
      if (afterMs > 0) cancelWait = deps.clock.after(afterMs, runWorkers);
      else runWorkers();
    },
    ready: () => ready,
    consuming: () => consuming,
    started,
    async stop() {
      stopped = true;
      cancelWait();
      for (const m of modules) await m.stop?.();
      await relay.stop();
      await deps.bus.close();
      await deps.queue.close();
      await deps.cache.close();
      await deps.blobs.close();
      await deps.store.close();
    },
  };
}
