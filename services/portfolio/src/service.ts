/**
 * Portfolio: creating, saving, sharing, renaming and deleting portfolios (commands.ts), reading them
 * (reads.ts), the community list (community.ts) and the visitors' samples (seed.ts). It owns the portfolio
 * collections and publishes portfolio.saved / portfolio.deleted (events.ts). Portfolios are valued with the
 * pricing service's prices (valuation-service.ts) and revalued by jobs when a price changes (revaluation.ts).
 * Brokerage imports become portfolios (imports.ts).
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { PricingQueries } from "@folio/pricing/client";
import { createPortfolioCommands } from "./commands.ts";
import { createCommunity } from "./community.ts";
import { CommunityModel } from "./community-model.ts";
import { createFigures } from "./figures.ts";
import { importsConsumer } from "./imports.ts";
import { createModeration } from "./moderation.ts";
import { OwnerSettings, owners, ownersConsumer } from "./owners.ts";
import { playgroundRoutes } from "./playground.ts";
import { PricingClient } from "./pricing-client.ts";
import { createPortfolioReads } from "./reads.ts";
import { refreshOldFigures, revaluation } from "./revaluation.ts";
import { portfolioRoutes } from "./routes.ts";
import { seedJob, startSeeding } from "./seed.ts";
import { bucketLegacyHoldings, holdings } from "./store.ts";
import { type PortfolioTasks, PortfolioValuer } from "./valuation-service.ts";

export interface PortfolioOptions {
  /** where valuations run; default: the built app's valuation threads (in place under the sources) */
  tasks?: PortfolioTasks;
}

export function createPortfolioService(deps: ServiceDeps, options: PortfolioOptions = {}): ServiceModule {
  const valuer = new PortfolioValuer(
    deps,
    new PricingClient(new PricingQueries(deps.services), deps.cache, deps.log),
    new OwnerSettings(owners(deps.store)),
    options.tasks,
  );
  const figures = createFigures(deps, valuer);
  const model = new CommunityModel(deps.store);
  const community = createCommunity(deps, valuer, figures, model);
  const commands = createPortfolioCommands(deps, valuer, figures, model, community.invalidate);
  const reads = createPortfolioReads(deps, valuer, figures);
  const revalue = revaluation(deps, valuer, figures);
  const moderation = createModeration(deps, model, community.invalidate);
  return {
    name: "portfolio",
    routes: async (app) => {
      await app.register(portfolioRoutes(commands, reads));
      await app.register(community.routes);
      await app.register(moderation.routes);
      await app.register(playgroundRoutes(deps, valuer));
    },
    consumers: [revalue.consumer, ownersConsumer(deps, () => valuer), importsConsumer(deps, commands)],
    jobs: [...revalue.jobs, seedJob(deps, valuer, commands)],
    async start() {
      await bucketLegacyHoldings(deps.store, holdings(deps.store));
      await community.rebuild();
      await refreshOldFigures(deps);
      await startSeeding(deps);
    },
    async stop() {
      await valuer.close();
    },
  };
}
