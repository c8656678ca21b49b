/**
 * Portfolio: creating, saving, sharing, renaming and deleting portfolios. It owns the "portfolios"
 * collection and publishes portfolio.saved / portfolio.deleted (events.ts); it consumes nothing yet.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { portfolioRoutes } from "./routes.ts";

export function createPortfolioService(deps: ServiceDeps): ServiceModule {
  return {
    name: "portfolio",
    routes: portfolioRoutes(deps),
    consumers: [],
  };
}
