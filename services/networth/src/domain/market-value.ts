/**
 * Net worth in the user's base currency (README "Net worth"): Σ over the counted portfolios' holdings of
 * shares × latest price × rate, where shares = quantity × the split factor of the splits after the purchase
 * date (the quantity is as the user entered it from the broker's statement), and rate is the latest close of
 * the pair `<CUR><BASE>=X` (1 in the base currency). A holding with no price, or no rate, adds nothing and is
 * listed as unpriced with its reason; one valued at a last good price is listed as stale. Pure.
 */
import { counted, normalizeTicker, type PortfolioHoldings, roundCents } from "./net-worth.ts";

export interface Quote {
  price: number;
  currency: string;
  /** `{ date, ratio }`, ratio new shares per old share */
  splits: readonly { date: string; ratio: number }[];
  /** the last good price, served while pricing or its providers were down */
  stale: boolean;
}

/** Why a holding is not in the total. */
export type UnpricedReason = "unknown-ticker" | "unavailable" | "no-exchange-rate";

export interface Unpriced {
  ticker: string;
  reason: UnpricedReason;
}

/** A ticker's quote, null for a ticker no provider knows, "unavailable" when pricing could not answer. */
export type QuoteAnswer = Quote | null | "unavailable";

export interface NetWorthFigure {
  netWorth: number;
  baseCurrency: string;
  /** tickers counted at a last good price */
  stale: string[];
  unpriced: Unpriced[];
}

export const fxPair = (from: string, base: string): string => `${from}${base}=X`;

/** Π ratio of the splits whose ex-date is after the purchase date (no date known: none). */
export function splitFactor(splits: Quote["splits"], DoA: string | undefined): number {
  if (!DoA) return 1;
  let f = 1;
  for (const s of splits) if (s.date > DoA && Number.isFinite(s.ratio) && s.ratio > 0) f *= s.ratio;
  return f;
}

/** The pairs a valuation in `base` needs for these quotes. */
export function pairsNeeded(quotes: ReadonlyMap<string, QuoteAnswer>, base: string): string[] {
  const pairs = new Set<string>();
  for (const q of quotes.values()) if (q && q !== "unavailable" && q.currency !== base) pairs.add(fxPair(q.currency, base));
  return [...pairs].sort();
}

export function netWorthIn(
  portfolios: PortfolioHoldings[],
  quotes: ReadonlyMap<string, QuoteAnswer>,
  rates: ReadonlyMap<string, QuoteAnswer>,
  base: string,
): NetWorthFigure {
  let sum = 0;
  const stale = new Set<string>();
  const unpriced = new Map<string, UnpricedReason>();
  for (const p of counted(portfolios)) {
    for (const h of p.holdings) {
      const ticker = normalizeTicker(h.ticker);
      const q = quotes.get(ticker);
      if (q === null || q === undefined || q === "unavailable") {
        unpriced.set(ticker, q === "unavailable" ? "unavailable" : "unknown-ticker");
        continue;
      }
      let rate = 1;
      if (q.currency !== base) {
        const r = rates.get(fxPair(q.currency, base));
        if (!r || r === "unavailable") {
          unpriced.set(ticker, "no-exchange-rate");
          continue;
        }
        rate = r.price;
        if (r.stale) stale.add(ticker);
      }
      if (!Number.isFinite(h.quantity)) continue;
      sum += h.quantity * splitFactor(q.splits, h.DoA) * q.price * rate;
      if (q.stale) stale.add(ticker);
    }
  }
  return {
    netWorth: roundCents(sum),
    baseCurrency: base,
    stale: [...stale].sort(),
    unpriced: [...unpriced].map(([ticker, reason]) => ({ ticker, reason })).sort((a, b) => a.ticker.localeCompare(b.ticker)),
  };
}
