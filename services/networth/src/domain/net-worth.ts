/**
 * Net worth as the product defines it: the sum of the market values of a user's portfolios, where a
 * portfolio's market value is Σ quantity × latest price over its priced assets (the valuation engine's
 * definition, services/portfolio/src/domain/valuation/DEFINITIONS.md). Playground portfolios are what-if
 * sandboxes and count for nothing. Pure: prices come in as a map.
 */

export interface Holding {
  ticker: string;
  /** as entered: shares traded on DoA, before any later split */
  quantity: number;
  /** purchase date; absent in documents stored before it was kept */
  DoA?: string;
}

export interface PortfolioHoldings {
  playGround: boolean;
  holdings: Holding[];
}

/** Tickers are compared upper case, as pricing normalises them. */
export const normalizeTicker = (ticker: string): string => ticker.trim().toUpperCase();

export const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/** The portfolios that count towards net worth. */
export const counted = <P extends PortfolioHoldings>(portfolios: P[]): P[] => portfolios.filter((p) => !p.playGround);

/** Every ticker the counted portfolios hold, upper case, each once, sorted. */
export function heldTickers(portfolios: PortfolioHoldings[]): string[] {
  return [...new Set(counted(portfolios).flatMap((p) => p.holdings.map((h) => normalizeTicker(h.ticker))))].sort();
}

/**
 * Σ quantity × price over the counted portfolios, rounded to cents. A ticker without a price (unknown to
 * every provider: null or absent in `prices`) adds nothing, as an unpriced asset adds nothing to a
 * portfolio's market value; a price is never invented.
 */
export function netWorthOf(portfolios: PortfolioHoldings[], prices: ReadonlyMap<string, number | null>): number {
  let sum = 0;
  for (const p of counted(portfolios)) {
    for (const h of p.holdings) {
      const price = prices.get(normalizeTicker(h.ticker));
      if (price == null || !Number.isFinite(price) || !Number.isFinite(h.quantity)) continue;
      sum += h.quantity * price;
    }
  }
  return roundCents(sum);
}

/** Units held per ticker over the counted portfolios. */
export function quantitiesByTicker(portfolios: PortfolioHoldings[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const p of counted(portfolios)) {
    for (const h of p.holdings) {
      if (!Number.isFinite(h.quantity)) continue;
      const t = normalizeTicker(h.ticker);
      totals.set(t, (totals.get(t) ?? 0) + h.quantity);
    }
  }
  return totals;
}
