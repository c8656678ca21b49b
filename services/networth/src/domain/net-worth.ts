/**
 * Net worth as the product defines it (docs/configuration.md "Net worth"): the sum of the market values of a user's
 * portfolios, each as its latest valuation gives it (the figures the portfolio service publishes with
 * portfolio.valued: the same number its page shows, computed once by the valuation engine). Playground
 * portfolios are what-if sandboxes and count for nothing. A portfolio whose figures are not yet in the
 * user's base currency (just changed) is left out and named as pending, never converted here. Pure.
 */
import type { RateUsed, StaleReason, UnpricedHolding } from "@folio/proto/portfolio";

export interface Holding {
  ticker: string;
  /** as entered: shares traded on DoA, before any later split */
  quantity: number;
  /** purchase date; absent in documents stored before it was kept */
  DoA?: string;
  /** "sell": a sale of `quantity` (docs/numbers.md "Sales"); absent: a buy */
  side?: "buy" | "sell";
}

/** One asset as its portfolio's valuation left it. */
export interface ValuedHolding {
  ticker: string;
  /** today's shares (after splits) */
  shares: number;
  marketValue: number | null;
  priceDate: string | null;
  staleReason: StaleReason | null;
}

/** A portfolio's latest figures, as portfolio.valued carried them. */
export interface HeldFigures {
  rev: number;
  /** ISO time the valuation started */
  valuedAt: string;
  baseCurrency: string;
  /** null when nothing is priced, or the portfolio has no assets */
  marketValue: number | null;
  pricesAsOf: string | null;
  stale: string[];
  unpriced: UnpricedHolding[];
  rates: RateUsed[];
  holdings: ValuedHolding[];
}

export interface PortfolioHoldings {
  slug?: string;
  playGround: boolean;
  /** a deleted portfolio's tombstone: counts for nothing */
  deleted?: boolean;
  holdings: Holding[];
  figures?: HeldFigures | null;
}

/** Tickers are compared upper case, as pricing normalises them. */
export const normalizeTicker = (ticker: string): string => ticker.trim().toUpperCase();

export const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/** The portfolios that count towards net worth. */
export const counted = <P extends PortfolioHoldings>(portfolios: P[]): P[] => portfolios.filter((p) => !p.playGround && !p.deleted);

export interface NetWorthFigure {
  netWorth: number;
  baseCurrency: string;
  /** tickers whose price is stale in their portfolio's valuation */
  stale: string[];
  /** holdings their portfolio's valuation left out, with why */
  unpriced: UnpricedHolding[];
  /** the stale rates the figures used (an older month's carried forward), one per pair, the oldest kept */
  rates: RateUsed[];
  /** counted portfolios whose figures in `baseCurrency` are not computed yet: left out */
  pending: string[];
}

/**
 * Σ marketValue over the counted portfolios' figures in `base`, rounded to cents, with what those figures
 * say they could not count or counted at a stale price.
 */
export function netWorthOf(portfolios: PortfolioHoldings[], base: string): NetWorthFigure {
  let sum = 0;
  const stale = new Set<string>();
  const unpriced = new Map<string, UnpricedHolding>();
  const rates = new Map<string, RateUsed>();
  const pending: string[] = [];
  for (const p of counted(portfolios)) {
    const f = p.figures;
    if (!f || f.baseCurrency !== base) {
      if (p.holdings.length > 0 || f) pending.push(p.slug ?? "");
      continue;
    }
    if (f.marketValue !== null && Number.isFinite(f.marketValue)) sum += f.marketValue;
    for (const t of f.stale) stale.add(t);
    for (const u of f.unpriced) if (!unpriced.has(u.ticker)) unpriced.set(u.ticker, u);
    for (const r of f.rates) {
      if (!r.stale) continue;
      const known = rates.get(r.pair);
      if (!known || r.month < known.month) rates.set(r.pair, r);
    }
  }
  const byTicker = <T extends { ticker: string }>(a: T, b: T) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0);
  return {
    netWorth: roundCents(sum),
    baseCurrency: base,
    stale: [...stale].sort(),
    unpriced: [...unpriced.values()].sort(byTicker),
    rates: [...rates.values()].sort((a, b) => (a.pair < b.pair ? -1 : 1)),
    pending: pending.sort(),
  };
}

/** Shares held per ticker over the counted portfolios: today's, from the valuations (as entered where there is none yet). */
export function quantitiesByTicker(portfolios: PortfolioHoldings[]): Map<string, number> {
  const totals = new Map<string, number>();
  const sold = new Set<string>();
  const add = (ticker: string, q: number) => {
    if (!Number.isFinite(q)) return;
    const t = normalizeTicker(ticker);
    totals.set(t, (totals.get(t) ?? 0) + q);
  };
  for (const p of counted(portfolios)) {
    if (p.figures) for (const h of p.figures.holdings) add(h.ticker, h.shares);
    else
      for (const h of p.holdings) {
        if (h.side === "sell") sold.add(normalizeTicker(h.ticker));
        add(h.ticker, h.side === "sell" ? -h.quantity : h.quantity);
      }
  }
  // a ticker sold in full is not held (docs/numbers.md "Sales"): the movers count what is still held
  for (const ticker of sold) if (!((totals.get(ticker) ?? 0) > 1e-9)) totals.delete(ticker);
  return totals;
}
