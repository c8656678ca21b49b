/**
 * Lots: each asset as the valuation sees it. The user's entry (quantity, PoA, DoA) stays as entered; the
 * lot adds what follows from the market: today's shares after splits, the cost in the base currency, the
 * month it enters the history, its market value and the dividends it received. Sales (docs/numbers.md "Sales") take
 * pieces of lots first in, first out (sales.ts): a lot's figures are then of what it still holds, and each
 * counted sale carries its proceeds, fee, the cost of what it took and its realized gain.
 */
import { createMarket, type Instrument, type Market, validSplits } from "./market.ts";
import { epochDay, isIsoDate, parseDay, parseMonth } from "./months.ts";
import { isSell, type Matching, matchSales } from "./sales.ts";
import { splitFactorAfter, splitsAfter } from "./splits.ts";
import type { Holding, IsoDate, MarketOptions, Side, Split, TickerPrices } from "./types.ts";

/** Shares a counted sale took from a lot, until the sale. */
export interface SoldPiece {
  sale: Sale;
  /** today's shares */
  shares: number;
}

export interface Lot extends Holding {
  side: Side;
  /** the entry's index among the assets */
  index: number;
  doaMonth: number;
  doaDay: number;
  /** days since 1970-01-01 of DoA */
  doaEpoch: number;
  /** why the lot counts in no figure at all, or null when it counts */
  excluded: "future-purchase" | "invalid-date" | null;
  inst: Instrument;
  /** the splits after DoA, oldest first */
  splits: Split[];
  splitFactor: number;
  /** quantity × splitFactor: today's shares bought (a sell: sold) */
  bought: number;
  /** what is still held: bought less what sales took (a sell: 0) */
  shares: number;
  /** today's shares the sales took (a sell: bought) */
  soldShares: number;
  /** rate of DoA's month (1 in the base currency); NaN when there is none */
  costRate: number;
  /** quantity × PoA × costRate: the whole lot's cost; null when not counted or without a rate (a sell: null) */
  cost: number | null;
  /** the cost of what is still held, cost × shares ÷ bought; null when cost is */
  value: number | null;
  /** shares × latestPrice × rate of the valuation month; null without a price or a rate (a counted sell: 0) */
  marketValue: number | null;
  /** what counts: the held shares and the pieces counted sales took */
  countedShares: number;
  /** cost × countedShares ÷ bought */
  countedCost: number;
  /** the pieces counted sales took from it, in sale order */
  pieces: SoldPiece[];
  /** month number it enters the history (DoA's, or its first close's); Infinity when it does not */
  entry: number;
  /** inst.dividends[divFrom..] are the dividends after its DoA from its entry month */
  divFrom: number;
  /** Σ shares entitled × dividend, in the base currency; null when marketValue is */
  dividends: number | null;
  /** a buy: its part of the counted sales' realized gains; a sell: its own; null when not counted */
  realized: number | null;
  /** the sale, for a sell entry */
  sale: Sale | null;
}

export interface Sale {
  /** the sell entry */
  lot: Lot;
  /** today's shares sold */
  shares: number;
  /** proceeds, fee and the pieces count in the figures */
  counted: boolean;
  /** the month it leaves the history: its own, or the latest entry month of the lots it took from */
  month: number;
  /** its day in that month (the 1st when held back) */
  day: number;
  /** days since 1970-01-01 of the sale date */
  epoch: number;
  /** rate of the sale date's month */
  rate: number;
  /** quantity × price × rate */
  proceeds: number;
  /** fee × rate */
  fee: number;
  /** Σ taken ÷ lot's bought × lot's cost */
  soldCost: number;
  /** proceeds − fee − soldCost */
  realized: number;
  /** the lots it took from and how many of today's shares */
  takes: { lot: Lot; shares: number }[];
}

export const isPriced = (lot: Lot): boolean => lot.marketValue !== null;

/** A buy whose market value uses its price: it holds shares, or no sale took from it. */
export const isHeld = (lot: Lot): boolean => lot.side === "buy" && (lot.shares > 0 || lot.soldShares === 0);

