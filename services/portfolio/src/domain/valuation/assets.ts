/**
 * Per-asset figures and the portfolio totals built from them: value (cost), market value, dividends,
 * profit/loss, share of the portfolio and the weighted fee.
 */
import { parseFee, parseQuantity } from "@folio/proto/asset-rules";
import { formatGain } from "./format.ts";
import { type Lot, layLots } from "./lots.ts";
import type { Market } from "./market.ts";
import { splitNote } from "./splits.ts";
import { priceStaleness } from "./stale.ts";
import type { AssetInput, FormatGains, Holding, IsoDate, MarketOptions, ReturnBasis, TickerPrices, ValuedAsset } from "./types.ts";

/** How an entered quantity (spec §5: non-numeric → 0) and fee (percent; unreadable → null) are read: proto's
 * asset rules, the one reading the save's checks and the web use too. */
export { parseFee, parseQuantity };

/** A sale's fee in money: a number, or numeric text; anything else (absent, unreadable, negative) is 0. */
export function parseFeeAmount(fee: number | string | null | undefined): number {
  const n = typeof fee === "string" ? parseQuantity(fee) : typeof fee === "number" && Number.isFinite(fee) ? fee : 0;
  return n > 0 ? n : 0;
}

/** What the user entered, with the quantity (and a sale's fee) read as a number. */
export function holdingsOf(assets: readonly AssetInput[]): Holding[] {
  return assets.map((a) =>
    a.side === "sell"
      ? { ticker: a.ticker, quantity: parseQuantity(a.quantity), PoA: a.PoA, DoA: a.DoA, side: "sell", feeAmount: parseFeeAmount(a.fee) }
      : { ticker: a.ticker, quantity: parseQuantity(a.quantity), PoA: a.PoA, DoA: a.DoA },
  );
}

/**
 * Each lot's figures in the base currency: value = the cost of what it still holds (quantity × PoA × rate(DoA's
 * month) without a sale); marketValue = shares held × latestPrice × rate(valuation month); dividends received;
 * priceProfitLoss = marketValue − value + realized; profitLoss = priceProfitLoss + dividends (total return) or
 * priceProfitLoss (price return); profitLossPercent = profitLoss / its counted cost × 100 (null when 0);
 * percent = marketValue / Σ marketValue × 100 (null without a market value, or when Σ is 0). A sell entry
 * carries its sale's proceeds, fee, sold cost and realized gain (docs/numbers.md "Sales").
 */
export function valueLots(
  assets: readonly AssetInput[],
  lots: readonly Lot[],
  market: Pick<Market, "basis" | "baseCurrency" | "pricesAsOf">,
  formatGains: FormatGains = "$",
): ValuedAsset[] {
  const valued: ValuedAsset[] = new Array(lots.length);
  let total = 0;
  for (let i = 0; i < lots.length; i++) {
    const a = assets[i];
    const lot = lots[i];
    const sell = lot.side === "sell";
    const { value, marketValue } = lot;
    const realized = sell ? (lot.sale?.counted ? lot.realized : null) : marketValue === null ? null : (lot.realized ?? 0);
    const priceProfitLoss = sell || marketValue === null || value === null ? null : marketValue - value + (realized ?? 0);
    const profitLoss =
      priceProfitLoss === null ? null : market.basis === "total" ? priceProfitLoss + (lot.dividends ?? 0) : priceProfitLoss;
    const profitLossPercent = profitLoss === null || !lot.countedCost ? null : (profitLoss / lot.countedCost) * 100;
    if (marketValue !== null && !sell) total += marketValue;
    const sale = sell && lot.sale?.counted ? lot.sale : null;
    // a sale values nothing at today's price: its price is never stale
    const staleReason = sell || lot.inst.latestPrice === null ? null : priceStaleness(lot.inst.stale, lot.inst.asOf, market.pricesAsOf);
    valued[i] = {
      ticker: lot.ticker,
      quantity: lot.quantity,
      PoA: lot.PoA,
      DoA: lot.DoA,
      side: lot.side,
      fee: a.fee ?? null,
      feePercent: sell ? null : parseFee(a.fee),
      initialPercent: a.initialPercent ?? null,
      currency: lot.inst.currency,
      latestPrice: lot.inst.latestPrice,
      priceDate: lot.inst.asOf,
      stale: staleReason !== null,
      staleReason,
      splitFactor: lot.splitFactor,
      shares: lot.shares,
      soldShares: lot.soldShares,
      splits: lot.splits,
      splitNote: splitNote(lot.quantity, lot.splits, sell ? "sold" : "bought"),
      value: sell ? null : value,
      marketValue,
      dividends: sell ? null : lot.dividends,
      priceProfitLoss,
      profitLoss,
      profitLossPercent,
      realizedProfitLoss: realized,
      invested: sell || marketValue === null ? null : lot.countedCost,
      proceeds: sale ? sale.proceeds : null,
      saleFee: sale ? sale.fee : null,
      soldCost: sale ? sale.soldCost : null,
      percent: null,
      profitLossView: formatGain(profitLoss, profitLossPercent, formatGains, market.baseCurrency),
    };
  }
  if (total !== 0) for (const v of valued) if (v.marketValue !== null && v.side === "buy") v.percent = (v.marketValue / total) * 100;
  return valued;
}

