/**
 * A valuation as one task of CPU: the pure engine's figures (domain/valued-portfolio.ts) for a stored portfolio
 * and the prices looked up for it, turned into everything the service keeps and serves, so the thread that
 * asked does no more than store and send them:
 *
 * - the reply's two big parts as schema-clean JSON (the Portfolio with its live fields, and the Valuation):
 *   the cached copy (reply-cache.ts), the page's body, the save's and the playground's;
 * - the figures stored with the revision and the portfolio.valued event's holdings (figures.ts);
 * - the totals a saved document carries (value, market value, fees, history).
 *
 * A 500-asset portfolio dated 1970 is megabytes of figures and a third of a second of work; it runs on the
 * valuation threads (valuation-worker.ts, a WorkerPool) in the built app, and in place under the sources (the
 * service tests). Prices arrive as the JSON text pricing answered (prices.ts) and are parsed here.
 * Pure: no clock, store or network.
 */
import type { EventPayload } from "@folio/proto/events";
import { Portfolio, type PortfolioFigures, type UnpricedHolding, type Valuation } from "@folio/proto/portfolio";
import type { PriceReply } from "@folio/proto/pricing";
import { Value } from "typebox/value";
import { readableAsset } from "./domain/portfolio.ts";
import { parseQuantity } from "./domain/valuation/index.ts";
import type { AssetInput, InitialPercentZero } from "./domain/valuation/types.ts";
import { initialPercentQuantities, valuePortfolioView } from "./domain/valued-portfolio.ts";
import { ASSET_FIGURES, type AssetFigures, FIGURES_VERSION, type PortfolioDoc, toPortfolio, type ValueSnapshot } from "./store.ts";

export type SnapshotFields = Omit<ValueSnapshot, "_id" | "_v">;
export type ValuedHoldings = EventPayload<"portfolio.valued">["holdings"];

/** Prices as pricing answered them: the PriceReply's JSON text, by upper-case ticker (and `<CUR><BASE>=X` rates). */
export type RawPrices = Record<string, string>;

export interface ValueTask {
  kind: "value";
  /** the stored document (read inside today's rules here), its `_v` the revision being valued */
  doc: PortfolioDoc;
  prices: RawPrices;
  /** held tickers pricing could not price, with why */
  unpriced: UnpricedHolding[];
  baseCurrency: string;
  /** epoch ms the valuation started, before its prices were read */
  valuedAt: number;
  /** every held ticker and needed rate was answered */
  complete: boolean;
}

export interface InitialPercentsTask {
  kind: "initial-percents";
  assets: AssetInput[];
  totalValue: number;
  prices: RawPrices;
  baseCurrency: string;
  today: string;
}

export type PortfolioTask = ValueTask | InitialPercentsTask;

/** The totals a saved document carries beside its assets. */
export interface DocTotals {
  value: number;
  marketValue: number | null;
  fees: number | null;
  allHistory: Record<string, number> | null;
  lastRefreshed: string;
}

export interface ValuationResult {
  rev: number;
  valuedAt: number;
  /** JSON of the Portfolio (cleaned against its schema, so it holds only public fields) */
  data: string;
  /** JSON of the Valuation, or `null` for a portfolio without assets */
  valuation: string;
  totals: DocTotals;
  snapshot: SnapshotFields;
  holdings: ValuedHoldings;
  /** the indexes of the sales that sell more than was held on their date (docs/numbers.md "Sales") */
  unmatchedSales: number[];
}

