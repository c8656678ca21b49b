/**
 * The networth service with the real pricing routes on one test app (so deps.services reaches pricing by
 * inject, for the movers' monthly closes), pricing reading the real market-data folder, the in-process queue
 * running the networth jobs, and events handed to the consumers directly: portfolio.saved, and
 * portfolio.valued with the figures a valuation would publish (net worth only sums those). Expected closes
 * are read straight from the CSV files.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EventEnvelope } from "@folio/platform/bus/port";
import type { App } from "@folio/platform/http/server";
import { envelope } from "@folio/platform/ids";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { bearer, buildTestApp, createTestDeps, forService, type TestDeps, tokenFor } from "@folio/platform/testing";
import { createPricingService } from "@folio/pricing";
import { type EventPayload, EventPayloads, type EventType } from "@folio/proto/events";
import type { PortfolioFigures } from "@folio/proto/portfolio";
import type { LightMyRequestResponse } from "fastify";
import { Value } from "typebox/value";
import { expect } from "vitest";
import { marketDataDir, requireMarketData } from "../../../scripts/market-data/location.ts";
import { networthSettings } from "../src/config.ts";
import { RECOMPUTE_QUEUE } from "../src/jobs.ts";
import { createNetworthService } from "../src/service.ts";

/**
 * The real daily closes: the market-data folder (scripts/market-data/location.ts). Locally without it the
 * tests that need it are skipped, saying so; in CI (which fetches it first) they fail.
 */
export const REAL_DATA_DIR = marketDataDir();
export const hasRealData = requireMarketData("[networth tests] the tests on real prices");

/** Daily closes of a ticker's CSV file, read as text. */
export function closesInFile(ticker: string): Array<[date: string, close: number]> {
  return readFileSync(join(REAL_DATA_DIR, `${ticker}.csv`), "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [date, close] = line.split(",");
      return [date, Number(close)] as [string, number];
    });
}

export const lastClose = (ticker: string): number => closesInFile(ticker).at(-1)?.[1] as number;

/** The last close of each month in the file, oldest first. */
export function monthEndCloses(ticker: string): Array<[month: string, close: number]> {
  const byMonth = new Map<string, number>();
  for (const [date, close] of closesInFile(ticker)) byMonth.set(date.slice(0, 7), close);
  return [...byMonth.entries()];
}

const slugOf = (uid: string, name: string) => `${uid}-${name}`.toLowerCase().replace(/[^a-z0-9-]/g, "-");

export interface HoldingInput {
  ticker: string;
  quantity: number;
  /** purchase date; default 2025-01-02, after every split in the market data, so shares = quantity */
  DoA?: string;
}

export interface SaveOptions {
  playGround?: boolean;
  rev?: number;
  created?: boolean;
  /** the portfolio's document id (default `<slug>-id`) */
  portfolioId?: string;
}

/** What a test says of a valuation: its market value, and whatever else it needs. */
export interface ValuedOptions extends Partial<Omit<PortfolioFigures, "marketValue">> {
  playGround?: boolean;
  /** ISO time the valuation started (default: the clock's now) */
  valuedAt?: string;
  portfolioId?: string;
  holdings?: EventPayload<"portfolio.valued">["holdings"];
}

export interface Harness {
  deps: TestDeps;
  /** the networth service's own view of the ports (its cache keys, its typed jobs) */
  svc: ServiceDeps;
  app: App;
  networth: ServiceModule;
  token(uid: string): string;
  startWorkers(): void;
  post(uid: string | null, url: string, payload?: object): Promise<LightMyRequestResponse>;
  /** a save of the user's portfolio `name` (slugs are global, so the slug is `<uid>-<name>`) */
  saved(uid: string, name: string, holdings: HoldingInput[], options?: SaveOptions): EventEnvelope<EventPayload<"portfolio.saved">>;
  /** the figures of a valuation of the user's portfolio `name` (its latest revision unless `rev` says otherwise) */
  valued(uid: string, name: string, marketValue: number | null, options?: ValuedOptions): EventEnvelope<EventPayload<"portfolio.valued">>;
  deleted(uid: string, name: string, portfolioId?: string): EventEnvelope<EventPayload<"portfolio.deleted">>;
  /** hands an event to the networth consumer of its type, as the bus would */
  deliver(event: EventEnvelope): Promise<void>;
  /** moves the clock past the debounce and waits until the recompute queue is idle */
  settle(): Promise<void>;
  /** events of a type in the outbox, oldest first, each checked against its proto schema */
  events<T extends EventType>(type: T): Promise<Array<EventEnvelope<EventPayload<T>>>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** false: jobs stay waiting until startWorkers(), so a test can look at the state in between */
  workers?: boolean;
}

