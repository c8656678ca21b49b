import { type Static, Type } from "typebox";
import { ASSET_LIMITS } from "./asset-rules.ts";
import { PortfolioCategory } from "./community.ts";
import { TICKER_MAX_LENGTH, TICKER_PATTERN } from "./constants.ts";

/** Tickers as Yahoo spells them (constants.ts TICKER_PATTERN). */
export const Ticker = Type.String({ minLength: 1, maxLength: TICKER_MAX_LENGTH, pattern: TICKER_PATTERN });
/** Calendar date, ISO `YYYY-MM-DD`. */
export const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", maxLength: 10 });
export const Slug = Type.String({ minLength: 1, maxLength: 80, pattern: "^[a-z0-9][a-z0-9-]*$" });

export { DEFAULT_TOTAL_VALUE, NEW_SLUG, PORTFOLIO_VERSION } from "./constants.ts";

/**
 * An asset as the client sends it: what the user decides. Derived numbers are the server's. The schema bounds
 * shapes and lengths; the product's rules (asset-rules.ts: ranges, calendar dates, the spec's messages) are
 * checked by the service before anything is stored.
 */
export const AssetInput = Type.Object({
  ticker: Ticker,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  /** a non-numeric quantity becomes 0 (spec §5), so strings are accepted and parsed */
  quantity: Type.Union([Type.Number(), Type.String({ maxLength: 40 })]),
  /** purchase price */
  PoA: Type.Number(),
  /** purchase date, `YYYY-MM-DD` */
  DoA: Type.String({ maxLength: 10 }),
  fee: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  assetClass: Type.Optional(Type.String({ maxLength: 40 })),
  initialPercent: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
  color: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AssetInput = Static<typeof AssetInput>;

export const Asset = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  quantity: Type.Number(),
  PoA: Type.Number(),
  DoA: Type.String(),
  /** quantity × PoA */
  value: Type.Number(),
  fee: Type.Union([Type.Number(), Type.String(), Type.Null()]),
  assetClass: Type.String(),
  initialPercent: Type.Union([Type.Number(), Type.Null()]),
  color: Type.Optional(Type.String()),
  index: Type.Number(),
  latestPrice: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  marketValue: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  profitLoss: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  profitLossView: Type.Optional(Type.String()),
  percent: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  historical_data: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
export type Asset = Static<typeof Asset>;

export const FormatGains = Type.Union([Type.Literal("$"), Type.Literal("%")]);

/** The portfolio as the client sends it in a save; unknown fields are dropped. */
export const PortfolioInput = Type.Object({
  pName: Type.Optional(Type.String({ maxLength: 100 })),
  pDescription: Type.Optional(Type.String({ maxLength: 2000 })),
  assets: Type.Array(AssetInput, { maxItems: ASSET_LIMITS.maxAssets }),
  privateMode: Type.Optional(Type.Boolean()),
  totalValue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  autoSave: Type.Optional(Type.Boolean()),
  formatGains: Type.Optional(FormatGains),
  indexTicker: Type.Optional(Ticker),
  showHealth: Type.Optional(Type.Boolean()),
  playGround: Type.Optional(Type.Boolean()),
  /** the revision the client edited; a save against a newer one is refused, never silently merged */
  rev: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * true: the server sets each asset's quantity that carries an initialPercent p to
   * round(totalValue × p / 100 / price at its DoA), totalValue being this input's or else the stored one.
   * The client sends it when the user edited an initial percent or totalValue; absent or false keeps quantities.
   */
  applyInitialPercents: Type.Optional(Type.Boolean()),
});
export type PortfolioInput = Static<typeof PortfolioInput>;

export const Portfolio = Type.Object({
  ver: Type.Number(),
  slug: Type.String(),
  pName: Type.String(),
  pDescription: Type.String(),
  category: Type.String(),
  assets: Type.Array(Asset),
  privateMode: Type.Boolean(),
  playGround: Type.Boolean(),
  totalValue: Type.Number(),
  autoSave: Type.Boolean(),
  formatGains: FormatGains,
  indexTicker: Type.String(),
  showHealth: Type.Boolean(),
  notificationExists: Type.Boolean(),
  /** Σ asset value (cost basis) */
  value: Type.Number(),
  marketValue: Type.Union([Type.Number(), Type.Null()]),
  fees: Type.Union([Type.Number(), Type.Null()]),
  allHistory: Type.Union([Type.Record(Type.String(), Type.Number()), Type.Null()]),
  lastRefreshed: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  provider: Type.Union([Type.String(), Type.Null()]),
  imported: Type.Union([Type.String(), Type.Null()]),
  hasChanges: Type.Boolean(),
  /** revision, +1 on every save */
  rev: Type.Integer(),
});
export type Portfolio = Static<typeof Portfolio>;

export const SaveBody = Type.Object({
  portfolio: PortfolioInput,
  newPortfolioName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});
export type SaveBody = Static<typeof SaveBody>;

/** message pupdated | pcreated | showPopup (spec §4) */
export const SaveReply = Type.Object({
  message: Type.Union([Type.Literal("pupdated"), Type.Literal("pcreated"), Type.Literal("showPopup")]),
  slug: Type.Optional(Type.String()),
  data: Type.Optional(Portfolio),
  /** with applyInitialPercents: tickers whose quantity was kept for want of a price at their purchase date */
  initialPercentSkipped: Type.Optional(Type.Array(Type.String())),
});

export { BENCHMARK_INDEXES, DEFAULT_INDEX_TICKER } from "./constants.ts";

/** Month keys `YYYY-MM` and the value at each month's end, in the same order. */
export const MonthlySeries = Type.Object({
  months: Type.Array(Type.String()),
  values: Type.Array(Type.Number()),
});
export type MonthlySeries = Static<typeof MonthlySeries>;

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** The index line drawn against the portfolio in one chart range. */
export const BenchmarkLine = Type.Object({
  /** the index ticker (SPY, VOO, VTI) */
  ticker: Type.String(),
  /** the month the line starts at, where it equals the portfolio's value */
  start: Type.String(),
  /** the portfolio's value at `start`; the index is rescaled to begin there */
  startValue: Type.Number(),
  /** startValue × index[m] / index[start] per month */
  series: MonthlySeries,
  /** the index's own change over the range, in percent */
  returnPercent: Type.Number(),
});
export type BenchmarkLine = Static<typeof BenchmarkLine>;

export const RangeName = Type.Union([Type.Literal("All"), Type.Literal("YTD"), Type.Literal("1Y"), Type.Literal("3Y")]);

/** One chart range (All, YTD, 1Y, 3Y) of the line chart, with its return figures. */
export const RangeReturn = Type.Object({
  range: RangeName,
  /** the month-end the range is measured from; null = since the first purchase */
  base: Type.Union([Type.String(), Type.Null()]),
  /** the last month of the range (the valuation month) */
  end: Type.String(),
  /** portfolio value at `base` (0 since the first purchase) */
  startValue: Type.Number(),
  /** portfolio value at `end` */
  value: Type.Number(),
  /** cost of the assets bought within the range */
  netPurchases: Type.Number(),
  /** value − startValue − netPurchases: the gain that is not new money */
  profitLoss: Type.Number(),
  /** time-weighted return over the range, in percent; null when nothing was invested in it */
  profitLossPercent: NullableNumber,
  /** profitLoss as "$1,234.50" or profitLossPercent as "12.35%", per the portfolio's formatGains */
  profitLossView: Type.String(),
  /** portfolio value per month; the chart draws it only with at least 2 months */
  series: MonthlySeries,
  /** the index line for this range; null when the index has no prices here */
  benchmark: Type.Union([BenchmarkLine, Type.Null()]),
});
export type RangeReturn = Static<typeof RangeReturn>;

/** A historical return period: today's weights bought at its start and held to its end (a backtest). */
export const HistoricalPeriod = Type.Object({
  /** All, 2002 Crash, 2002-2007, 2008 Crash, 2009-2014, COVID-19 Crash */
  name: Type.String(),
  /** first month `YYYY-MM` */
  from: Type.String(),
  /** last month `YYYY-MM` */
  to: Type.String(),
  /** buy-and-hold return over the period, in percent; null when no held asset has a price at its start */
  returnPercent: NullableNumber,
  /** today's market value, the amount invested at `from` */
  startValue: Type.Number(),
  /** what it grew to by `to`; null with returnPercent */
  endValue: NullableNumber,
  series: MonthlySeries,
  /** ticker → weight used, in percent, after leaving out `excluded` */
  weights: Type.Record(Type.String(), Type.Number()),
  /** tickers with no price at the period's start, left out (weights renormalised); a price is never invented */
  excluded: Type.Array(Type.String()),
});
export type HistoricalPeriod = Static<typeof HistoricalPeriod>;

/** One bar of the profit/loss chart: a chart range's gain. */
export const ProfitLossBar = Type.Object({
  /** the range name (All, YTD, 1Y, 3Y) */
  period: RangeName,
  profitLoss: Type.Number(),
  profitLossPercent: NullableNumber,
  profitLossView: Type.String(),
});

/**
 * Everything the portfolio screen shows beyond the stored portfolio, computed by the valuation engine
 * (services/portfolio/src/domain/valuation/DEFINITIONS.md) from the pricing service's prices.
 */
export const Valuation = Type.Object({
  /** the day the figures are for, `YYYY-MM-DD` */
  valuationDate: Type.String(),
  /** Σ cost (quantity × purchase price) over all assets */
  value: Type.Number(),
  /** Σ quantity × latest price over the priced assets; null when none is priced */
  marketValue: NullableNumber,
  /** marketValue − the cost of the priced assets */
  profitLoss: NullableNumber,
  /** profitLoss / that cost × 100 */
  profitLossPercent: NullableNumber,
  /** profitLoss or profitLossPercent as text, per formatGains; "NA" when unknown */
  profitLossView: Type.String(),
  /** the line chart's ranges; a range is null when there is no history to measure */
  ranges: Type.Object({
    All: Type.Union([RangeReturn, Type.Null()]),
    YTD: Type.Union([RangeReturn, Type.Null()]),
    "1Y": Type.Union([RangeReturn, Type.Null()]),
    "3Y": Type.Union([RangeReturn, Type.Null()]),
  }),
  /** the profit/loss bar chart: one bar per range that has figures, in the order All, YTD, 1Y, 3Y */
  profitLossBars: Type.Array(ProfitLossBar),
  /** time-weighted return since the first purchase, in percent (purchases are not counted as gains) */
  twrPercent: NullableNumber,
  /** money-weighted return (XIRR), annualised, in percent (when the money went in matters) */
  xirrPercent: NullableNumber,
  /** the one-line definitions shown beside twrPercent and xirrPercent */
  definitions: Type.Object({ twr: Type.String(), xirr: Type.String() }),
  /** the benchmark's ticker: SPY (default), VOO or VTI */
  indexTicker: Type.String(),
  /** its name in the picker: 'S&P 500', 'ETF Vanguard', 'ETF Total' (the ticker for any other) */
  indexName: Type.String(),
  /** the historical return periods (backtests of today's weights) */
  periods: Type.Array(HistoricalPeriod),
  /** tickers the pricing service could not price (unknown or unavailable): their assets have no live figures */
  unpriced: Type.Array(Type.String()),
});
export type Valuation = Static<typeof Valuation>;

export const PortfolioReply = Type.Object({
  data: Portfolio,
  /**
   * True when this copy is older than the portfolio's latest data: it was valued at an earlier revision,
   * or prices were refreshed since it was valued. The client then reloads from the uncached endpoint.
   */
  has_updates: Type.Boolean(),
  state: Type.Object({ notOwner: Type.Boolean(), isAdmin: Type.Boolean() }),
  /** the valued portfolio's figures and charts; null for a portfolio without assets */
  valuation: Type.Union([Valuation, Type.Null()]),
});
export type PortfolioReply = Static<typeof PortfolioReply>;

export const PortfolioSettings = Type.Object({
  privateMode: Type.Optional(Type.Boolean()),
  pDescription: Type.Optional(Type.String({ maxLength: 2000 })),
  /** a community category (community.ts), or "" for none */
  category: Type.Optional(PortfolioCategory),
  autoSave: Type.Optional(Type.Boolean()),
  formatGains: Type.Optional(FormatGains),
  indexTicker: Type.Optional(Ticker),
  totalValue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  showHealth: Type.Optional(Type.Boolean()),
});
export type PortfolioSettings = Static<typeof PortfolioSettings>;
export const SettingsBody = Type.Object({ settings: PortfolioSettings });
export const RenameBody = Type.Object({ newPortfolioName: Type.String({ maxLength: 100 }) });

/** The spec's portfolio list item (POST /v1/get/portfolios-and-assets), keyed by slug. */
export const PortfolioListItem = Type.Object({
  pname: Type.String(),
  slug: Type.String(),
  marketValue: Type.Union([Type.Number(), Type.Null()]),
  playGround: Type.Boolean(),
  privateMode: Type.Boolean(),
  historicalData: Type.Union([Type.Record(Type.String(), Type.Number()), Type.Null()]),
  created_at: Type.String(),
  assets: Type.Array(Asset),
  provider: Type.Union([Type.String(), Type.Null()]),
});
export const PortfoliosAndAssetsReply = Type.Object({
  portfolios: Type.Record(Type.String(), PortfolioListItem),
});

export const MessageReply = Type.Object({ message: Type.String(), slug: Type.Optional(Type.String()) });

/**
 * A refused portfolio change (403 not the owner, 409 version conflict) in the spec's `result: 'nok'` shape
 * (§8: the client shows `data` when the server supplies it), with the common `error` and `code`.
 */
export const NokReply = Type.Object({
  result: Type.Literal("nok"),
  data: Type.Optional(Type.String()),
  error: Type.String(),
  code: Type.String(),
});

/**
 * A refused save (400): a body the schema refuses (`error`, `code`), or an asset the rules refuse
 * (asset-rules.ts), in the spec's save-failure shape: `data` is what the web shows, `asset` which one.
 */
export const SaveRefusedReply = Type.Object({
  result: Type.Optional(Type.Literal("nok")),
  data: Type.Optional(Type.String()),
  error: Type.String(),
  code: Type.String(),
  asset: Type.Optional(Type.Object({ index: Type.Integer(), ticker: Type.String() })),
});
