/**
 * The portfolio service on real routes, schemas, auth and the embedded store, beside a stand-in for the
 * pricing service's GET /v1/get/{ticker} whose prices a test sets (or takes from the real market data) and
 * can switch off. Events are delivered by hand: `deliver()` hands the outbox's pending events to the
 * service's own consumers and runs the jobs they add, as the relay, bus and workers would, so a test decides
 * when they run.
 */
import type { App } from "@folio/platform/http/server";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, runJobs, settle, type TestDeps, tokenFor } from "@folio/platform/testing";
import type { CommunityReply } from "@folio/proto/community";
import type { AssetInput, PortfolioInput } from "@folio/proto/portfolio";
import type { PriceReply } from "@folio/proto/pricing";
import type { FastifyPluginAsync } from "fastify";
import { asTradedClose, loadInstrument, loadTicker } from "../src/domain/valuation/testing/market-data.ts";
import { createPortfolioService } from "../src/service.ts";
import { type PortfolioDoc, portfolios } from "../src/store.ts";

export type Who = "alice" | "bob" | null;

/** Prices a test controls; `down` makes every look-up a 503, as pricing answers when no provider does. */
export class FakePricing {
  readonly prices = new Map<string, PriceReply>();
  /** the as-traded close of a ticker on or before a date (GET /v1/get/{ticker}/close) */
  readonly closes = new Map<string, (date: string) => { date: string; close: number } | null>();
  down = false;
  /** tickers asked, in order */
  readonly asked: string[] = [];

  set(ticker: string, latestPrice: number, historical_data: Record<string, number>): void {
    this.prices.set(ticker, { ticker, latestPrice, historical_data, fee: 0, name: ticker, assetClass: "ETF" });
  }

  /**
   * The ticker as the shared market data has it, read as docs/numbers.md's CSV rules say (daily closes reduced to
   * month ends, splits, dividends, the last row's date), and its as-traded closes.
   */
  setFromMarketData(ticker: string): void {
    const { history: adjusted } = loadTicker(ticker);
    const inst = loadInstrument(ticker);
    this.prices.set(ticker, {
      ticker,
      latestPrice: inst.latestPrice as number,
      historical_data: adjusted,
      fee: 0,
      name: ticker,
      assetClass: "ETF",
      asOf: inst.asOf ?? undefined,
      currency: "USD",
      closes: inst.history,
      splits: [...(inst.splits ?? [])],
      dividends: [...(inst.dividends ?? [])],
      dividendsInCloses: inst.dividendsInCloses === true,
    });
    this.closes.set(ticker, (date) => asTradedClose(ticker, date));
  }

  readonly plugin: FastifyPluginAsync = async (app) => {
    app.get<{ Params: { ticker: string } }>("/v1/get/:ticker", async (request, reply) => {
      const ticker = request.params.ticker.toUpperCase();
      this.asked.push(ticker);
      if (this.down) return reply.code(503).send({ error: "Ooops! Something went wrong!", code: "unavailable" });
      const price = this.prices.get(ticker);
      if (!price) return reply.code(404).send({ error: `Unknown ticker: ${ticker}`, code: "not_found" });
      return price;
    });
    app.get<{ Params: { ticker: string }; Querystring: { date: string } }>("/v1/get/:ticker/close", async (request, reply) => {
      const ticker = request.params.ticker.toUpperCase();
      const date = request.query.date;
      this.asked.push(`${ticker}@${date}`);
      if (this.down) return reply.code(503).send({ error: "Ooops! Something went wrong!", code: "unavailable" });
      const close = this.closes.get(ticker);
      if (!close) return reply.code(404).send({ error: `Unknown ticker: ${ticker}`, code: "not_found" });
      const day = close(date);
      if (!day) return reply.code(404).send({ error: `${ticker} has no close on or before ${date}`, code: "not_found" });
      return { ticker, date: day.date, close: day.close, currency: "USD", basis: "as-traded" };
    });
  };
}

export const asset = (over: Partial<AssetInput> = {}): AssetInput => ({
  ticker: "VTI",
  quantity: 10,
  PoA: 100,
  DoA: "2024-01-02",
  ...over,
});
export const input = (over: Partial<PortfolioInput> = {}): PortfolioInput => ({ assets: [asset()], ...over });

