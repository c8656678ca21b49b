/**
 * Pricing: latest prices, monthly history and symbol search from the configured market-data providers
 * (CSV folder, Yahoo Finance, CoinGecko), cached and with stale values during outages; an hourly refresh
 * of every held ticker that announces changed prices with price.updated. It keeps a read model of which
 * tickers each portfolio holds, fed by portfolio events.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { marketDataSettings } from "./config.ts";
import { pricingConsumers } from "./consumers.ts";
import { REFRESH_EVERY_MS, REFRESH_KEY, REFRESH_QUEUE, refreshJob } from "./jobs.ts";
import { MarketData } from "./market-data.ts";
import { createProviders } from "./providers/index.ts";
import type { MarketDataProvider } from "./providers/port.ts";
import { PriceReplyCache } from "./reply-cache.ts";
import { pricingRoutes } from "./routes.ts";

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
  return {
    name: "pricing",
    routes: pricingRoutes(marketData, replies, deps.clock),
    consumers: pricingConsumers(deps),
    jobs: [refreshJob(deps, marketData)],
    start: async () => {
      await deps.jobs.repeat(REFRESH_QUEUE, {}, REFRESH_EVERY_MS, REFRESH_KEY);
    },
  };
}
