/**
 * Test kit for service API tests: real routes, schemas and auth through `app.inject`, on the in-process
 * adapters (SQLite in memory, memory bus/cache/queue) and a manual clock. Not used by product code.
 */
import type { FastifyPluginAsync } from "fastify";
import type { MemoryBus } from "./bus/memory.ts";
import type { EventEnvelope } from "./bus/port.ts";
import { ManualClock } from "./clock.ts";
import { loadConfig } from "./config.ts";
import { type App, createHttpServer } from "./http/server.ts";
import { InjectServiceClient } from "./internal.ts";
import type { Mailer, MailMessage } from "./mail.ts";
import { inMemoryDeps } from "./memory-deps.ts";
import type { ServiceDeps, ServiceModule } from "./service.ts";

export const TEST_JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";

export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

export interface TestDeps extends ServiceDeps {
  clock: ManualClock;
  mailer: RecordingMailer;
  bus: MemoryBus;
  /** every event committed to the outbox so far, in order */
  outboxEvents(): Promise<EventEnvelope[]>;
}

export function createTestDeps(env: Record<string, string> = {}): TestDeps {
  const clock = new ManualClock();
  const mailer = new RecordingMailer();
  const config = loadConfig({ DATA_DIR: "/tmp/folio-test-unused", JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: "silent", ...env });
  const deps = inMemoryDeps(config, clock, mailer);
  return {
    ...deps,
    clock,
    mailer,
    outboxEvents: async () => (await deps.store.pendingEvents(10_000)).map((e) => e.event),
  };
}

/** A Fastify app with the given routes on the shared server factory, ready for `inject`. */
export async function buildTestApp(deps: ServiceDeps, ...routes: FastifyPluginAsync[]): Promise<App> {
  const app = await createHttpServer({ name: "test", logLevel: "silent", jwtSecret: deps.config.jwtSecret, cache: deps.cache });
  for (const r of routes) await app.register(r);
  // internal queries (e.g. portfolio → pricing) reach whichever routes this app has
  if (deps.services instanceof InjectServiceClient) deps.services.attach(app);
  await app.ready();
  return app;
}

export async function buildServiceApp(module: ServiceModule, deps: ServiceDeps): Promise<App> {
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
