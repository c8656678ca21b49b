/**
 * The live figures of the asset table, worked out on the client from quantity, purchase price and latest
 * price, so an edit shows its effect at once (the server's valuation follows after the save). Same rules
 * as the valuation engine (services/portfolio/src/domain/valuation/DEFINITIONS.md).
 */
import type { Asset } from "../../app/apiTypes.ts";

export interface AssetFigures {
  /** shares × latestPrice × rate, in the base currency; null without a price or a rate */
  marketValue: number | null;
  /** dividends received, in the base currency (0 when the server reported none) */
  dividends: number;
  /** marketValue + dividends − cost (total return) */
  profitLoss: number | null;
  /** profitLoss / cost × 100; null when the cost is 0 */
  profitLossPercent: number | null;
  /** marketValue / Σ marketValue × 100, over the priced assets */
  percent: number | null;
}

export interface PortfolioFigures {
  /** Σ quantity × PoA × rate over the assets whose cost converts into the base currency */
  cost: number;
  marketValue: number | null;
  /** dividends received by the priced assets */
  dividends: number;
  /** marketValue + dividends − the cost of the same (priced) assets */
  profitLoss: number | null;
  profitLossPercent: number | null;
}

type Priced = Pick<Asset, "quantity" | "PoA" | "latestPrice"> &
  Partial<Pick<Asset, "splitFactor" | "shares" | "marketValue" | "cost" | "dividends" | "currency">>;

/** How an entered lot becomes figures in the base currency, as the server's last valuation of it says. */
export interface Conversion {
  /** shares today per share entered (splits after the purchase) */
  factor: number;
  /** base currency per unit of the instrument's currency now; null when there is no rate */
  rateNow: number | null;
  /** the same at the purchase; null when there is no rate */
  rateCost: number | null;
  /** dividends received per share held today, in the base currency */
  dividendsPerShare: number;
}

const positive = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x) && x > 0;

/**
 * The split factor, exchange rates and dividends of the server's valuation of an asset (its fields shares,
 * marketValue, cost, dividends), so an edit of the quantity shows its effect at once with the same rules. An
 * asset the server has not valued yet (just added) counts in its own currency with no split or dividend.
 */
export function conversionOf(asset: Priced): Conversion {
  const factor = positive(asset.splitFactor) ? asset.splitFactor : 1;
  if (asset.currency === undefined || !positive(asset.shares)) return { factor, rateNow: 1, rateCost: 1, dividendsPerShare: 0 };
  const p = price(asset);
  const rateNow = p !== null && typeof asset.marketValue === "number" ? asset.marketValue / (asset.shares * p) : null;
  const entered = (asset.shares / factor) * asset.PoA;
  const rateCost = typeof asset.cost !== "number" ? null : entered !== 0 ? asset.cost / entered : 1;
  const dividendsPerShare = typeof asset.dividends === "number" ? asset.dividends / asset.shares : 0;
  return { factor, rateNow, rateCost, dividendsPerShare };
}

function price(asset: Priced): number | null {
  const p = asset.latestPrice;
  return typeof p === "number" && Number.isFinite(p) && p > 0 ? p : null;
}

function quantityOf(asset: Priced): number {
  return Number.isFinite(asset.quantity) ? asset.quantity : 0;
}

function marketValueOf(asset: Priced, c: Conversion): number | null {
  const p = price(asset);
  return p === null || c.rateNow === null || c.rateCost === null ? null : quantityOf(asset) * c.factor * p * c.rateNow;
}

export function assetFigures(assets: readonly Priced[]): AssetFigures[] {
  const conversions = assets.map(conversionOf);
  const marketValues = assets.map((asset, i) => marketValueOf(asset, conversions[i] as Conversion));
  const total = marketValues.reduce<number>((sum, mv) => sum + (mv ?? 0), 0);
  return assets.map((asset, i) => {
    const marketValue = marketValues[i] ?? null;
    const c = conversions[i] as Conversion;
    if (marketValue === null) return { marketValue, dividends: 0, profitLoss: null, profitLossPercent: null, percent: null };
    const cost = quantityOf(asset) * asset.PoA * (c.rateCost as number);
    const dividends = quantityOf(asset) * c.factor * c.dividendsPerShare;
    const profitLoss = marketValue + dividends - cost;
    return {
      marketValue,
      dividends,
      profitLoss,
      profitLossPercent: cost !== 0 ? (profitLoss / cost) * 100 : null,
      percent: total !== 0 ? (marketValue / total) * 100 : null,
    };
  });
}

export function portfolioFigures(assets: readonly Priced[]): PortfolioFigures {
  let cost = 0;
  let pricedCost = 0;
  let dividends = 0;
  let marketValue: number | null = null;
  for (const asset of assets) {
    const c = conversionOf(asset);
    if (c.rateCost === null) continue;
    const assetCost = quantityOf(asset) * asset.PoA * c.rateCost;
    cost += assetCost;
    const mv = marketValueOf(asset, c);
    if (mv === null) continue;
    pricedCost += assetCost;
    dividends += quantityOf(asset) * c.factor * c.dividendsPerShare;
    marketValue = (marketValue ?? 0) + mv;
  }
  const profitLoss = marketValue === null ? null : marketValue + dividends - pricedCost;
  return {
    cost,
    marketValue,
    dividends,
    profitLoss,
    profitLossPercent: profitLoss !== null && pricedCost !== 0 ? (profitLoss / pricedCost) * 100 : null,
  };
}

/** A fee is an expense ratio in percent a year: 0.03 and '0.03%' both mean 0.03 %. Unreadable → null. */
export function parseFee(fee: Asset["fee"] | undefined): number | null {
  if (typeof fee === "number") return Number.isFinite(fee) ? fee : null;
  if (typeof fee !== "string") return null;
  const text = fee.trim().replace(/%$/, "").trim();
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? value : null;
}

/**
 * Spec §9: fees = Σ fee × percent share, to 4 decimals (half up). Null when no asset has a share; an
 * unknown fee counts as 0.
 */
export function weightedFees(assets: ReadonlyArray<Pick<Asset, "fee">>, figures: readonly AssetFigures[]): number | null {
  let sum = 0;
  let shared = false;
  assets.forEach((asset, i) => {
    const percent = figures[i]?.percent;
    if (percent === null || percent === undefined) return;
    shared = true;
    sum += ((parseFee(asset.fee) ?? 0) * percent) / 100;
  });
  if (!shared) return null;
  return Math.round(Number((sum * 10_000).toPrecision(15))) / 10_000;
}

export interface Share {
  ticker: string;
  percent: number;
}

/** The pie chart's slices: share per ticker (two purchases of one ticker are one slice), largest first. */
export function sharesByTicker(assets: ReadonlyArray<Pick<Asset, "ticker">>, figures: readonly AssetFigures[]): Share[] {
  const byTicker = new Map<string, number>();
  assets.forEach((asset, i) => {
    const percent = figures[i]?.percent;
    if (percent === null || percent === undefined) return;
    byTicker.set(asset.ticker, (byTicker.get(asset.ticker) ?? 0) + percent);
  });
  return [...byTicker].map(([ticker, percent]) => ({ ticker, percent })).sort((a, b) => b.percent - a.percent);
}
