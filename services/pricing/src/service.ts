/**
 * Pricing: latest prices, monthly history and symbol search from the configured market-data providers
 * (CSV folder, Yahoo Finance, CoinGecko), cached and with stale values during outages; an hourly refresh
 * of every held ticker that announces changed prices with price.updated. It keeps a read model of which
 * tickers each portfolio holds, fed by portfolio events.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { pricingConsumers } from "./consumers.ts";
import { type PricingOptions, pricingContext } from "./context.ts";
import { pricingJobs, REFRESH_EVERY_MS, REFRESH_KEY, REFRESH_QUEUE } from "./jobs.ts";
import { pricingRoutes } from "./routes.ts";

export type { PricingOptions };

export function createPricingService(deps: ServiceDeps, options: PricingOptions = {}): ServiceModule {
  const ctx = pricingContext(deps, options);
  return {
    name: "pricing",
    routes: pricingRoutes(ctx),
    consumers: pricingConsumers(ctx),
    jobs: pricingJobs(ctx),
    start: async () => {
      await deps.jobs.repeat(REFRESH_QUEUE, {}, REFRESH_EVERY_MS, REFRESH_KEY);
    },
  };
}