function client(app: App, token: string | null) {
  const headers = token ? bearer(token) : {};
  const post = (url: string, payload?: unknown) =>
    app.inject({ method: "POST", url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    save: (slug: string, portfolio: unknown, newPortfolioName?: string) =>
      post(`/v1/save/portfolio/${slug}`, newPortfolioName === undefined ? { portfolio } : { portfolio, newPortfolioName }),
    get: (slug: string) => post(`/v1/get/portfolio/${slug}`),
    cachable: (slug: string) => app.inject({ method: "GET", url: `/cachable/get/portfolio/${slug}`, headers }),
    list: () => post("/v1/get/portfolios-and-assets"),
    remove: (slug: string) => post(`/v1/delete/portfolio/${slug}`),
    settings: (slug: string, settings: unknown) => post(`/v1/update/portfoliosettings/${slug}`, { settings }),
    community: (query = "", extra: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: `/v1/get/communityportfolios${query}`, headers: { ...headers, ...extra } }),
  };
}
export type Client = ReturnType<typeof client>;

export interface CommunityHarness {
  deps: TestDeps;
  /** the portfolio service's own view of the ports */
  svc: ServiceDeps;
  app: App;
  pricing: FakePricing;
  module: ServiceModule;
  as(who: Who): Client;
  /** creates a portfolio owned by `who` (private, as every new one) and returns its slug */
  create(who: Exclude<Who, null>, name: string, over?: Partial<PortfolioInput>): Promise<string>;
  /** makes a portfolio public in a category, as its owner does in the settings */
  publish(who: Exclude<Who, null>, slug: string, category?: string, pDescription?: string): Promise<void>;
  /** hands every pending outbox event to the service's consumers, in order, and runs the jobs they add */
  deliver(): Promise<number>;
  /** the community list as a visitor gets it, parsed */
  communityList(query?: string): Promise<CommunityReply>;
  stored(slug: string): Promise<PortfolioDoc | null>;
  close(): Promise<void>;
}

export async function communityHarness(options: { deps?: TestDeps; pricing?: FakePricing } = {}): Promise<CommunityHarness> {
  const deps = options.deps ?? createTestDeps();
  const pricing = options.pricing ?? new FakePricing();
  const svc = forService(deps, "portfolio");
  const module = createPortfolioService(svc);
  const app = await buildTestApp(deps, module.routes, pricing.plugin);
  runJobs(deps, [module]);
  const tokens = { alice: tokenFor(app, { uid: "alice" }), bob: tokenFor(app, { uid: "bob" }) };
  const as = (who: Who) => client(app, who ? tokens[who] : null);
  const collection = portfolios(deps.store);
  const harness: CommunityHarness = {
    deps,
    svc,
    app,
    pricing,
    module,
    as,
    async create(who, name, over = {}) {
      const res = await as(who).save("new", input(over), name);
      if (res.json().message !== "pcreated") throw new Error(`create failed: ${res.body}`);
      deps.clock.advance(1000);
      return res.json().slug as string;
    },
    async publish(who, slug, category = "Growth", pDescription = `about ${slug}`) {
      const res = await as(who).settings(slug, { privateMode: false, category, pDescription });
      if (res.statusCode !== 200) throw new Error(`publish failed: ${res.body}`);
      deps.clock.advance(1000);
    },
    deliver: async () => (await settle(deps, [module])).length,
    async communityList(query = "") {
      const res = await as(null).community(query);
      if (res.statusCode !== 200) throw new Error(`community list failed: ${res.statusCode} ${res.body}`);
      return res.json() as CommunityReply;
    },
    stored: (slug) => collection.findOne({ slug }),
    async close() {
      await module.stop?.();
      await app.close();
      await deps.queue.close();
      await deps.store.close();
    },
  };
  return harness;
}

/** The slugs listed per category, in order. */
export function slugsByCategory(reply: CommunityReply): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(reply)) if (Array.isArray(value)) out[key] = value.map((c) => c.slug);
  return out;
}

export const allListed = (reply: CommunityReply): string[] => Object.values(slugsByCategory(reply)).flat();
