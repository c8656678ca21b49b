/**
 * Pricing: latest prices, monthly history and symbol search from the configured market-data providers
 * (CSV folder, Yahoo Finance, CoinGecko), cached and with stale values during outages; an hourly refresh
 * of every held ticker that announces changed prices with price.updated. It keeps a read model of which
 * tickers each portfolio holds, fed by portfolio events.
 */
import { consumer } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { marketDataSettings } from "./config.ts";
import { CONSUMES } from "./events.ts";
import { REFRESH_EVERY_MS, REFRESH_KEY, REFRESH_QUEUE, refreshJob } from "./jobs.ts";
import { MarketData } from "./market-data.ts";
import { createProviders } from "./providers/index.ts";
import type { MarketDataProvider } from "./providers/port.ts";
import { PriceReplyCache } from "./reply-cache.ts";
import { pricingRoutes } from "./routes.ts";
import { type PortfolioTickers, trackedTickers } from "./store.ts";

export interface PricingOptions {
  /** replaces the providers the configuration names (tests) */
  providers?: MarketDataProvider[];
}

export function createPricingService(deps: ServiceDeps, options: PricingOptions = {}): ServiceModule {
  const settings = marketDataSettings(deps.config);
  const providers = options.providers ?? createProviders(settings);
  const replies = new PriceReplyCache(deps.clock);
  const marketData = new MarketData(providers, deps.cache, deps.log, {
    changed: (ticker) => replies.drop(ticker),
    clock: deps.clock,
    dataDir: settings.dataDir,
  });
  const onPortfolioEvent = projection<PortfolioTickers, (typeof CONSUMES)[number]>(deps.store, {
    consumer: "pricing.tickers",
    collection: trackedTickers(deps.store),
    idOf: (e) => e.payload.slug,
    apply: (event, current) => {
      if (event.type === "portfolio.deleted") return null;
      const p = event.payload;
      if (current && current.rev > p.rev) return undefined; // an older revision arriving late
      return { _id: p.slug, uid: p.uid, tickers: [...new Set(p.tickers)], rev: p.rev };
    },
  });
  return {
    name: "pricing",
    routes: pricingRoutes(marketData, replies, deps.clock),
    consumers: [consumer(CONSUMES, onPortfolioEvent)],
    jobs: [refreshJob(deps, marketData)],
    start: async () => {
      await deps.jobs.repeat(REFRESH_QUEUE, {}, REFRESH_EVERY_MS, REFRESH_KEY);
    },
  };
}
