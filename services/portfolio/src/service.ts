/**
 * Portfolio: creating, saving, sharing, renaming and deleting portfolios. It owns the "portfolios"
 * collection and publishes portfolio.saved / portfolio.deleted (events.ts). Portfolios are valued with the
 * pricing service's prices (valuation-service.ts) and revalued when a price changes (revaluation.ts).
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { createCommunity } from "./community.ts";
import { PricingClient } from "./pricing-client.ts";
import { revaluationConsumer } from "./revaluation.ts";
import { portfolioRoutes } from "./routes.ts";
import { PortfolioValuer } from "./valuation-service.ts";

export function createPortfolioService(deps: ServiceDeps): ServiceModule {
  const valuer = new PortfolioValuer(deps, new PricingClient(deps.services, deps.cache, deps.log));
  const community = createCommunity(deps, valuer);
  return {
    name: "portfolio",
    routes: async (app) => {
      await app.register(portfolioRoutes(deps, valuer));
      await app.register(community.routes);
    },
    consumers: [revaluationConsumer(deps, valuer), ...community.consumers],
    // the community's read model and the visitors' samples (community.ts, seed.ts)
    start: () => community.start(),
    stop: () => community.stop(),
  };
}
