/**
 * Test kit for service API tests: real routes, schemas and auth through `app.inject`, on the in-process
 * adapters (SQLite in memory, memory bus/cache/queue) and a manual clock. Not used by product code.
 */
import { ErrorCodes } from "@folio/proto/error-codes";
import type { FastifyPluginAsync } from "fastify";
import type { MemoryBus } from "./bus/memory.ts";
import type { EventEnvelope } from "./bus/port.ts";
import { ManualClock } from "./clock.ts";
import { loadConfig } from "./config.ts";
import { contractOf } from "./http/route.ts";
import { type App, createHttpServer } from "./http/server.ts";
import { InjectServiceClient } from "./internal.ts";
import type { Mailer, MailMessage } from "./mail.ts";
import { inMemoryDeps } from "./memory-deps.ts";
import type { MemoryQueue } from "./queue/memory.ts";
import type { HostDeps, ServiceModule } from "./service.ts";

export { forService } from "./service.ts";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

/** A process's ports on in-process adapters; a service under test gets its view with `forService(deps, name)`. */
export interface TestDeps extends HostDeps {
  clock: ManualClock;
  mailer: RecordingMailer;
  bus: MemoryBus;
  queue: MemoryQueue;
  /** every event committed to the outbox so far, in order */
  outboxEvents(): Promise<EventEnvelope[]>;
}

export function createTestDeps(env: Record<string, string> = {}): TestDeps {
  const clock = new ManualClock();
  const mailer = new RecordingMailer();
  // passwords are hashed at the lowest cost accounts allows (PASSWORD_HASH_COST=10, a sixteenth of the default's
  // time): the tests of the default cost pass PASSWORD_HASH_COST: "" to get it
  const config = loadConfig({
    DATA_DIR: "/tmp/folio-test-unused",
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "silent",
    PASSWORD_HASH_COST: "10",
    ...env,
  });
  const deps = inMemoryDeps(config, clock, mailer);
  return {
    ...deps,
    clock,
    mailer,
    outboxEvents: async () => (await deps.store.pendingEvents(10_000)).map((e) => e.event),
  };
}

/**
 * The check that keeps the contracts' error codes true: an error reply whose `code` its call's contract does
 * not list (proto/src/contracts/<service>.ts) is turned into a 500 naming it, so every API test that meets an
 * undeclared code fails there.
 */
export function declaredErrorsOnly(app: App): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const contract = contractOf(request);
    if (!contract || reply.statusCode < 400 || typeof payload !== "string") return payload;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { code?: unknown } | null)?.code;
    } catch {
      return payload;
    }
    if (typeof code !== "string" || (contract.errors as readonly string[]).includes(code)) return payload;
    const status = reply.statusCode;
    reply.code(500);
    return JSON.stringify({
      error: `${contract.method} ${contract.path} answered ${status} with the code "${code}", which its contract (proto/src/contracts/${contract.service}.ts) does not list`,
      code: ErrorCodes.internal,
    });
  });
}

/** A Fastify app with the given routes on the shared server factory, ready for `inject`; error codes checked. */
export async function buildTestApp(deps: HostDeps, ...routes: FastifyPluginAsync[]): Promise<App> {
  const app = await createHttpServer({ name: "test", logLevel: "silent", jwtSecret: deps.config.jwtSecret, cache: deps.cache });
  declaredErrorsOnly(app);
  for (const r of routes) await app.register(r);
  // internal queries (e.g. portfolio → pricing) reach whichever routes this app has
  if (deps.services instanceof InjectServiceClient) deps.services.attach(app);
  await app.ready();
  return app;
}

export async function buildServiceApp(module: ServiceModule, deps: HostDeps): Promise<App> {
  return buildTestApp(deps, module.routes);
}

/** Signs an ID token as the built-in accounts service would, for tests of other services. */
export function tokenFor(app: App, user: { uid: string; email?: string; admin?: boolean }): string {
  return app.jwt.sign({
    sub: user.uid,
    email: user.email ?? `${user.uid}@example.com`,
    jti: `t-${user.uid}-${Math.random()}`,
    admin: user.admin,
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Runs the modules' queue jobs on the test queue, as a worker process would. */
export function runJobs(deps: TestDeps, modules: ServiceModule[]): void {
  for (const m of modules) for (const j of m.jobs ?? []) deps.queue.process(j.queue, j.handler, j.concurrency);
}

/**
 * Does what the relay, the bus and the workers would until nothing is left: hands every committed event to
 * the modules consuming it (in order, as JSON, as it crosses a bus), marks it relayed, and waits for the
 * jobs the handlers added (run them with runJobs first). Returns the events delivered.
 */
export async function settle(deps: TestDeps, modules: ServiceModule[]): Promise<EventEnvelope[]> {
  const delivered: EventEnvelope[] = [];
  const queues = modules.flatMap((m) => (m.jobs ?? []).map((j) => j.queue));
  for (;;) {
    const pending = await deps.store.pendingEvents(100);
    for (const { event } of pending) {
      for (const m of modules)
        for (const c of m.consumers ?? []) if (c.types.includes(event.type)) await c.handle(JSON.parse(JSON.stringify(event)));
      delivered.push(event);
    }
    if (pending.length > 0) await deps.store.markRelayed(pending.map((p) => p.seq));
    for (const q of queues) await deps.queue.drain(q);
    if (pending.length === 0 && (await deps.store.pendingEvents(1)).length === 0) return delivered;
  }
}
