/**
 * The dashboard's view of every asset across the user's portfolios: one row per asset, sortable, and the
 * pie of holdings by market value. The list brings each asset's figures from the server's valuation (README
 * "Per asset": today's shares after splits, market value and cost in the owner's base currency, total return
 * in percent); an asset the list brings without them (no valuation of its revision yet) falls back to
 * quantity × the latest price against its cost, and performance = (marketValue − cost) / cost × 100.
 */
import type { Asset, PortfolioListItem } from "../../app/apiTypes.ts";

export interface HoldingRow {
  /** unique per table: portfolio slug and asset index */
  key: string;
  portfolio: string;
  slug: string;
  ticker: string;
  name: string;
  /** shares held today (after splits), else the quantity as entered */
  quantity: number;
  /** latest price, in `currency`; null before the first quote */
  price: number | null;
  /** the price's currency (the instrument's); USD when the list does not say */
  currency: string;
  /** cost in the base currency (quantity × purchase price × the purchase month's rate) */
  cost: number;
  marketValue: number | null;
  /** profit/loss in percent of cost; null without a price or without a cost */
  performance: number | null;
}

export type HoldingSortKey = "portfolio" | "name" | "quantity" | "price" | "performance";
export type SortDirection = "ascending" | "descending";
export interface HoldingSort {
  key: HoldingSortKey;
  direction: SortDirection;
}

/** Latest price per ticker, for assets the list sends without one. */
export type LatestPrices = Readonly<Record<string, number>>;

function priceOf(asset: Asset, prices: LatestPrices): number | null {
  if (typeof asset.latestPrice === "number") return asset.latestPrice;
  return prices[asset.ticker] ?? null;
}

function marketValueOf(asset: Asset, price: number | null): number | null {
  if (typeof asset.marketValue === "number") return asset.marketValue;
  return price === null ? null : asset.quantity * price;
}

/** Tickers whose assets came without a latest price (the list holds assets as saved). */
export function unpricedTickers(portfolios: readonly PortfolioListItem[]): string[] {
  const tickers = portfolios.flatMap((p) => p.assets.filter((a) => typeof a.latestPrice !== "number").map((a) => a.ticker));
  return [...new Set(tickers)].sort();
}

export function holdingRows(portfolios: readonly PortfolioListItem[], prices: LatestPrices = {}): HoldingRow[] {
  return portfolios.flatMap((portfolio) =>
    portfolio.assets.map((asset, index) => {
      const price = priceOf(asset, prices);
      const marketValue = marketValueOf(asset, price);
      const cost = typeof asset.cost === "number" ? asset.cost : asset.value;
      return {
        key: `${portfolio.slug}/${index}`,
        portfolio: portfolio.pname || "Untitled portfolio",
        slug: portfolio.slug,
        ticker: asset.ticker,
        name: asset.name || asset.ticker,
        quantity: asset.shares ?? asset.quantity,
        price,
        currency: asset.currency ?? "USD",
        cost,
        marketValue,
        performance:
          typeof asset.profitLossPercent === "number"
            ? asset.profitLossPercent
            : marketValue !== null && cost > 0
              ? ((marketValue - cost) / cost) * 100
              : null,
      };
    }),
  );
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
 * Sorted copy. Rows without the figure (no price yet) go last in either direction: they are not "the
 * smallest", they are unknown. Ties keep portfolio, then name order, so the table does not jump around.
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

export interface HoldingsPie {
  slices: PieSlice[];
  /** "market" when every slice is market value; "cost" when no asset has a price yet */
  basis: "market" | "cost";
}

/**
 * Holdings summed per ticker across portfolios, largest first. By market value over the assets that have
 * a price; when none has one yet (a portfolio saved before the first quote), by cost, and says so.
 */
export function holdingsPie(rows: readonly HoldingRow[]): HoldingsPie {
  const priced = rows.filter((row) => row.marketValue !== null);
  const basis = priced.length > 0 ? "market" : "cost";
  const totals = new Map<string, number>();
  for (const row of basis === "market" ? priced : rows) {
    const value = basis === "market" ? (row.marketValue as number) : row.cost;
    totals.set(row.ticker, (totals.get(row.ticker) ?? 0) + value);
  }
  const slices = [...totals].map(([ticker, value]) => ({ ticker, value })).filter((slice) => slice.value > 0);
  slices.sort((a, b) => b.value - a.value || collator.compare(a.ticker, b.ticker));
  return { slices, basis };
}

/** The pie's five colours (spec §9) fit five slices: the largest four and the rest as "Other". */
export function topSlices(slices: readonly PieSlice[], count: number): PieSlice[] {
  if (slices.length <= count) return [...slices];
  const kept = slices.slice(0, count - 1);
  const other = slices.slice(count - 1).reduce((sum, slice) => sum + slice.value, 0);
  return [...kept, { ticker: "Other", value: other }];
}
