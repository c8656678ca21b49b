/**
 * What the portfolio service consumes, each idempotent through its inbox:
 * - price.updated: the ticker's portfolios are revalued by a fan-out of jobs (revaluation.ts);
 * - account.updated: the owner's base currency (owners.ts); a change revalues their portfolios in it;
 * - brokerage.holdings.imported: a portfolio per investment account, or its assets replaced (imports.ts).
 */
import { type Consumer, consumer } from "@folio/platform/events";
import type { PortfolioContext } from "./context.ts";
import { holdingsImports } from "./imports.ts";
import { ownerUpdates } from "./owners.ts";
import { onPriceUpdated } from "./revaluation.ts";

export function portfolioConsumers(ctx: PortfolioContext): Consumer[] {
  return [
    consumer(["price.updated"], (event) => onPriceUpdated(ctx, event)),
    consumer(["account.updated"], ownerUpdates(ctx)),
    consumer(["brokerage.holdings.imported"], holdingsImports(ctx)),
  ];
}
