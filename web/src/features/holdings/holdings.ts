/**
 * The dashboard's view of every asset across the user's portfolios: one row per asset, sortable, the pie of
 * holdings by market value, and each card's totals. Every figure is the server's valuation of the portfolio's
 * revision as the list brings it (docs/numbers.md "Per asset": today's shares after splits, market value and cost in
 * the owner's base currency, total return in percent); nothing is worked out here from raw prices. An asset
 * the list brings without figures is being valued (its revision has no valuation yet) or has no price: it
 * shows as such, never as another number.
 */

import type { RateUsed } from "@folio/proto/portfolio";
import type { Asset, PortfolioListItem } from "../../app/apiTypes.ts";
import { assetFigures, type FiguresStatus, portfolioFigures } from "../portfolio/assetFigures.ts";
import { UNPRICED_WORDS, type UnpricedReason } from "./valuingText.ts";

/**
 * A row's FiguresStatus: "valued" (the server's figures, market value included); "unpriced" (the portfolio
 * was valued, but this asset has no market value: no price, or no exchange rate); "valuing" (the portfolio's
 * revision has no valuation yet).
 */
export type { FiguresStatus };

export interface HoldingRow {
  /** unique per table: portfolio slug and asset index */
  key: string;
  portfolio: string;
  slug: string;
  ticker: string;
  name: string;
  status: FiguresStatus;
  /** shares held today (after splits), as valued; null until valued */
  quantity: number | null;
  /** latest price, in `currency`; null without one */
  price: number | null;
  /** the price's currency (the instrument's); USD when the list does not say */
  currency: string;
  /** cost in the base currency; null until valued or without the purchase month's rate */
  cost: number | null;
  marketValue: number | null;
  /** total return in percent of cost, the server's; null without a market value */
  performance: number | null;
}

export type HoldingSortKey = "portfolio" | "name" | "quantity" | "price" | "performance";
export type SortDirection = "ascending" | "descending";
export interface HoldingSort {
  key: HoldingSortKey;
  direction: SortDirection;
}

const num = (x: unknown): number | null => (typeof x === "number" && Number.isFinite(x) ? x : null);

/** The server valued this asset (its live fields are there: shares is set by every valuation of a priced ticker). */
export function isValued(asset: Asset): boolean {
  return num(asset.shares) !== null;
}

/**
 * The list holds a valuation of this portfolio's revision: it brings the portfolio's totals, or some asset
 * carries figures (they come all or none).
 */
export function portfolioValued(portfolio: Pick<ListedPortfolio, "assets" | "figures">): boolean {
  return Boolean(portfolio.figures) || portfolio.assets.some(isValued);
}

export function assetStatus(asset: Asset, valuedPortfolio: boolean): FiguresStatus {
  if (!isValued(asset)) return valuedPortfolio ? "unpriced" : "valuing";
  return num(asset.marketValue) === null ? "unpriced" : "valued";
}

/** A sale, or a purchase its sales took in full, holds nothing (docs/numbers.md "Sales"): no row of the holdings. */
export const holdsShares = (asset: Asset): boolean => asset.side !== "sell" && !(num(asset.soldShares) && num(asset.shares) === 0);

export function holdingRows(portfolios: readonly ListedPortfolio[]): HoldingRow[] {
  return portfolios.flatMap((portfolio) => {
    const valued = portfolioValued(portfolio);
    return portfolio.assets.flatMap((asset, index) => {
      if (!holdsShares(asset)) return [];
      const status = assetStatus(asset, valued);
      const figures = isValued(asset);
      return {
        key: `${portfolio.slug}/${index}`,
        portfolio: portfolio.pname || "Untitled portfolio",
        slug: portfolio.slug,
        ticker: asset.ticker,
        name: asset.name || asset.ticker,
        status,
        quantity: figures ? num(asset.shares) : null,
        price: figures ? num(asset.latestPrice) : null,
        currency: asset.currency ?? "USD",
        cost: figures ? num(asset.cost) : null,
        marketValue: figures ? num(asset.marketValue) : null,
        performance: status === "valued" ? num(asset.profitLossPercent) : null,
      };
    });
  });
}

export { UNPRICED_WORDS, type UnpricedReason } from "./valuingText.ts";

/**
 * The totals the list brings with each portfolio: its latest valuation's (proto PortfolioListItem `figures`,
 * docs/numbers.md "Portfolio totals"). Read when present; a server that sends only the assets' figures is read from
 * those (listedFigures).
 */
export interface ListTotals {
  rev: number;
  baseCurrency: string;
  pricesAsOf: string | null;
  /** the cost of the priced assets, in baseCurrency */
  value: number;
  marketValue: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  stale: string[];
  unpriced: { ticker: string; reason: UnpricedReason }[];
  /** the exchange rates its market values used, a stale one with its date */
  rates?: RateUsed[];
}
export type ListedPortfolio = PortfolioListItem & { figures?: ListTotals | null };

