/**
 * Revaluation on price.updated: the portfolios whose valuation reads the ticker (holdings collection) get
 * fresh figures in their value snapshots (marketValue, fees, allHistory, lastRefreshed) and fresh cached
 * replies. Runs once per event (inbox, in the snapshots' commit), so a redelivery changes nothing.
 */
import type { EventEnvelope } from "@folio/platform/bus/port";
import { handleOnce } from "@folio/platform/inbox";
import type { Consumer, ServiceDeps } from "@folio/platform/service";
import type { WriteOp } from "@folio/platform/store/port";
import type { EventPayload } from "@folio/proto/events";
import { CONSUMES } from "./events.ts";
import { findBySlug, holdings, portfolios, slugsHolding, snapshotOp } from "./store.ts";
import type { PortfolioValuer, Valued } from "./valuation-service.ts";

export const REVALUATION_CONSUMER = "portfolio.revaluation";

export function revaluationConsumer(deps: ServiceDeps, valuer: PortfolioValuer): Consumer {
  const held = holdings(deps.store);
  const collection = portfolios(deps.store);
  async function handle(event: EventEnvelope): Promise<void> {
    const { ticker } = event.payload as EventPayload<"price.updated">;
    // the price cached for valuations is the one that just changed
    await valuer.pricing.forget(ticker);
    const revalued: Array<[slug: string, valued: Valued]> = [];
    const skipped: string[] = [];
    await handleOnce(deps.store, REVALUATION_CONSUMER, event, async () => {
      const ops: WriteOp[] = [];
      for (const slug of await slugsHolding(held, ticker)) {
        const doc = await findBySlug(collection, slug);
        if (!doc) continue;
        // background work: it may wait for pricing as long as pricing takes
        const valued = await valuer.value(doc, undefined);
        // Figures missing an asset only because its price cannot be had right now would be wrong, not
        // merely old: this portfolio keeps its stored figures, and its next read values it afresh. The
        // others go ahead; one unpriceable ticker must not hold back every portfolio that shares another.
        const assetTickers = new Set(doc.assets.map((a) => a.ticker.toUpperCase()));
        if (valued.lookup.unavailable.some((t) => assetTickers.has(t))) {
          skipped.push(slug);
          continue;
        }
        ops.push(snapshotOp(slug, valuer.snapshotOf(valued)));
        revalued.push([slug, valued]);
      }
      return ops;
    });
    // after the commit: a reader must never get figures newer than what is stored
    for (const [slug, valued] of revalued) await valuer.keep(slug, valued);
    for (const slug of skipped) await valuer.forget(slug);
    if (skipped.length > 0)
      deps.log.warn({ ticker, portfolios: skipped.length }, "portfolios left unrevalued: some of their prices are unavailable");
  }
  return { types: [...CONSUMES], handle };
}