export interface InitialPercentsResult {
  quantities: (number | string)[];
  skipped: string[];
  zero: InitialPercentZero[];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function priceBook(raw: RawPrices): Map<string, PriceReply> {
  const book = new Map<string, PriceReply>();
  for (const [ticker, json] of Object.entries(raw)) book.set(ticker, JSON.parse(json) as PriceReply);
  return book;
}

/** The portfolio's totals from a valuation; null for a portfolio without assets (no valuation). */
export function figuresOf(
  portfolio: Portfolio,
  valuation: Valuation | null,
  baseCurrency: string,
  valuedAt: number,
): PortfolioFigures | null {
  const v = valuation;
  if (!v) return null;
  return {
    rev: portfolio.rev,
    baseCurrency: v.baseCurrency ?? baseCurrency,
    valuationDate: v.valuationDate,
    pricesAsOf: v.pricesAsOf ?? null,
    value: v.value,
    marketValue: v.marketValue,
    dividends: v.dividends ?? null,
    profitLoss: v.profitLoss,
    priceProfitLoss: v.priceProfitLoss ?? null,
    profitLossPercent: v.profitLossPercent,
    unrealizedProfitLoss: v.unrealizedProfitLoss ?? null,
    realizedProfitLoss: v.realizedProfitLoss ?? null,
    twrPercent: v.twrPercent,
    xirrPercent: v.xirrPercent,
    stale: v.stale ?? [],
    unpriced: v.unpricedReasons ?? [],
    rates: v.rates ?? [],
    lastRefreshed: portfolio.lastRefreshed ?? new Date(valuedAt).toISOString(),
  };
}

/** What is stored for a valuation: the totals, each asset's figures, and what the list's cards draw. */
export function snapshotOf(
  portfolio: Portfolio,
  valuation: Valuation | null,
  meta: { baseCurrency: string; valuedAt: number; complete: boolean },
): SnapshotFields {
  return {
    rev: portfolio.rev,
    version: FIGURES_VERSION,
    baseCurrency: meta.baseCurrency,
    valuedAt: meta.valuedAt,
    complete: meta.complete,
    figures: figuresOf(portfolio, valuation, meta.baseCurrency, meta.valuedAt),
    assets: portfolio.assets.map((a) => {
      const figures: AssetFigures = {};
      for (const key of ASSET_FIGURES) if (a[key] !== undefined) Object.assign(figures, { [key]: a[key] });
      return figures;
    }),
    marketValue: portfolio.marketValue,
    fees: portfolio.fees,
    allHistory: portfolio.allHistory,
    lastRefreshed: portfolio.lastRefreshed ?? new Date(meta.valuedAt).toISOString(),
  };
}

/**
 * Each holding as valued, for portfolio.valued: today's shares, market value, price date and staleness. Only
 * what is held (docs/numbers.md "Sales"): a sale, or a buy its sales took in full, holds nothing (net worth and the
 * movers count what is still held).
 */
export function holdingsOf(portfolio: Portfolio): ValuedHoldings {
  const held = portfolio.assets.filter((a) => a.side !== "sell" && !(a.soldShares && (a.shares ?? 0) === 0));
  return held.map((a) => ({
    ticker: a.ticker,
    shares: a.shares ?? parseQuantity(a.quantity),
    marketValue: a.marketValue ?? null,
    priceDate: a.priceDate ?? null,
    staleReason: a.staleReason ?? null,
  }));
}

export function valueTask(task: ValueTask): ValuationResult {
  const today = isoDay(task.valuedAt);
  // whatever an older release stored is valued inside today's rules (domain/portfolio.ts readableAsset)
  const doc = { ...task.doc, assets: task.doc.assets.map((a) => readableAsset(a, today)) };
  const view = valuePortfolioView(doc, priceBook(task.prices), task.unpriced, { baseCurrency: task.baseCurrency, today });
  const lastRefreshed = new Date(task.valuedAt).toISOString();
  // the stored document may carry fields this service keeps to itself; the copy must hold only the public ones
  const portfolio = Value.Clean(Portfolio, {
    ...toPortfolio(doc),
    assets: view.assets,
    // the cost of the priced assets in the base currency, as the valuation counts it
    value: view.valuation?.value ?? 0,
    marketValue: view.marketValue,
    fees: view.fees,
    allHistory: view.allHistory,
    lastRefreshed,
  }) as Portfolio;
  return {
    rev: portfolio.rev,
    valuedAt: task.valuedAt,
    data: JSON.stringify(portfolio),
    valuation: JSON.stringify(view.valuation),
    totals: {
      value: portfolio.value,
      marketValue: portfolio.marketValue,
      fees: portfolio.fees,
      allHistory: portfolio.allHistory,
      lastRefreshed,
    },
    snapshot: snapshotOf(portfolio, view.valuation, { baseCurrency: task.baseCurrency, valuedAt: task.valuedAt, complete: task.complete }),
    holdings: holdingsOf(portfolio),
    unmatchedSales: view.unmatchedSales,
  };
}

export function initialPercentsTask(task: InitialPercentsTask): InitialPercentsResult {
  return initialPercentQuantities(task.assets, task.totalValue, priceBook(task.prices), {
    baseCurrency: task.baseCurrency,
    today: task.today,
  });
}

/** What the valuation threads run, by kind. */
export function runPortfolioTask(task: PortfolioTask): ValuationResult | InitialPercentsResult {
  return task.kind === "value" ? valueTask(task) : initialPercentsTask(task);
}
