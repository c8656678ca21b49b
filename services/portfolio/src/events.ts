/**
 * What the portfolio service publishes: portfolio.saved after every create, save, rename and settings
 * change; portfolio.deleted after a delete; portfolio.valued with every figures it stores (figures.ts). All
 * are keyed by the owner's uid so one user's events stay in order, and are written in the same commit as the
 * change (the outbox). It consumes price.updated (revaluation.ts), account.updated (owners.ts) and
 * brokerage.holdings.imported (imports.ts).
 */
import { type EventPayload, publishOp } from "@folio/platform/events";
import type { Doc, WriteOp } from "@folio/platform/store/port";
import type { PortfolioFigures } from "@folio/proto/portfolio";
import { type PortfolioState, tickersOf } from "./domain/portfolio.ts";

export interface SavedFacts {
  /** the revision the commit produces */
  rev: number;
  created: boolean;
  /** the change turned a playground into a real portfolio */
  promoted?: boolean;
}

export function portfolioSaved(p: PortfolioState & Pick<Doc, "_id">, facts: SavedFacts, now: number): WriteOp {
  const payload: EventPayload<"portfolio.saved"> = {
    portfolioId: p._id,
    uid: p.owner,
    slug: p.slug,
    pName: p.pName,
    privateMode: p.privateMode,
    playGround: p.playGround,
    created: facts.created,
    // Only the creating save reports a copy; later saves of the copy are ordinary saves.
    copiedFrom: facts.created ? p.copiedFrom : null,
    tickers: tickersOf(p),
    holdings: p.assets.map((a) => ({
      ticker: a.ticker,
      quantity: a.quantity,
      PoA: a.PoA,
      DoA: a.DoA,
      ...(a.side === "sell" ? { side: "sell" as const } : {}),
    })),
    assetCount: p.assets.length,
    rev: facts.rev,
    // only an imported portfolio names its provider (accounts tells it from a manual one)
    ...(p.provider ? { provider: p.provider } : {}),
    ...(facts.promoted ? { promoted: true } : {}),
  };
  return publishOp("portfolio.saved", p.owner, payload, now);
}

export function portfolioDeleted(p: PortfolioState & Pick<Doc, "_id">, now: number): WriteOp {
  return publishOp("portfolio.deleted", p.owner, { uid: p.owner, slug: p.slug, portfolioId: p._id }, now);
}

/** The figures just stored for a portfolio's revision, and each asset as valued. */
export function portfolioValued(
  p: PortfolioState & Pick<Doc, "_id">,
  valued: { rev: number; valuedAt: number; figures: PortfolioFigures | null; holdings: EventPayload<"portfolio.valued">["holdings"] },
  now: number,
): WriteOp {
  const payload: EventPayload<"portfolio.valued"> = {
    uid: p.owner,
    slug: p.slug,
    portfolioId: p._id,
    rev: valued.rev,
    playGround: p.playGround,
    valuedAt: new Date(valued.valuedAt).toISOString(),
    figures: valued.figures,
    holdings: valued.holdings,
  };
  return publishOp("portfolio.valued", p.owner, payload, now);
}
