/** What the pricing service's routes, consumers and jobs share, built once per service instance from its deps. */
import type { ServiceDeps } from "@folio/platform/service";
import { type MarketDataSettings, marketDataSettings } from "./config.ts";
import { MarketData } from "./market-data.ts";
import { createProviders } from "./providers/index.ts";
import type { MarketDataProvider } from "./providers/port.ts";
import { PriceReplyCache } from "./reply-cache.ts";

export interface PricingOptions {
  /** replaces the providers the configuration names (tests) */
  providers?: MarketDataProvider[];
}

export interface PricingContext {
  deps: ServiceDeps;
  settings: MarketDataSettings;
  /** prices, histories and search from the providers, cached (market-data.ts) */
  marketData: MarketData;
  /** the price replies this process keeps, dropped when a ticker's price changes (reply-cache.ts) */
  replies: PriceReplyCache;
}

export function pricingContext(deps: ServiceDeps, options: PricingOptions = {}): PricingContext {
  const settings = marketDataSettings(deps.config);
  const replies = new PriceReplyCache(deps.clock);
  const marketData = new MarketData(options.providers ?? createProviders(settings), deps.cache, deps.log, {
    changed: (ticker) => replies.drop(ticker),
    clock: deps.clock,
    dataDir: settings.dataDir,
  });
  return { deps, settings, marketData, replies };
}