/** A card's totals: the server's valuation of the portfolio's revision. */
export type ListedFigures =
  | { status: "empty" }
  | { status: "valuing" }
  | {
      status: "valued";
      /** the server's market value of the portfolio; null when no asset is priced */
      marketValue: number | null;
      /** cost of the priced assets (unpriced ones are left out of value, cost and profit/loss alike) */
      cost: number;
      /** profit/loss of the priced assets (total return: dividends counted); null when none is priced */
      profitLoss: number | null;
      /** profitLoss / cost × 100; null without a cost */
      profitLossPercent: number | null;
      /** holdings left out of every figure, once each, with why when the server said */
      unpriced: { ticker: string; reason: string | null }[];
      /** the currency of every amount; null when the list did not say (then USD) */
      baseCurrency: string | null;
      pricesAsOf: string | null;
      /** tickers counted at a stale price */
      stale: string[];
      /** the exchange rates used (a stale one is carried forward from an older month, shown with its date) */
      rates: RateUsed[];
    };

export function listedFigures(portfolio: Pick<ListedPortfolio, "assets" | "marketValue" | "figures">): ListedFigures {
  if (portfolio.assets.length === 0) return { status: "empty" };
  const totals = portfolio.figures;
  if (totals) {
    return {
      status: "valued",
      marketValue: totals.marketValue,
      cost: totals.value,
      profitLoss: totals.profitLoss,
      profitLossPercent: totals.profitLossPercent,
      unpriced: totals.unpriced.map((u) => ({ ticker: u.ticker, reason: UNPRICED_WORDS[u.reason] ?? null })),
      baseCurrency: totals.baseCurrency,
      pricesAsOf: totals.pricesAsOf,
      stale: totals.stale,
      rates: totals.rates ?? [],
    };
  }
  if (!portfolioValued(portfolio)) return { status: "valuing" };
  // the page's rule for its totals (assetFigures.ts); in a valued revision an asset without figures has no price
  const tickers = new Set(portfolio.assets.map((a) => a.ticker));
  const sums = portfolioFigures(portfolio.assets, assetFigures(portfolio.assets, tickers));
  return {
    status: "valued",
    marketValue: num(portfolio.marketValue),
    cost: sums.cost,
    profitLoss: sums.profitLoss,
    profitLossPercent: sums.profitLossPercent,
    unpriced: [...sums.unpriced].sort().map((ticker) => ({ ticker, reason: null })),
    baseCurrency: null,
    pricesAsOf: null,
    stale: [],
    rates: [],
  };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function compareBy(key: HoldingSortKey, a: HoldingRow, b: HoldingRow): number {
  switch (key) {
    case "portfolio":
      return collator.compare(a.portfolio, b.portfolio);
    case "name":
      return collator.compare(a.name, b.name);
    default:
      return (a[key] as number) - (b[key] as number);
  }
}

/**
 * Sorted copy. Rows without the figure (being valued, no price) go last in either direction: they are not
 * "the smallest", they are unknown. Ties keep portfolio, then name order, so the table does not jump around.
 */
export function sortHoldings(rows: readonly HoldingRow[], { key, direction }: HoldingSort): HoldingRow[] {
  const sign = direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const aMissing = a[key] === null;
    const bMissing = b[key] === null;
    if (aMissing !== bMissing) return aMissing ? 1 : -1;
    const primary = aMissing ? 0 : sign * compareBy(key, a, b);
    return primary || compareBy("portfolio", a, b) || compareBy("name", a, b);
  });
}

export interface PieSlice {
  ticker: string;
  value: number;
}

/** Holdings by the server's market value, summed per ticker across portfolios, largest first; unvalued assets are left out. */
export function holdingsPie(rows: readonly HoldingRow[]): PieSlice[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.marketValue === null) continue;
    totals.set(row.ticker, (totals.get(row.ticker) ?? 0) + row.marketValue);
  }
  const slices = [...totals].map(([ticker, value]) => ({ ticker, value })).filter((slice) => slice.value > 0);
  slices.sort((a, b) => b.value - a.value || collator.compare(a.ticker, b.ticker));
  return slices;
}

/** The pie's five colours (spec §9) fit five slices: the largest four and the rest as "Other". */
export function topSlices(slices: readonly PieSlice[], count: number): PieSlice[] {
  if (slices.length <= count) return [...slices];
  const kept = slices.slice(0, count - 1);
  const other = slices.slice(count - 1).reduce((sum, slice) => sum + slice.value, 0);
  return [...kept, { ticker: "Other", value: other }];
}
