/**
 * The live figures of the asset table, worked out on the client from quantity, purchase price and latest
 * price, so an edit shows its effect at once (the server's valuation follows after the save). Same rules
 * as the valuation engine (services/portfolio/src/domain/valuation/DEFINITIONS.md).
 */
import type { Asset } from "../../app/apiTypes.ts";

export interface AssetFigures {
  /** quantity × latestPrice; null without a price */
  marketValue: number | null;
  /** marketValue − quantity × PoA */
  profitLoss: number | null;
  /** profitLoss / cost × 100; null when the cost is 0 */
  profitLossPercent: number | null;
  /** marketValue / Σ marketValue × 100, over the priced assets */
  percent: number | null;
}

export interface PortfolioFigures {
  /** Σ quantity × PoA over all assets */
  cost: number;
  marketValue: number | null;
  /** marketValue − the cost of the same (priced) assets */
  profitLoss: number | null;
  profitLossPercent: number | null;
}

type Priced = Pick<Asset, "quantity" | "PoA" | "latestPrice">;

function price(asset: Priced): number | null {
  const p = asset.latestPrice;
  return typeof p === "number" && Number.isFinite(p) && p > 0 ? p : null;
}

function quantityOf(asset: Priced): number {
  return Number.isFinite(asset.quantity) ? asset.quantity : 0;
}

export function assetFigures(assets: readonly Priced[]): AssetFigures[] {
  const marketValues = assets.map((asset) => {
    const p = price(asset);
    return p === null ? null : quantityOf(asset) * p;
  });
  const total = marketValues.reduce<number>((sum, mv) => sum + (mv ?? 0), 0);
  return assets.map((asset, i) => {
    const marketValue = marketValues[i] ?? null;
    if (marketValue === null) return { marketValue, profitLoss: null, profitLossPercent: null, percent: null };
    const cost = quantityOf(asset) * asset.PoA;
    const profitLoss = marketValue - cost;
    return {
      marketValue,
      profitLoss,
      profitLossPercent: cost !== 0 ? (profitLoss / cost) * 100 : null,
      percent: total !== 0 ? (marketValue / total) * 100 : null,
    };
  });
}

export function portfolioFigures(assets: readonly Priced[]): PortfolioFigures {
  let cost = 0;
  let pricedCost = 0;
  let marketValue: number | null = null;
  for (const asset of assets) {
    const assetCost = quantityOf(asset) * asset.PoA;
    cost += assetCost;
    const p = price(asset);
    if (p === null) continue;
    pricedCost += assetCost;
    marketValue = (marketValue ?? 0) + quantityOf(asset) * p;
  }
  const profitLoss = marketValue === null ? null : marketValue - pricedCost;
  return {
    cost,
    marketValue,
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
