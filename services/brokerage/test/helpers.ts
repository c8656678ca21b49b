/**
 * The brokerage service on real routes, schemas and auth (app.inject), the in-process store and queue, and
 * the local Plaid fake (scripts/fakes/plaid.ts) reached through the official SDK at PLAID_BASE_URL. The fake
 * runs on the test's manual clock, so link-token lifetimes and webhook ages follow it.
 */
import { randomBytes } from "node:crypto";
import type { App } from "@folio/platform/http/server";
import { envelope } from "@folio/platform/ids";
import type { ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, runJobs, type TestDeps, tokenFor } from "@folio/platform/testing";
import type { EventPayload } from "@folio/proto/events";
import { type FakePlaid, startFakePlaid } from "../../../scripts/fakes/plaid.ts";
import { createBrokerageService } from "../src/service.ts";

export const newKey = () => randomBytes(32).toString("base64");

export interface BrokerageHarness {
  deps: TestDeps;
  app: App;
  fake: FakePlaid;
  module: ServiceModule;
  /** brokerage and any other modules hosted beside it */
  modules: ServiceModule[];
  as(uid: string, email?: string): ReturnType<typeof client>;
  /** a link token, Link completed at the fake: what the page posts to create_portfolios */
  link(uid: string, institutionId?: string): Promise<{ public_token: string; metadata: object }>;
  planChanged(uid: string, maxConnections: number): Promise<void>;
  close(): Promise<void>;
}

function client(app: App, token: string) {
  const headers = bearer(token);
  return {
    linkToken: () => app.inject({ method: "POST", url: "/v1/plaid/create-link-token/", headers }),
    createPortfolios: (body: object) => app.inject({ method: "POST", url: "/v1/plaid/create_portfolios/", headers, payload: body }),
    connections: () => app.inject({ method: "POST", url: "/v1/plaid/get_connections", headers }),
    remove: (email: string, id: string) =>
      app.inject({
        method: "GET",
        url: `/v1/plaid/delete_plaid_connection/${encodeURIComponent(email)}/${encodeURIComponent(id)}`,
        headers,
      }),
  };
}

export async function brokerageHarness(
  options: { env?: Record<string, string>; fake?: FakePlaid; extraModules?: (deps: TestDeps) => ServiceModule[] } = {},
): Promise<BrokerageHarness> {
  let deps: TestDeps | undefined;
  const fake = options.fake ?? (await startFakePlaid({ now: () => (deps ? deps.clock.now() : Date.now()) }));
  deps = createTestDeps({
    PLAID_CLIENT_ID: fake.clientId,
    PLAID_SECRET: fake.secret,
    PLAID_BASE_URL: fake.url,
    PLAID_WEBHOOK_URL: "https://folio.example/v1/plaid/webhook",
    BROKERAGE_TOKEN_KEY: newKey(),
    ...options.env,
  });
  const d = deps;
  const module = createBrokerageService(forService(d, "brokerage"));
  const modules = [module, ...(options.extraModules?.(d) ?? [])];
  const app = await buildTestApp(d, ...modules.map((m) => m.routes));
  runJobs(d, modules);
  const as = (uid: string, email = `${uid}@example.com`) => client(app, tokenFor(app, { uid, email }));
  return {
    deps: d,
    app,
    fake,
    module,
    modules,
    as,
    async link(uid, institutionId) {
      const reply = await as(uid).linkToken();
      const { link_token } = reply.json() as { link_token: string };
      if (!link_token) throw new Error(`no link token: ${reply.body}`);
      return fake.completeLink(link_token, { institutionId });
    },
    async planChanged(uid, maxConnections) {
      const payload: EventPayload<"billing.plan.changed"> = { uid, plan: maxConnections > 1 ? "pro" : "free", maxConnections };
      const c = module.consumers?.find((x) => x.types.includes("billing.plan.changed"));
      await c?.handle(envelope("billing.plan.changed", uid, payload, d.clock.now()));
    },
    async close() {
      await app.close();
      if (!options.fake) await fake.close();
    },
  };
}

/** The brokerage.holdings.imported events committed so far. */
export async function importedEvents(deps: TestDeps): Promise<EventPayload<"brokerage.holdings.imported">[]> {
  return (await deps.outboxEvents())
    .filter((e) => e.type === "brokerage.holdings.imported")
    .map((e) => e.payload as EventPayload<"brokerage.holdings.imported">);
}
