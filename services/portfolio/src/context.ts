/**
 * What the portfolio service's routes, consumers and jobs share, built once per service instance from its
 * deps: the valuer (prices from the pricing service through its client, owners' base currencies, the
 * valuation threads), the figures it records, the community read model, and the use cases over them.
 */
import type { ServiceDeps } from "@folio/platform/service";
import { PricingQueries } from "@folio/pricing/client";
import { createPortfolioCommands, type PortfolioCommands } from "./commands.ts";
import { type Community, createCommunity } from "./community.ts";
import { CommunityModel } from "./community-model.ts";
import { createFigures, type Figures } from "./figures.ts";
import { createModeration, type Moderation } from "./moderation.ts";
import { OwnerSettings, owners } from "./owners.ts";
import { Prices } from "./prices.ts";
import { createPortfolioReads, type PortfolioReads } from "./reads.ts";
import { type PortfolioTasks, PortfolioValuer } from "./valuation-service.ts";

export interface PortfolioOptions {
  /** where valuations run; default: the built app's valuation threads (in place under the sources) */
  tasks?: PortfolioTasks;
}

export interface PortfolioContext {
  deps: ServiceDeps;
  /** values portfolios and keeps their replies (valuation-service.ts) */
  valuer: PortfolioValuer;
  /** records a valuation's figures with portfolio.valued (figures.ts) */
  figures: Figures;
  /** the community list's read model, written in the save's own commit */
  model: CommunityModel;
  community: Community;
  commands: PortfolioCommands;
  reads: PortfolioReads;
  moderation: Moderation;
}

export function portfolioContext(deps: ServiceDeps, options: PortfolioOptions = {}): PortfolioContext {
  const valuer = new PortfolioValuer(
    deps,
    new Prices(new PricingQueries(deps.services), deps.cache, deps.log),
    new OwnerSettings(owners(deps.store)),
    options.tasks,
  );
  const figures = createFigures(deps, valuer);
  const model = new CommunityModel(deps.store);
  const community = createCommunity(deps, valuer, figures, model);
  return {
    deps,
    valuer,
    figures,
    model,
    community,
    commands: createPortfolioCommands(deps, valuer, figures, model, community.invalidate),
    reads: createPortfolioReads(deps, valuer, figures),
    moderation: createModeration(deps, model, community.invalidate),
  };
}
