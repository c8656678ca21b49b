/**
 * The events pricing consumes: portfolio's revisions, kept as a read model of which tickers each portfolio
 * holds (the hourly refresh's list), an older revision arriving late left out.
 */
import { type Consumer, consumer } from "@folio/platform/events";
import { projection } from "@folio/platform/projection";
import type { PricingContext } from "./context.ts";
import { CONSUMES } from "./events.ts";
import { type PortfolioTickers, trackedTickers } from "./store.ts";

export function pricingConsumers({ deps }: PricingContext): Consumer[] {
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
  return [consumer(CONSUMES, onPortfolioEvent)];
}
