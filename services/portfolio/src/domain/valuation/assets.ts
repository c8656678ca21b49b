/**
 * Per-asset figures and the portfolio totals built from them: value (cost), market value, profit/loss,
 * share of the portfolio and the weighted fee.
 */
import { formatGain } from "./format.ts";
import type { AssetInput, FormatGains, TickerPrices, ValuedAsset } from "./types.ts";

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Spec §5: a non-numeric quantity becomes 0; numeric text ("12", " 1.5 ") is read as a number. */
export function parseQuantity(quantity: number | string | null | undefined): number {
  if (typeof quantity === "number") return Number.isFinite(quantity) ? quantity : 0;
  if (typeof quantity !== "string") return 0;
  const text = quantity.trim();
  if (!NUMERIC.test(text)) return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/**
 * A fee as a percent value. The fee is the fund's expense ratio and the pricing service reports it in
 * percent, so a number and a percent string mean the same: 0.03 and "0.03%" are both 0.03 %.
 * Null, empty or unreadable → null (unknown, which the weighted fee counts as 0).
 */
export function parseFee(fee: number | string | null | undefined): number | null {
  if (typeof fee === "number") return Number.isFinite(fee) ? fee : null;
  if (typeof fee !== "string") return null;
  let text = fee.trim();
  if (text.endsWith("%")) text = text.slice(0, -1).trim();
  if (!NUMERIC.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

const validPrice = (p: number | null | undefined): p is number => typeof p === "number" && Number.isFinite(p) && p > 0;

/**
 * value = quantity × PoA; marketValue = quantity × latestPrice; profitLoss = marketValue − value;
 * profitLossPercent = profitLoss / value × 100 (null when value is 0);
 * percent = marketValue / Σ marketValue × 100 (null without a price, or when Σ is 0).
 */
export function valueAssets(
  assets: readonly AssetInput[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  formatGains: FormatGains = "$",
): ValuedAsset[] {
  const valued: ValuedAsset[] = new Array(assets.length);
  let total = 0;
  for (let i = 0; i < assets.length; i++) {
    const a = assets[i];
    const quantity = parseQuantity(a.quantity);
    const price = prices[a.ticker]?.latestPrice;
    const latestPrice = validPrice(price) ? price : null;
    const value = quantity * a.PoA;
    const marketValue = latestPrice === null ? null : quantity * latestPrice;
    const profitLoss = marketValue === null ? null : marketValue - value;
    const profitLossPercent = profitLoss === null || value === 0 ? null : (profitLoss / value) * 100;
    if (marketValue !== null) total += marketValue;
    valued[i] = {
      ticker: a.ticker,
      quantity,
      PoA: a.PoA,
      DoA: a.DoA,
      fee: a.fee ?? null,
      feePercent: parseFee(a.fee),
      initialPercent: a.initialPercent ?? null,
      latestPrice,
      value,
      marketValue,
      profitLoss,
      profitLossPercent,
      percent: null,
      profitLossView: formatGain(profitLoss, profitLossPercent, formatGains),
    };
  }
  if (total !== 0) for (const v of valued) if (v.marketValue !== null) v.percent = (v.marketValue / total) * 100;
  return valued;
}

export interface PortfolioTotals {
  value: number;
  marketValue: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
}

/**
 * value is the cost of every asset; market value and profit/loss only count assets that have a price,
 * and the percent relates that profit to the cost of those same assets.
 */
export function portfolioTotals(assets: readonly ValuedAsset[]): PortfolioTotals {
  let value = 0;
  let pricedCost = 0;
  let marketValue = 0;
  let priced = 0;
  for (const a of assets) {
    value += a.value;
    if (a.marketValue === null) continue;
    priced++;
    pricedCost += a.value;
    marketValue += a.marketValue;
  }
  if (priced === 0) return { value, marketValue: null, profitLoss: null, profitLossPercent: null };
  const profitLoss = marketValue - pricedCost;
  return { value, marketValue, profitLoss, profitLossPercent: pricedCost === 0 ? null : (profitLoss / pricedCost) * 100 };
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
