/**
 * Which of the movers' holdings are current, stale or unpriced: exactly as their portfolios' valuations say
 * (docs/numbers.md "Stale, unpriced and rates": one definition for every screen, applied by the valuation engine). A
 * ticker held in several portfolios is stale when any valuation found it stale (a last good price wins over
 * an out-of-date one), unpriced when every valuation left it out; a holding of a portfolio whose figures are
 * not computed yet is unpriced (`unavailable`) unless another valuation priced it. Pure.
 */
import type { MoverUnpriced } from "@folio/proto/networth";
import type { StaleReason } from "@folio/proto/portfolio";
import { counted, normalizeTicker, type PortfolioHoldings } from "./net-worth.ts";

export interface PricedHolding {
  ticker: string;
  priceDate: string | null;
}

export interface StaleHolding extends PricedHolding {
  reason: StaleReason;
}

export interface Freshness {
  /** the latest pricesAsOf of the valuations; null when none priced anything */
  pricesAsOf: string | null;
  /** in ticker order */
  current: PricedHolding[];
  stale: StaleHolding[];
  unpriced: MoverUnpriced[];
}

interface Seen {
  priceDate: string | null;
  stale: StaleReason | null;
  priced: boolean;
  unpriced: MoverUnpriced["reason"] | null;
}

export function freshness(portfolios: PortfolioHoldings[]): Freshness {
  const seen = new Map<string, Seen>();
  let pricesAsOf: string | null = null;
  const at = (ticker: string): Seen => {
    const t = normalizeTicker(ticker);
    let s = seen.get(t);
    if (!s) {
      s = { priceDate: null, stale: null, priced: false, unpriced: null };
      seen.set(t, s);
    }
    return s;
  };
  for (const p of counted(portfolios)) {
    const f = p.figures;
    if (!f) {
      for (const h of p.holdings) {
        if (h.side === "sell") continue;
        const s = at(h.ticker);
        s.unpriced ??= "unavailable";
      }
      continue;
    }
    if (f.pricesAsOf && (pricesAsOf === null || f.pricesAsOf > pricesAsOf)) pricesAsOf = f.pricesAsOf;
    const reasons = new Map(f.unpriced.map((u) => [normalizeTicker(u.ticker), u.reason]));
    for (const h of f.holdings) {
      const s = at(h.ticker);
      if (h.marketValue === null) {
        s.unpriced ??= reasons.get(normalizeTicker(h.ticker)) ?? "unavailable";
        continue;
      }
      s.priced = true;
      if (h.priceDate && (s.priceDate === null || h.priceDate > s.priceDate)) s.priceDate = h.priceDate;
      if (h.staleReason === "last-known" || (h.staleReason && !s.stale)) s.stale = h.staleReason;
    }
  }
  const result: Freshness = { pricesAsOf, current: [], stale: [], unpriced: [] };
  for (const ticker of [...seen.keys()].sort()) {
    const s = seen.get(ticker) as Seen;
    if (!s.priced) result.unpriced.push({ ticker, reason: s.unpriced ?? "unavailable" });
    else if (s.stale) result.stale.push({ ticker, priceDate: s.priceDate, reason: s.stale });
    else result.current.push({ ticker, priceDate: s.priceDate });
  }
  return result;
}
