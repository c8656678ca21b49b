/**
 * The asset table's figures and the portfolio's totals: the server's valuation of each asset (docs/numbers.md "How
 * the numbers are computed": shares after splits, market value, cost and dividends in the base currency,
 * total return), never worked out here from raw prices. An edit of the quantity shows its effect at once:
 * every one of those amounts is proportional to the quantity (shares = quantity × split factor, each amount
 * = shares × a price × a rate), so the preview is the server's figures × new quantity / valued quantity,
 * which the save then returns. An asset the server has not valued as it stands (just added, or its date or
 * price changed) is "being valued" and has no figure until it is; one it valued without a price, or without
 * an exchange rate, is "unpriced": both are left out of value, cost and profit/loss alike, and listed.
 *
 * Sales (docs/numbers.md "Sales"): a buy's figures are of what it still holds, with its part of the realized gains in
 * its profit/loss; a sale carries its realized gain, counted once in the totals' realized figure. A quantity
 * edit of a buy some sale took from, or of a sale, changes what the sales take: it waits for the valuation.
 */
import { parseFee } from "@folio/proto/asset-rules";
import type { Asset } from "../../app/apiTypes.ts";

export type FiguresStatus = "valued" | "unpriced" | "valuing" | "sale";

export interface AssetFigures {
  status: FiguresStatus;
  /** shares × latest price × rate, in the base currency; null unless valued */
  marketValue: number | null;
  /** cost in the base currency (quantity × purchase price × the purchase month's rate); null unless valued */
  cost: number | null;
  /** dividends received, in the base currency (0 when the server reported none) */
  dividends: number;
  /** the server's profit/loss: total return (marketValue + dividends − cost) unless its basis says price */
  profitLoss: number | null;
  /** profitLoss / cost × 100; null when the cost is 0 */
  profitLossPercent: number | null;
  /** marketValue / Σ marketValue × 100, over the valued assets */
  percent: number | null;
  /** what of it counts, held or sold: the base of profitLossPercent (the cost without a sale) */
  invested: number | null;
  /** a sale: its realized gain (proceeds − fee − the cost of what it took); a buy: its part of the sales' */
  realizedProfitLoss: number | null;
}

export interface PortfolioFigures {
  /** Σ cost of the valued assets (unpriced and not yet valued ones are left out, as from every figure) */
  cost: number;
  marketValue: number | null;
  /** dividends received by the valued assets */
  dividends: number;
  /** Σ profit/loss of the valued assets (realized gains included) */
  profitLoss: number | null;
  /** profitLoss / what was invested × 100 */
  profitLossPercent: number | null;
  /** marketValue − cost: the gain on what is still held */
  unrealizedProfitLoss: number | null;
  /** Σ the sales' realized gains */
  realizedProfitLoss: number;
  /** the portfolio has sales */
  hasSales: boolean;
  /** tickers the server valued without a price or a rate, once each */
  unpriced: string[];
  /** tickers not valued yet as they stand (added or changed since), once each */
  valuing: string[];
}

type Valued = Pick<Asset, "quantity"> &
  Partial<
    Pick<
      Asset,
      | "side"
      | "splitFactor"
      | "shares"
      | "soldShares"
      | "marketValue"
      | "cost"
      | "dividends"
      | "profitLoss"
      | "profitLossPercent"
      | "invested"
      | "realizedProfitLoss"
    >
  >;

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

/**
 * How the entry compares with what the server valued: 1 when unchanged, new quantity / valued quantity after
 * a quantity edit; null when the server has not valued this entry (no shares, or 0 of them to scale from).
 */
function scaleOf(asset: Valued): number | null {
  // the shares the server valued this entry as: bought (held and sold), or sold by a sale
  const sold = finite(asset.soldShares) ? asset.soldShares : 0;
  const valued = asset.side === "sell" ? sold : finite(asset.shares) ? asset.shares + sold : Number.NaN;
  if (!(valued > 0)) return null;
  const factor = finite(asset.splitFactor) && asset.splitFactor > 0 ? asset.splitFactor : 1;
  const quantity = finite(asset.quantity) ? asset.quantity : 0;
  const scale = (quantity * factor) / valued;
  // shares = quantity × factor on the server: the same entry gives 1 up to the float's last digits
  return Math.abs(scale - 1) < 1e-12 ? 1 : scale;
}

/**
 * The server valued this very entry (not an edited quantity): its own sentences about it (the split note) say
 * what is on screen.
 */
export function valuedAsEntered(asset: Valued): boolean {
  return scaleOf(asset) === 1;
}

const NONE: ReadonlySet<string> = new Set();

