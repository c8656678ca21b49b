/**
 * Portfolio: creating, saving, sharing, renaming and deleting portfolios (commands.ts), reading them
 * (reads.ts), the community list (community.ts) and the visitors' samples (seed.ts). It owns the portfolio
 * collections and publishes portfolio.saved / portfolio.deleted (events.ts). Portfolios are valued with the
 * pricing service's prices (valuation-service.ts, prices.ts) and revalued by jobs when a price changes
 * (revaluation.ts). Brokerage imports become portfolios (imports.ts). What it consumes is in consumers.ts,
 * its jobs in jobs.ts, and what they and the routes share in context.ts.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { portfolioConsumers } from "./consumers.ts";
import { type PortfolioOptions, portfolioContext } from "./context.ts";
import { portfolioJobs } from "./jobs.ts";
import { refreshOldFigures } from "./revaluation.ts";
import { portfolioRoutes } from "./routes.ts";
import { startSeeding } from "./seed.ts";
import { bucketLegacyHoldings, holdings } from "./store.ts";

export type { PortfolioOptions };

export function createPortfolioService(deps: ServiceDeps, options: PortfolioOptions = {}): ServiceModule {
  const ctx = portfolioContext(deps, options);
  return {
    name: "portfolio",
    routes: portfolioRoutes(ctx),
    consumers: portfolioConsumers(ctx),
    jobs: portfolioJobs(ctx),
    async start() {
      await bucketLegacyHoldings(deps.store, holdings(deps.store));
      await ctx.community.rebuild();
      await refreshOldFigures(deps);
      await startSeeding(deps);
    },
    async stop() {
      await ctx.valuer.close();
    },
  };
}