function baseLot(h: Holding, index: number, market: Market): Lot {
  const inst = market.instrument(h.ticker);
  const valid = isIsoDate(h.DoA);
  const excluded = !valid ? "invalid-date" : h.DoA > market.today ? "future-purchase" : null;
  const splits = valid ? splitsAfter(inst.splits, h.DoA) : [];
  const factor = valid ? splitFactorAfter(inst.splits, h.DoA) : 1;
  const doaMonth = valid ? parseMonth(h.DoA) : -1;
  const side: Side = isSell(h) ? "sell" : "buy";
  const bought = h.quantity * factor;
  // every field written here, none spread: one object shape for all lots keeps the loops fast
  return {
    ticker: h.ticker,
    quantity: h.quantity,
    PoA: h.PoA,
    DoA: h.DoA,
    side,
    feeAmount: h.feeAmount ?? 0,
    index,
    doaMonth,
    doaDay: parseDay(h.DoA),
    doaEpoch: valid ? epochDay(h.DoA) : Number.NaN,
    excluded,
    inst,
    splits,
    splitFactor: factor,
    bought,
    shares: side === "sell" ? 0 : bought,
    soldShares: side === "sell" ? bought : 0,
    costRate: Number.NaN,
    cost: null,
    value: null,
    marketValue: null,
    countedShares: 0,
    countedCost: 0,
    pieces: [],
    entry: Number.POSITIVE_INFINITY,
    divFrom: inst.dividends.length,
    dividends: null,
    realized: null,
    sale: null,
  };
}

/** A buy's cost, market value and entry month (docs/numbers.md "Per asset", "allHistory"). */
function priceBuy(lot: Lot, market: Market): void {
  const { start, end } = market.axis;
  const inst = lot.inst;
  // an unpriced purchase after the valuation month converts at the last rate the axis has
  lot.costRate = inst.rate ? inst.rate.values[Math.min(lot.doaMonth, end) - start] : 1;
  if (Number.isNaN(lot.costRate)) return;
  lot.cost = lot.quantity * lot.PoA * lot.costRate;
  lot.value = lot.cost;
  const endRate = inst.rate ? inst.rate.values[end - start] : 1;
  if (inst.latestPrice === null || Number.isNaN(endRate) || lot.doaMonth > end) return;
  lot.marketValue = lot.shares * inst.latestPrice * endRate;
  const entry = Math.max(lot.doaMonth, inst.value.first);
  if (entry <= end) lot.entry = entry;
  lot.countedShares = lot.bought;
  lot.countedCost = lot.cost;
}

/**
 * The dividends a lot received: each after its DoA (from its entry month) to the valuation date, on the
 * shares it held then: what it still holds, and each counted sold piece up to its sale date.
 */
function receiveDividends(lot: Lot): void {
  const events = lot.inst.dividends;
  let from = events.length;
  for (let k = events.length - 1; k >= 0; k--) {
    const d = events[k];
    if (d.day <= lot.doaEpoch || d.month < lot.entry) break;
    from = k;
  }
  lot.divFrom = from;
  let received = 0;
  for (let k = from; k < events.length; k++) {
    const d = events[k];
    if (Number.isNaN(d.base)) continue;
    received += entitledShares(lot, d.day) * d.base;
  }
  lot.dividends = received;
}

/** The shares of a lot entitled to a dividend with ex-date `day`: held, and sold pieces sold on or after it. */
export function entitledShares(lot: Lot, day: number): number {
  let shares = lot.shares;
  for (const p of lot.pieces) if (p.sale.epoch >= day) shares += p.shares;
  return shares;
}

/**
 * Lots for every entry, buys and sells alike (one per asset, in order). `matching` (sales.ts) says what each
 * sale took; without it, or without a sale, every buy holds all it bought.
 */
export function buildLots(holdings: readonly Holding[], market: Market, matching?: Matching): Lot[] {
  const lots = holdings.map((h, i) => baseLot(h, i, market));
  for (const lot of lots) if (lot.side === "buy" && lot.excluded === null) priceBuy(lot, market);
  if (matching && matching.takes.length > 0) applySales(lots, matching, market);
  for (const lot of lots) if (lot.side === "buy" && lot.marketValue !== null) receiveDividends(lot);
  return lots;
}

/**
 * Each sale's takes: the lots give up the shares (in the order the sales were matched); a sale counts when
 * every lot it took from counts; its figures in the base currency at the rate of its month.
 */
