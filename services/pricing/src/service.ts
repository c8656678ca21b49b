/**
 * Pricing: quotes, history and search come with the market-data issue. Already now it keeps the read
 * model its hourly refresh needs: which tickers each portfolio holds.
 */
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import type { EventPayload } from "@folio/proto/events";
import { trackedTickers, type PortfolioTickers } from "./store.ts";

export function createPricingService(deps: ServiceDeps): ServiceModule {
  const onPortfolioEvent = projection<PortfolioTickers>(deps.store, {
    consumer: "pricing.tickers",
    collection: trackedTickers(deps.store),
    idOf: (e) => (e.payload as { slug: string }).slug,
    apply: (event, current) => {
      if (event.type === "portfolio.deleted") return null;
      const p = event.payload as EventPayload<"portfolio.saved">;
      if (current && current.rev > p.rev) return undefined; // an older revision arriving late
      return { _id: p.slug, uid: p.uid, tickers: [...new Set(p.tickers)], rev: p.rev };
    },
  });
  return {
    name: "pricing",
    routes: async () => {},
    consumers: [{ types: ["portfolio.saved", "portfolio.deleted"], handle: onPortfolioEvent }],
  };
}