export async function harness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<Harness> {
  const deps = createTestDeps({
    MARKET_DATA_DIR: REAL_DATA_DIR,
    MARKET_DATA_PROVIDERS: "csv",
    NETWORTH_DEBOUNCE_MS: "20",
    ...env,
  });
  const pricing = createPricingService(forService(deps, "pricing"));
  const svc = forService(deps, "networth");
  const networth = createNetworthService(svc);
  const app = await buildTestApp(deps, pricing.routes, networth.routes);
  let working = false;
  const startWorkers = () => {
    if (working) return;
    working = true;
    for (const job of networth.jobs ?? []) deps.queue.process(job.queue, job.handler, job.concurrency);
  };
  if (options.workers !== false) startWorkers();
  const tokens = new Map<string, string>();
  const token = (uid: string) => {
    if (!tokens.has(uid)) tokens.set(uid, tokenFor(app, { uid }));
    return tokens.get(uid) as string;
  };
  const revs = new Map<string, number>();
  const now = () => deps.clock.now();

  return {
    deps,
    svc,
    app,
    networth,
    token,
    startWorkers,
    post: (uid, url, payload) =>
      app.inject({ method: "POST", url, headers: uid ? bearer(token(uid)) : {}, ...(payload ? { payload } : {}) }),
    saved(uid, name, holdings, options = {}) {
      const slug = slugOf(uid, name);
      const rev = options.rev ?? (revs.get(slug) ?? 0) + 1;
      revs.set(slug, Math.max(rev, revs.get(slug) ?? 0));
      const payload: EventPayload<"portfolio.saved"> = {
        uid,
        slug,
        pName: name,
        privateMode: true,
        playGround: options.playGround ?? false,
        created: options.created ?? rev === 1,
        copiedFrom: null,
        tickers: holdings.map((h) => h.ticker),
        holdings: holdings.map((h) => ({ PoA: 1, DoA: "2025-01-02", ...h })),
        assetCount: holdings.length,
        rev,
        portfolioId: options.portfolioId ?? `${slug}-id`,
      };
      return envelope("portfolio.saved", uid, payload, now());
    },
    valued(uid, name, marketValue, options = {}) {
      const slug = slugOf(uid, name);
      const rev = options.rev ?? revs.get(slug) ?? 1;
      const { playGround, valuedAt, portfolioId, holdings, ...over } = options;
      const figures: PortfolioFigures = {
        rev,
        baseCurrency: "USD",
        valuationDate: "2026-07-13",
        pricesAsOf: "2026-07-13",
        value: 0,
        marketValue,
        dividends: null,
        profitLoss: null,
        priceProfitLoss: null,
        profitLossPercent: null,
        twrPercent: null,
        xirrPercent: null,
        stale: [],
        unpriced: [],
        rates: [],
        lastRefreshed: new Date(now()).toISOString(),
        ...over,
      };
      const payload: EventPayload<"portfolio.valued"> = {
        uid,
        slug,
        portfolioId: portfolioId ?? `${slug}-id`,
        rev,
        playGround: playGround ?? false,
        valuedAt: valuedAt ?? new Date(now()).toISOString(),
        figures,
        holdings: holdings ?? [],
      };
      return envelope("portfolio.valued", uid, payload, now());
    },
    deleted: (uid, name, portfolioId) =>
      envelope("portfolio.deleted", uid, { uid, slug: slugOf(uid, name), portfolioId: portfolioId ?? `${slugOf(uid, name)}-id` }, now()),
    async deliver(event) {
      const consumer = networth.consumers?.find((c) => c.types.includes(event.type));
      if (!consumer) throw new Error(`networth does not consume ${event.type}`);
      expect(Value.Check(EventPayloads[event.type as EventType], event.payload)).toBe(true);
      // across the bus an event is JSON
      await consumer.handle(JSON.parse(JSON.stringify(event)));
    },
    async settle() {
      if (!working) throw new Error("settle() would wait forever: call startWorkers() first");
      // recomputes are debounced: the manual clock moves past the delay
      deps.clock.advance(networthSettings(deps.config).debounceMs);
      await deps.queue.drain(RECOMPUTE_QUEUE);
    },
    async events<T extends EventType>(type: T) {
      const all = (await deps.outboxEvents()).filter((e) => e.type === type) as Array<EventEnvelope<EventPayload<T>>>;
      for (const e of all) expect(Value.Check(EventPayloads[type], e.payload), JSON.stringify(e.payload)).toBe(true);
      return all;
    },
    async close() {
      await app.close();
      await deps.queue.close();
      await deps.store.close();
    },
  };
}