const VALUING: AssetFigures = {
  status: "valuing",
  marketValue: null,
  cost: null,
  dividends: 0,
  profitLoss: null,
  profitLossPercent: null,
  percent: null,
  invested: null,
  realizedProfitLoss: null,
};

const UNPRICED: AssetFigures = { ...VALUING, status: "unpriced" };

function figuresOf(asset: Valued & Pick<Asset, "ticker">, unpriced: ReadonlySet<string>): Omit<AssetFigures, "percent"> {
  const scale = scaleOf(asset);
  // the server sends no live fields for a ticker it could not price
  if (scale === null) return unpriced.has(asset.ticker) ? UNPRICED : VALUING;
  // a sale, or a buy a sale took from, edited since: what the sales take changes, so no preview
  const sold = finite(asset.soldShares) && asset.soldShares > 0;
  if (sold && scale !== 1) return VALUING;
  if (asset.side === "sell") {
    // a sale counted in no figure (its lots have no price or rate) says so; its realized gain is the server's
    const realized = finite(asset.realizedProfitLoss) ? asset.realizedProfitLoss : null;
    return { ...VALUING, status: realized === null ? "unpriced" : "sale", realizedProfitLoss: realized };
  }
  const marketValue = finite(asset.marketValue) ? asset.marketValue * scale : null;
  const cost = finite(asset.cost) ? asset.cost * scale : null;
  const profitLoss = finite(asset.profitLoss) ? asset.profitLoss * scale : null;
  if (marketValue === null || cost === null || profitLoss === null) {
    return { ...VALUING, status: "unpriced", cost };
  }
  return {
    status: "valued",
    marketValue,
    cost,
    dividends: finite(asset.dividends) ? asset.dividends * scale : 0,
    profitLoss,
    // a ratio of two amounts that scale alike: the server's own percent
    profitLossPercent: finite(asset.profitLossPercent) ? asset.profitLossPercent : null,
    invested: finite(asset.invested) ? asset.invested * scale : cost,
    realizedProfitLoss: finite(asset.realizedProfitLoss) ? asset.realizedProfitLoss : sold ? null : 0,
  };
}

/**
 * Each asset's figures. `unpriced`: the tickers the server's valuation could not price (Valuation.unpriced);
 * an asset of one of them is unpriced rather than waiting to be valued.
 */
export function assetFigures(assets: ReadonlyArray<Valued & Pick<Asset, "ticker">>, unpriced: ReadonlySet<string> = NONE): AssetFigures[] {
  const figures = assets.map((asset) => figuresOf(asset, unpriced));
  const total = figures.reduce<number>((sum, f) => sum + (f.marketValue ?? 0), 0);
  return figures.map((f) => ({ ...f, percent: f.marketValue !== null && total !== 0 ? (f.marketValue / total) * 100 : null }));
}

export function portfolioFigures(
  assets: ReadonlyArray<Pick<Asset, "ticker"> & Partial<Pick<Asset, "side">>>,
  figures: readonly AssetFigures[],
): PortfolioFigures {
  let cost = 0;
  let invested = 0;
  let dividends = 0;
  let realized = 0;
  let marketValue: number | null = null;
  let profitLoss: number | null = null;
  let hasSales = false;
  const unpriced = new Set<string>();
  const valuing = new Set<string>();
  assets.forEach((asset, i) => {
    const f = figures[i];
    if (asset.side === "sell") hasSales = true;
    if (!f || f.status === "valuing") valuing.add(asset.ticker);
    else if (f.status === "unpriced" && asset.side !== "sell") unpriced.add(asset.ticker);
    // a sale's realized gain is in its lots' profit/loss already: counted here once, for its own figure
    if (f?.status === "sale") realized += f.realizedProfitLoss ?? 0;
    if (f?.status !== "valued") return;
    cost += f.cost as number;
    invested += f.invested ?? (f.cost as number);
    dividends += f.dividends;
    marketValue = (marketValue ?? 0) + (f.marketValue as number);
    profitLoss = (profitLoss ?? 0) + (f.profitLoss as number);
  });
  return {
    cost,
    marketValue,
    dividends,
    profitLoss,
    profitLossPercent: profitLoss !== null && invested !== 0 ? ((profitLoss as number) / invested) * 100 : null,
    unrealizedProfitLoss: marketValue === null ? null : (marketValue as number) - cost,
    realizedProfitLoss: realized,
    hasSales,
    unpriced: [...unpriced],
    valuing: [...valuing],
  };
}

/** A fee is an expense ratio in percent a year: 0.03 and '0.03%' both mean 0.03 %. Unreadable → null (proto's asset rule, as the server reads it). */
export { parseFee };

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