/** Per-asset figures of a portfolio on its own: the market laid for these assets alone. */
export function valueAssets(
  assets: readonly AssetInput[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  today: IsoDate,
  formatGains: FormatGains = "$",
  options: MarketOptions = {},
): ValuedAsset[] {
  const { market, lots } = layLots(holdingsOf(assets), prices, today, options);
  return valueLots(assets, lots, market, formatGains);
}

export interface PortfolioTotals {
  value: number;
  marketValue: number | null;
  dividends: number | null;
  profitLoss: number | null;
  priceProfitLoss: number | null;
  profitLossPercent: number | null;
  unrealizedProfitLoss: number | null;
  realizedProfitLoss: number | null;
  invested: number;
}

/**
 * Every total counts the same lots and sales, those with a market value (docs/numbers.md "Portfolio totals", "Sales"):
 * value is the cost of what is held, profit/loss adds the realized gains, and its percent relates to what was
 * invested. An unpriced asset (no price, or no rate) is in none.
 */
export function portfolioTotals(assets: readonly ValuedAsset[], basis: ReturnBasis = "total", lots?: readonly Lot[]): PortfolioTotals {
  let pricedCost = 0;
  let marketValue = 0;
  let dividends = 0;
  let realized = 0;
  let invested = 0;
  let priced = 0;
  for (let i = 0; i < assets.length; i++) {
    const a = assets[i];
    if (a.side === "sell") {
      realized += a.realizedProfitLoss ?? 0;
      continue;
    }
    if (a.marketValue === null || a.value === null) continue;
    priced++;
    pricedCost += a.value;
    marketValue += a.marketValue;
    dividends += a.dividends ?? 0;
    invested += lots ? lots[i].countedCost : a.value;
  }
  if (priced === 0)
    return {
      value: 0,
      marketValue: null,
      dividends: null,
      profitLoss: null,
      priceProfitLoss: null,
      profitLossPercent: null,
      unrealizedProfitLoss: null,
      realizedProfitLoss: null,
      invested: 0,
    };
  const unrealized = marketValue - pricedCost;
  const priceProfitLoss = unrealized + realized;
  const profitLoss = basis === "total" ? priceProfitLoss + dividends : priceProfitLoss;
  return {
    value: pricedCost,
    marketValue,
    dividends,
    profitLoss,
    priceProfitLoss,
    profitLossPercent: invested === 0 ? null : (profitLoss / invested) * 100,
    unrealizedProfitLoss: unrealized,
    realizedProfitLoss: realized,
    invested,
  };
}

/**
 * fees = Σ feePercent × percent / 100, to 4 decimals (spec §9), in percent a year. An unknown fee counts
 * as 0; null when no asset has a share (nothing is priced).
 */
export function portfolioFees(assets: readonly Pick<ValuedAsset, "feePercent" | "percent">[]): number | null {
  let fees = 0;
  let shared = false;
  for (const a of assets) {
    if (a.percent === null) continue;
    shared = true;
    fees += ((a.feePercent ?? 0) * a.percent) / 100;
  }
  return shared ? Math.round(Number((fees * 1e4).toPrecision(15))) / 1e4 : null;
}
