/**
 * The portfolio service on real routes, schemas, auth and the embedded store, with one client per user;
 * optionally beside the pricing service on the same app, so the portfolio service's internal price queries
 * (deps.services, inject) reach real pricing routes.
 */
import type { App } from "@folio/platform/http/server";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, runJobs, settle, type TestDeps, tokenFor } from "@folio/platform/testing";
import { createPricingService } from "@folio/pricing";
import type { AssetInput, PortfolioInput } from "@folio/proto/portfolio";
import { createPortfolioService } from "../src/service.ts";
import { type PortfolioDoc, portfolios } from "../src/store.ts";
import type { PortfolioTasks } from "../src/valuation-service.ts";

export const asset = (over: Partial<AssetInput> = {}): AssetInput => ({
  ticker: "VTI",
  quantity: 10,
  PoA: 200,
  DoA: "2024-01-02",
  ...over,
});
export const input = (over: Partial<PortfolioInput> = {}): PortfolioInput => ({ assets: [asset()], ...over });

export type Who = "alice" | "bob" | "admin" | null;

export interface Harness {
  deps: TestDeps;
  /** the portfolio service's own view of the ports (its cache keys) */
  svc: ServiceDeps;
  app: App;
  as(who: Who): Client;
  /** the stored document, owner included, read straight from the store */
  stored(slug: string): Promise<PortfolioDoc | null>;
  /** creates a portfolio owned by `who` and returns its slug */
  create(who: Exclude<Who, null>, name: string, over?: Partial<PortfolioInput>): Promise<string>;
  /** the hosted modules: portfolio, and pricing when asked for */
  modules: ServiceModule[];
  /** delivers every committed event to the modules consuming it and runs the jobs they add, as the bus and workers would; returns the events */
  relay(): Promise<{ type: string; payload: unknown }[]>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** environment for createTestDeps (MARKET_DATA_DIR, MARKET_DATA_PROVIDERS ...) */
  env?: Record<string, string>;
  /** host the pricing service's routes and consumers on the same app */
  pricing?: boolean;
  /** where valuations run (default in place, as under the sources) */
  tasks?: PortfolioTasks;
}

export type Client = ReturnType<typeof client>;

function client(app: App, token: string | null) {
  const headers = token ? bearer(token) : {};
  const post = (url: string, payload?: unknown) =>
    app.inject({ method: "POST", url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    save: (slug: string, portfolio: unknown, newPortfolioName?: string | null) =>
      post(`/v1/save/portfolio/${slug}`, newPortfolioName === undefined ? { portfolio } : { portfolio, newPortfolioName }),
    get: (slug: string) => post(`/v1/get/portfolio/${slug}`),
    cachable: (slug: string, extra: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: `/cachable/get/portfolio/${slug}`, headers: { ...headers, ...extra } }),
    list: () => post("/v1/get/portfolios-and-assets"),
    remove: (slug: string) => post(`/v1/delete/portfolio/${slug}`),
    rename: (slug: string, newPortfolioName: unknown) => post(`/v1/update/portfolioname/${slug}`, { newPortfolioName }),
    settings: (slug: string, settings: unknown) => post(`/v1/update/portfoliosettings/${slug}`, { settings }),
  };
}

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const deps = createTestDeps(options.env);
  const svc = forService(deps, "portfolio");
  const modules = [
    createPortfolioService(svc, { tasks: options.tasks }),
    ...(options.pricing ? [createPricingService(forService(deps, "pricing"))] : []),
  ];
  const app = await buildTestApp(deps, ...modules.map((m) => m.routes));
  runJobs(deps, modules);
  const tokens = {
    alice: tokenFor(app, { uid: "alice" }),
    bob: tokenFor(app, { uid: "bob" }),
    admin: tokenFor(app, { uid: "root", admin: true }),
  };
  const collection = portfolios(deps.store);
  const as = (who: Who) => client(app, who ? tokens[who] : null);
  return {
    deps,
    svc,
    app,
    as,
    stored: (slug) => collection.findOne({ slug }),
    async create(who, name, over = {}) {
      const res = await as(who).save("new", input(over), name);
      if (res.json().message !== "pcreated") throw new Error(`create failed: ${res.body}`);
      // distinct creation times keep "newest first" deterministic
      deps.clock.advance(1000);
      return res.json().slug as string;
    },
    modules,
    relay: () => settle(deps, modules),
    async close() {
      await app.close();
      for (const m of modules) await m.stop?.();
      await deps.queue.close();
      await deps.store.close();
    },
  };
}
