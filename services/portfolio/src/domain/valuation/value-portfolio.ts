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
import { buildLots, isHeld, type Lot, matchHoldings } from "./lots.ts";
import { createMarket, type Instrument, type Market } from "./market.ts";
import { moneyWeighted, receiptOf } from "./receipt.ts";
import { RANGES, rangeBase, rangeReturns } from "./returns.ts";
import { allHistory, lotsTimeline } from "./timeline.ts";
import type { AssetInput, InitialPercentZero, PortfolioValuation, RangeKey, RateUsed, Receipt, ValuationInput } from "./types.ts";
import { type CashFlow, xirr, xirrRoots } from "./xirr.ts";

/** Spec §3: a portfolio's totalValue defaults to 10000. */
export const DEFAULT_TOTAL_VALUE = 10000;

/**
 * The dividends the priced lots received, one cash flow per ticker and ex-date, in the base currency. The
 * lots of a ticker receive a suffix of its dividends (those after their DoA), a sold piece up to its sale's
 * date, so the shares entitled to each one are a running sum of what enters and leaves at each dividend.
 */
export function dividendCashFlows(lots: readonly Lot[]): CashFlow[] {
  const entitled = new Map<Instrument, Float64Array>();
  for (const lot of lots) {
    const events = lot.inst.dividends;
    if (lot.side !== "buy" || lot.marketValue === null || lot.countedShares === 0 || lot.divFrom >= events.length) continue;
    let shares = entitled.get(lot.inst);
    if (!shares) {
      shares = new Float64Array(events.length + 1);
      entitled.set(lot.inst, shares);
    }
    shares[lot.divFrom] += lot.shares;
    for (const p of lot.pieces) {
      // entitled from divFrom to the last dividend on or before its sale
      let until = lot.divFrom;
      while (until < events.length && events[until].day <= p.sale.epoch) until++;
      if (until <= lot.divFrom) continue;
      shares[lot.divFrom] += p.shares;
      shares[until] -= p.shares;
    }
  }
  const flows: CashFlow[] = [];
  for (const [inst, added] of entitled) {
    let held = 0;
    for (let k = 0; k < inst.dividends.length; k++) {
      held += added[k];
      const d = inst.dividends[k];
      if (Math.abs(held) > 1e-12 && !Number.isNaN(d.base)) flows.push({ date: d.date, day: d.day, amount: held * d.base });
    }
  }
  return flows;
}

const uniqueSorted = (tickers: string[]): string[] => [...new Set(tickers)].sort();

/** The rates the market values used: one per pair of a held lot that has a market value, by pair. */
function ratesUsed(lots: readonly Lot[], market: Market): RateUsed[] {
  const out = new Map<string, RateUsed>();
  for (const lot of lots) {
    if (lot.marketValue === null || !isHeld(lot) || !lot.inst.pair || out.has(lot.inst.pair)) continue;
    const used = market.rateUsed(lot.inst.currency);
    if (used) out.set(used.pair, used);
  }
  return [...out.values()].sort((a, b) => (a.pair < b.pair ? -1 : 1));
}

export function valuePortfolio(input: ValuationInput): PortfolioValuation {
  const formatGains = input.formatGains ?? "$";
  const totalValue = input.totalValue ?? DEFAULT_TOTAL_VALUE;
  let assets: AssetInput[] = input.assets;
  let initialPercentSkipped: string[] = [];
  let initialPercentZero: InitialPercentZero[] = [];
  if (input.applyInitialPercents) {
    // the prices on the purchase dates: a market laid for the assets as entered
    const applied = applyInitialPercents(input.assets, totalValue, createMarket({ ...input, holdings: holdingsOf(input.assets) }));
    assets = applied.assets;
    initialPercentSkipped = applied.skipped;
    initialPercentZero = applied.zero;
  }

  const holdings = holdingsOf(assets);
  const matching = matchHoldings(holdings, input.prices, input.today);
  const market = createMarket({ ...input, holdings, heldTickers: matching.heldTickers });
  const lots = buildLots(holdings, market, matching);
  const valued = valueLots(assets, lots, market, formatGains);
  const totals = portfolioTotals(valued, market.basis, lots);
  const timeline = lotsTimeline(lots, market);
  const ranges = rangeReturns(timeline, formatGains);
  const received = market.basis === "total" ? dividendCashFlows(lots) : [];
  const flows = lotCashFlows(lots, market, received);
  const rate = xirr(flows);
  const roots = xirrRoots(flows, rate);
  const receipt = {} as Record<RangeKey, Receipt | null>;
  for (const key of RANGES) {
    const range = ranges[key];
    if (!range) {
      receipt[key] = null;
      continue;
    }
    receipt[key] = receiptOf(timeline, lots, range, rangeBase(key, timeline.firstMonth, timeline.end));
    // since inception the range's XIRR is the portfolio's, of the same flows
    Object.assign(range, moneyWeighted(timeline, lots, range, key, receipt[key], received, rate));
  }

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
    receipt,
    twrPercent: ranges.All?.profitLossPercent ?? null,
    xirrPercent: rate === null ? null : rate * 100,
    xirrRootsPercent: roots.map((r) => r * 100),
    xirrMultipleRoots: roots.length > 1,
    benchmark: benchmark(timeline, lots, formatGains),
    periods: historicalPeriods(timeline, currentWeights(valued), totals.marketValue ?? 0),
    unpriced: uniqueSorted(lots.filter((l) => l.side === "buy" && l.excluded === null && l.marketValue === null).map((l) => l.ticker)),
    stale: uniqueSorted(valued.filter((a, i) => a.marketValue !== null && a.stale && isHeld(lots[i])).map((a) => a.ticker)),
    rates: ratesUsed(lots, market),
    gaps: valuationGaps(lots, market, initialPercentZero, totalValue, matching.unmatched),
    unmatchedSales: matching.unmatched,
  };
}

/**
 * The portfolio's cash flows (docs/numbers.md "Money-weighted return"): each priced lot's counted cost out on its DoA,
 * each counted sale's net proceeds in on its date, the dividends received (total return), and the market value
 * of what is still held on the valuation date.
 */
export function lotCashFlows(lots: readonly Lot[], market: Market, dividends: readonly CashFlow[] = []): CashFlow[] {
  const flows: CashFlow[] = [];
  let marketValue = 0;
  for (const lot of lots) {
    if (lot.marketValue === null) continue;
    if (lot.side === "sell") {
      const sale = lot.sale;
      if (sale?.counted) flows.push({ amount: sale.proceeds - sale.fee, date: lot.DoA, day: sale.epoch });
      continue;
    }
    if (lot.value === null) continue;
    flows.push({ amount: -lot.countedCost, date: lot.DoA, day: lot.doaEpoch });
    marketValue += lot.marketValue;
  }
  if (market.basis === "total") flows.push(...dividends);
  flows.push({ amount: marketValue, date: market.valuationDate, day: market.valuationDay });
  return flows;
}
