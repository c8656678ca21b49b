/**
 * The single entry: every figure of a portfolio valuation from its assets, their prices, exchange rates
 * and today's date. Pure: the caller fetches prices and passes today (the service's clock); nothing here
 * reads either.
 */
import { holdingsOf, portfolioFees, portfolioTotals, valueLots } from "./assets.ts";
import { currentWeights, historicalPeriods } from "./backtest.ts";
import { benchmark } from "./benchmark.ts";
import { valuationGaps } from "./gaps.ts";
import { applyInitialPercents } from "./initial-percents.ts";
import { buildLots, type Lot } from "./lots.ts";
import { createMarket, type Instrument, type Market } from "./market.ts";
import { rangeReturns } from "./returns.ts";
import { allHistory, lotsTimeline } from "./timeline.ts";
import type { AssetInput, InitialPercentZero, PortfolioValuation, RateUsed, ValuationInput } from "./types.ts";
import { type CashFlow, portfolioCashFlows, xirr, xirrRoots } from "./xirr.ts";

/** Spec §3: a portfolio's totalValue defaults to 10000. */
export const DEFAULT_TOTAL_VALUE = 10000;

/**
 * The dividends the priced lots received, one cash flow per ticker and ex-date, in the base currency. The
 * lots of a ticker receive a suffix of its dividends (those after their DoA), so the shares entitled to each
 * one are a running sum over the lots' first dividends.
 */
export function dividendCashFlows(lots: readonly Lot[]): CashFlow[] {
  const entitled = new Map<Instrument, Float64Array>();
  for (const lot of lots) {
    const events = lot.inst.dividends;
    if (lot.marketValue === null || lot.shares === 0 || lot.divFrom >= events.length) continue;
    let shares = entitled.get(lot.inst);
    if (!shares) {
      shares = new Float64Array(events.length);
      entitled.set(lot.inst, shares);
    }
    shares[lot.divFrom] += lot.shares;
  }
  const flows: CashFlow[] = [];
  for (const [inst, added] of entitled) {
    let held = 0;
    for (let k = 0; k < added.length; k++) {
      held += added[k];
      const d = inst.dividends[k];
      if (held !== 0 && !Number.isNaN(d.base)) flows.push({ date: d.date, day: d.day, amount: held * d.base });
    }
  }
  return flows;
}

const uniqueSorted = (tickers: string[]): string[] => [...new Set(tickers)].sort();

/** The rates the market values used: one per pair of a lot that has a market value, by pair. */
function ratesUsed(lots: readonly Lot[], market: Market): RateUsed[] {
  const out = new Map<string, RateUsed>();
  for (const lot of lots) {
    if (lot.marketValue === null || !lot.inst.pair || out.has(lot.inst.pair)) continue;
    const used = market.rateUsed(lot.inst.currency);
    if (used) out.set(used.pair, used);
  }
  return [...out.values()].sort((a, b) => (a.pair < b.pair ? -1 : 1));
}

export function valuePortfolio(input: ValuationInput): PortfolioValuation {
  const formatGains = input.formatGains ?? "$";
  const market = createMarket({ ...input, holdings: holdingsOf(input.assets) });
  const totalValue = input.totalValue ?? DEFAULT_TOTAL_VALUE;
  let assets: AssetInput[] = input.assets;
  let initialPercentSkipped: string[] = [];
  let initialPercentZero: InitialPercentZero[] = [];
  if (input.applyInitialPercents) {
    const applied = applyInitialPercents(input.assets, totalValue, market);
    assets = applied.assets;
    initialPercentSkipped = applied.skipped;
    initialPercentZero = applied.zero;
  }

  const lots = buildLots(holdingsOf(assets), market);
  const valued = valueLots(assets, lots, market, formatGains);
  const totals = portfolioTotals(valued, market.basis);
  const timeline = lotsTimeline(lots, market);
  const ranges = rangeReturns(timeline, formatGains);
  const flows = portfolioCashFlows(valued, market.valuationDate, market.basis === "total" ? dividendCashFlows(lots) : []);
  const rate = xirr(flows);
  const roots = xirrRoots(flows, rate);

  return {
    baseCurrency: market.baseCurrency,
    returnBasis: market.basis,
    pricesAsOf: market.pricesAsOf,
    valuationDate: market.valuationDate,
    assets: valued,
    initialPercentSkipped,
    initialPercentZero,
    ...totals,
    fees: portfolioFees(valued),
    allHistory: allHistory(timeline),
    ranges,
    twrPercent: ranges.All?.profitLossPercent ?? null,
    xirrPercent: rate === null ? null : rate * 100,
    xirrRootsPercent: roots.map((r) => r * 100),
    xirrMultipleRoots: roots.length > 1,
    benchmark: benchmark(timeline, lots, formatGains),
    periods: historicalPeriods(timeline, currentWeights(valued), totals.marketValue ?? 0),
    unpriced: uniqueSorted(lots.filter((l) => l.excluded === null && l.marketValue === null).map((l) => l.ticker)),
    stale: uniqueSorted(valued.filter((a) => a.marketValue !== null && a.stale).map((a) => a.ticker)),
    rates: ratesUsed(lots, market),
    gaps: valuationGaps(lots, market, initialPercentZero, totalValue),
  };
}
