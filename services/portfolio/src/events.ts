/**
 * What the portfolio service publishes: portfolio.saved after every create, save, rename and settings
 * change; portfolio.deleted after a delete. Both are keyed by the owner's uid so one user's events stay
 * in order, and are written in the same commit as the change (the outbox). It consumes price.updated
 * (revaluation.ts) and brokerage.holdings.imported (imports.ts).
 */
import { type EventPayload, publishOp } from "@folio/platform/events";
import type { WriteOp } from "@folio/platform/store/port";
import { type PortfolioState, tickersOf } from "./domain/portfolio.ts";

export interface SavedFacts {
  /** the revision the commit produces */
  rev: number;
  created: boolean;
  /** the change turned a playground into a real portfolio */
  promoted?: boolean;
}

export function portfolioSaved(p: PortfolioState, facts: SavedFacts, now: number): WriteOp {
  const payload: EventPayload<"portfolio.saved"> = {
    uid: p.owner,
    slug: p.slug,
    pName: p.pName,
    privateMode: p.privateMode,
    playGround: p.playGround,
    created: facts.created,
    // Only the creating save reports a copy; later saves of the copy are ordinary saves.
    copiedFrom: facts.created ? p.copiedFrom : null,
    tickers: tickersOf(p),
    holdings: p.assets.map((a) => ({ ticker: a.ticker, quantity: a.quantity, PoA: a.PoA, DoA: a.DoA })),
    assetCount: p.assets.length,
    rev: facts.rev,
    // only an imported portfolio names its provider (accounts tells it from a manual one)
    ...(p.provider ? { provider: p.provider } : {}),
    ...(facts.promoted ? { promoted: true } : {}),
  };
  return publishOp("portfolio.saved", p.owner, payload, now);
}

export function portfolioDeleted(p: PortfolioState, now: number): WriteOp {
  return publishOp("portfolio.deleted", p.owner, { uid: p.owner, slug: p.slug }, now);
}
