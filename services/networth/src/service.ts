/**
 * Net worth: the recompute jobs, history and API arrive with the net-worth issue. Already now it keeps
 * the read model they start from: each user's portfolios, playground or not.
 */
import { projection } from "@folio/platform/projection";
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import type { EventPayload } from "@folio/proto/events";
import { heldPortfolios, type HeldPortfolio } from "./store.ts";

export function createNetworthService(deps: ServiceDeps): ServiceModule {
  const onPortfolioEvent = projection<HeldPortfolio>(deps.store, {
    consumer: "networth.portfolios",
    collection: heldPortfolios(deps.store),
    idOf: (e) => (e.payload as { slug: string }).slug,
    apply: (event, current) => {
      if (event.type === "portfolio.deleted") return null;
      const p = event.payload as EventPayload<"portfolio.saved">;
      if (current && current.rev > p.rev) return undefined;
      return { _id: p.slug, uid: p.uid, pName: p.pName, playGround: p.playGround, tickers: [...new Set(p.tickers)], rev: p.rev };
    },
  });
  return {
    name: "networth",
    routes: async () => {},
    consumers: [{ types: ["portfolio.saved", "portfolio.deleted"], handle: onPortfolioEvent }],
  };
}