function applySales(lots: Lot[], matching: Matching, market: Market): void {
  const { start, end } = market.axis;
  const sales = new Map<number, Sale>();
  for (const take of matching.takes) {
    const lot = lots[take.lot];
    const sell = lots[take.sale];
    let sale = sales.get(take.sale);
    if (!sale) {
      const month = Math.min(sell.doaMonth, end);
      const rate = sell.inst.rate ? sell.inst.rate.values[month - start] : 1;
      sale = {
        lot: sell,
        shares: matching.todayShares[take.sale],
        counted: true,
        month: sell.doaMonth,
        day: sell.doaDay,
        epoch: sell.doaEpoch,
        rate,
        proceeds: sell.quantity * sell.PoA * rate,
        fee: (sell.feeAmount ?? 0) * rate,
        soldCost: 0,
        realized: 0,
        takes: [],
      };
      sales.set(take.sale, sale);
      sell.sale = sale;
    }
    sale.takes.push({ lot, shares: take.shares });
    lot.shares -= take.shares;
    lot.soldShares += take.shares;
  }
  for (const lot of lots) if (lot.side === "buy" && lot.shares < 0) lot.shares = 0;
  for (const sale of sales.values()) {
    const sell = sale.lot;
    // counted when every lot it took from counts (and so has a rate by the sale's month)
    sale.counted = !Number.isNaN(sale.rate) && sell.inst.latestPrice !== null && sale.takes.every((t) => t.lot.marketValue !== null);
    for (const t of sale.takes) if (t.lot.entry > sale.month) sale.month = t.lot.entry;
    if (sale.month !== sell.doaMonth) sale.day = 1;
    if (!sale.counted) {
      // the shares an uncounted sale took are out of every figure, as if never bought
      for (const t of sale.takes)
        if (t.lot.marketValue !== null && t.lot.cost !== null && t.lot.bought !== 0) {
          t.lot.countedShares -= t.shares;
          t.lot.countedCost -= (t.lot.cost * t.shares) / t.lot.bought;
        }
      continue;
    }
    for (const t of sale.takes) {
      const cost = ((t.lot.cost as number) * t.shares) / t.lot.bought;
      sale.soldCost += cost;
      t.lot.pieces.push({ sale, shares: t.shares });
      const part = t.shares / sale.shares;
      t.lot.realized = (t.lot.realized ?? 0) + part * (sale.proceeds - sale.fee) - cost;
    }
    sale.realized = sale.proceeds - sale.fee - sale.soldCost;
    sell.realized = sale.realized;
    sell.marketValue = 0;
  }
  const endRate = (lot: Lot) => (lot.inst.rate ? lot.inst.rate.values[end - start] : 1);
  for (const lot of lots) {
    if (lot.side !== "buy" || lot.soldShares === 0 || lot.cost === null) continue;
    lot.value = lot.bought === 0 ? lot.cost : (lot.cost * lot.shares) / lot.bought;
    if (lot.marketValue !== null) {
      lot.marketValue = lot.shares * (lot.inst.latestPrice as number) * endRate(lot);
      lot.realized ??= 0;
    }
  }
}

/** The counted sales of some lots, in the order they were matched. */
export function countedSales(lots: readonly Lot[]): Sale[] {
  const out: Sale[] = [];
  for (const lot of lots) if (lot.sale?.counted) out.push(lot.sale);
  return out;
}

/** The sales of some holdings matched to their lots, at the splits of `prices` (sales.ts). */
export function matchHoldings(
  holdings: readonly Holding[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  today: IsoDate,
): Matching {
  const splits = new Map<string, Split[]>();
  const splitsOf = (ticker: string) => {
    let found = splits.get(ticker);
    if (!found) {
      found = validSplits(prices[ticker]?.splits);
      splits.set(ticker, found);
    }
    return found;
  };
  return matchSales(holdings, splitsOf, today);
}

/** Some holdings laid out on their own market: the sales matched, the market dated by what is still held, the lots. */
export function layLots(
  holdings: readonly Holding[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  today: IsoDate,
  options: MarketOptions = {},
): { market: Market; matching: Matching; lots: Lot[] } {
  const matching = matchHoldings(holdings, prices, today);
  const market = createMarket({ ...options, holdings, prices, today, heldTickers: matching.heldTickers });
  return { market, matching, lots: buildLots(holdings, market, matching) };
}
