import { type Static, Type } from "typebox";
import { ASSET_LIMITS } from "./asset-rules.ts";
import { PortfolioCategory } from "./community.ts";
import { IMPORT_FORMATS, type ImportedFrom, TICKER_MAX_LENGTH, TICKER_PATTERN } from "./constants.ts";
import { GRADIENT_COUNT } from "./gradients.ts";
import { ModerationNotice } from "./moderation.ts";
import { RateUsed, StaleReason } from "./rates.ts";

// the rates module holds them so community.ts can use them without importing this module back
export { RateUsed, StaleReason };

/** A card gradient as settings accept it (gradients.ts); null clears the pick (back to the slug's). */
export const GradientPick = Type.Union([Type.Integer({ minimum: 1, maximum: GRADIENT_COUNT }), Type.Null()]);

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
/** A purchase (the default) or a sale of shares bought earlier (docs/numbers.md "Sales: lots sold first in, first out"). */
export const AssetSide = Type.Union([Type.Literal("buy"), Type.Literal("sell")]);
export type AssetSide = Static<typeof AssetSide>;

export const AssetInput = Type.Object({
  ticker: Ticker,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  /** "sell": a sale, taking shares from earlier buys of the ticker first in, first out; absent or "buy": a purchase */
  side: Type.Optional(AssetSide),
  /** a non-numeric quantity becomes 0 (spec §5), so strings are accepted and parsed; a sell: the shares sold (> 0) */
  quantity: Type.Union([Type.Number(), Type.String({ maxLength: 40 })]),
  /** purchase price (a sell: the sale price per share) */
  PoA: Type.Number(),
  /** purchase date (a sell: the sale date), `YYYY-MM-DD` */
  DoA: Type.String({ maxLength: 10 }),
  /** a buy: the fund's expense ratio in % a year; a sell: what the sale cost in money, in the instrument's currency */
  fee: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  assetClass: Type.Optional(Type.String({ maxLength: 40 })),
  initialPercent: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
  color: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AssetInput = Static<typeof AssetInput>;

/** Why a holding counts in no figure: no provider knows the ticker, pricing could not price it now, or no exchange rate. */
export const UnpricedReason = Type.Union([Type.Literal("unknown-ticker"), Type.Literal("unavailable"), Type.Literal("no-exchange-rate")]);
export const UnpricedHolding = Type.Object({ ticker: Type.String(), reason: UnpricedReason });
export type UnpricedHolding = Static<typeof UnpricedHolding>;

/** A split on its ex-date: `ratio` new shares per old share. */
const AssetSplit = Type.Object({ date: Type.String(), ratio: Type.Number() });

/**
 * An asset as the server returns it. The user's entry (quantity, PoA, DoA) is kept as entered; the live
 * fields come from the valuation engine (docs/numbers.md "How the numbers are computed"). Money fields other than
 * `value`, `PoA` and `latestPrice` are in the valuation's base currency.
 */
export const Asset = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  /** "sell" for a sale; absent for a buy */
  side: Type.Optional(AssetSide),
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
  /** the instrument's currency (ISO, major unit): the currency of PoA, latestPrice and historical_data */
  currency: Type.Optional(Type.String()),
  /** the date of latestPrice, `YYYY-MM-DD` */
  priceDate: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** latestPrice is stale (staleReason says why); it still counts at its value */
  stale: Type.Optional(Type.Boolean()),
  /** last-known: served while every market-data provider was down; out-of-date: more than 7 days older than the newest price */
  staleReason: Type.Optional(Type.Union([StaleReason, Type.Null()])),
  /** shares still held today: quantity × splitFactor less what sales took (quantity stays as entered); a sell: 0 */
  shares: Type.Optional(Type.Number()),
  /** today's shares sales took from this buy; a sell: the today's shares it sold */
  soldShares: Type.Optional(Type.Number()),
  /** Π ratio of the splits after DoA (1 without one) */
  splitFactor: Type.Optional(Type.Number()),
  /** the splits after DoA, oldest first */
  splits: Type.Optional(Type.Array(AssetSplit)),
  /** "10 bought → 100 after the 10:1 split of Jun 10, 2024"; "" without a split */
  splitNote: Type.Optional(Type.String()),
  /** quantity × PoA × the rate of DoA's month: the cost in the base currency; null without a rate */
  cost: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** "Dividends received": shares × each dividend after DoA, in the base currency; null without a market value */
  dividends: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** marketValue − cost, dividends left out (the price-return view) */
  priceProfitLoss: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** profitLoss / the whole cost of the buy × 100 */
  profitLossPercent: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /**
   * a sell: proceeds − its fee − the cost of the lots it took from (first in, first out); a buy: its part of the
   * sales' realized gains (the same money: add the sells' or the buys', never both); null when not counted
   */
  realizedProfitLoss: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** a buy with sales: the cost of what counts of it, held or sold (profitLossPercent's base), in the base currency */
  invested: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** a sell: quantity × price × the rate of its month, before the fee, in the base currency */
  proceeds: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** a sell: its fee in the base currency */
  saleFee: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  /** a sell: the cost of the shares it took, at their purchase months' rates, in the base currency */
  soldCost: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
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
  /** set once, when the save creates the portfolio: 'screenshot' or the broker file's format (an import) */
  imported: Type.Optional(Type.Unsafe<ImportedFrom>(Type.String({ enum: [...IMPORT_FORMATS] }))),
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
  /** the cost in the base currency of the priced assets (the valuation's `value`, docs/numbers.md "Portfolio totals") */
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
  /** the owner's card gradient, 1 to 11 (gradients.ts); null or absent: chosen from the slug */
  gradient: Type.Optional(GradientPick),
});
export type Portfolio = Static<typeof Portfolio>;

export const SaveBody = Type.Object({
  portfolio: PortfolioInput,
  newPortfolioName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});
export type SaveBody = Static<typeof SaveBody>;

/** An initial percent that bought less than half a unit: the asset's quantity is 0, and the save says so. */
export const InitialPercentZero = Type.Object({
  ticker: Type.String(),
  initialPercent: Type.Number(),
  /** totalValue × initialPercent / 100, in the base currency */
  amount: Type.Number(),
  /** the price on DoA as traded, in the base currency */
  price: Type.Number(),
  /** amount / price before rounding (0.0204 for BTC-USD at 20 % of $10,000) */
  units: Type.Number(),
});

/** message pupdated | pcreated | showPopup (spec §4) */
export const SaveReply = Type.Object({
  message: Type.Union([Type.Literal("pupdated"), Type.Literal("pcreated"), Type.Literal("showPopup")]),
  slug: Type.Optional(Type.String()),
  data: Type.Optional(Portfolio),
  /** with applyInitialPercents: tickers whose quantity was kept for want of a price at their purchase date */
  initialPercentSkipped: Type.Optional(Type.Array(Type.String())),
  /** with applyInitialPercents: percents that rounded to 0 units, reported rather than dropped silently */
  initialPercentZero: Type.Optional(Type.Array(InitialPercentZero)),
});

export { BENCHMARK_INDEXES, DEFAULT_INDEX_TICKER } from "./constants.ts";

/** Month keys `YYYY-MM` and the value at each month's end, in the same order. */
export const MonthlySeries = Type.Object({
  months: Type.Array(Type.String()),
  values: Type.Array(Type.Number()),
});
export type MonthlySeries = Static<typeof MonthlySeries>;

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** How the benchmark is compared: what-if (the default) or the spec's rescaled line. */
export const BenchmarkMode = Type.Union([Type.Literal("what-if"), Type.Literal("rescaled")]);

/**
 * The spec's index line ("rescaled" mode): the benchmark's growth (total return: dividends reinvested at
 * each month's close) rescaled to start at the portfolio's value in one chart range. It shows the index's
 * growth, not what the portfolio's money would have become.
 */
export const BenchmarkLine = Type.Object({
  /** "rescaled" */
  mode: Type.Optional(Type.Literal("rescaled")),
  /** what it is: "S&P 500 (SPY, total return)" */
  label: Type.Optional(Type.String()),
  /** the index ticker (SPY, VOO, VTI) */
  ticker: Type.String(),
  /** the month the line starts at, where it equals the portfolio's value */
  start: Type.String(),
  /** the portfolio's value at `start`; the index is rescaled to begin there */
  startValue: Type.Number(),
  /** startValue × G[m] / G[start] per month, G the benchmark's growth line */
  series: MonthlySeries,
  /** the index's own change over the range, in percent (G[end] / G[start] − 1) */
  returnPercent: Type.Number(),
});
export type BenchmarkLine = Static<typeof BenchmarkLine>;

/**
 * "What if I had bought the index instead?" ("what-if" mode, the default): the portfolio's own purchases,
 * same amounts on the same dates, invested in the benchmark and measured by the portfolio's range rules.
 * The money view compares `series` with the portfolio's; the percent view compares the two TWRs
 * (`profitLossPercent`, `twrSeries`).
 */
export const BenchmarkWhatIf = Type.Object({
  mode: Type.Literal("what-if"),
  /** "S&P 500 (SPY, total return)" */
  label: Type.String(),
  ticker: Type.String(),
  /** the what-if portfolio's value at the range's base (0 since inception) */
  startValue: Type.Number(),
  /** its value at the range's end */
  value: Type.Number(),
  /** the same purchases as the portfolio's in the range */
  netPurchases: Type.Number(),
  /** the benchmark's dividends its units received in the range */
  dividends: Type.Number(),
  /** value − startValue − netPurchases + dividends (total return) */
  profitLoss: Type.Number(),
  /** its TWR over the range, in percent */
  profitLossPercent: Type.Union([Type.Number(), Type.Null()]),
  /** its value per month, the same months as the portfolio's series */
  series: MonthlySeries,
  /** its TWR from the base to each month, in percent */
  twrSeries: Type.Array(Type.Number()),
});
export type BenchmarkWhatIf = Static<typeof BenchmarkWhatIf>;

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
  /** value − startValue − netPurchases + dividends (total return): the gain that is not new money */
  profitLoss: Type.Number(),
  /** "Dividends received" in the range, base currency (counted in profitLoss under total return only) */
  dividends: Type.Optional(Type.Number()),
  /** time-weighted return over the range, in percent; null when nothing was invested in it */
  profitLossPercent: NullableNumber,
  /** profitLoss as "$1,234.50" or profitLossPercent as "12.35%", per the portfolio's formatGains */
  profitLossView: Type.String(),
  /** portfolio value per month; the chart draws it only with at least 2 months */
  series: MonthlySeries,
  /** the TWR from the base to each month of `series`, in percent (the percent view's line) */
  twrSeries: Type.Optional(Type.Array(Type.Number())),
  /** the range's own money-weighted return (XIRR) per year, in percent; for All the portfolio's xirrPercent */
  xirrPercent: Type.Optional(NullableNumber),
  /** the range's TWR per year, in percent, to compare with xirrPercent */
  twrAnnualPercent: Type.Optional(NullableNumber),
  /** one sentence on why TWR and XIRR differ over the range */
  returnsNote: Type.Optional(Type.String()),
  /** the index line for this range (rescaled mode); null when the index has no prices here */
  benchmark: Type.Union([BenchmarkLine, Type.Null()]),
  /** the what-if benchmark for this range (the default mode); null when the index has no prices here */
  benchmarkWhatIf: Type.Optional(Type.Union([BenchmarkWhatIf, Type.Null()])),
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
 * Where a range's money came from (docs/numbers.md "The return receipt"), in the base currency:
 * startValue + purchases − sales + priceGain + fxEffect = endValue, to the cent; dividends and fees beside it.
 */
export const Receipt = Type.Object({
  /** the value at the range's base (0 since inception) */
  startValue: Type.Number(),
  /** the cost of the buys in the range */
  purchases: Type.Number(),
  /** the proceeds of the sales in the range, before their fees */
  sales: Type.Number(),
  /** the price moves of what was held in the range, at the end's rate */
  priceGain: Type.Number(),
  /** the exchange-rate moves on what was held, in its own currency at the start */
  fxEffect: Type.Number(),
  /** dividends received in the range (cash paid out) */
  dividends: Type.Number(),
  /** what the sales in the range cost in fees (money; not the expense ratio of Portfolio.fees) */
  fees: Type.Number(),
  /** the market value at the range's end */
  endValue: Type.Number(),
});
export type Receipt = Static<typeof Receipt>;

/** Something the figures could not include (docs/numbers.md "Gaps"), with the sentence to show. */
export const ValuationGap = Type.Object({
  kind: Type.Union([
    Type.Literal("unpriced"),
    Type.Literal("fx"),
    Type.Literal("future-purchase"),
    Type.Literal("invalid-date"),
    Type.Literal("initial-percent-zero"),
    Type.Literal("dividends-in-closes"),
    Type.Literal("unmatched-sale"),
  ]),
  ticker: Type.String(),
  /** "SAP.DE: no EURUSD=X exchange rate for Jan 2024, so it is counted in no figure" */
  message: Type.String(),
  /** the missing exchange-rate pair (kind fx) */
  pair: Type.Optional(Type.String()),
  /** the purchase date concerned */
  date: Type.Optional(Type.String()),
});
export type ValuationGap = Static<typeof ValuationGap>;

/**
 * Everything the portfolio screen shows beyond the stored portfolio, computed by the valuation engine
 * (docs/numbers.md "How the numbers are computed") from the pricing service's prices. Amounts are in
 * `baseCurrency`; returns are total returns unless `returnBasis` says "price".
 */
export const Valuation = Type.Object({
  /** the day the figures are for, `YYYY-MM-DD`: the later of pricesAsOf and the last priced purchase, never after today */
  valuationDate: Type.String(),
  /** the date of the newest price used, `YYYY-MM-DD`; the screen says "prices as of …" when it is older than a day */
  pricesAsOf: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** ISO code of every amount (the user's base currency, default USD) */
  baseCurrency: Type.Optional(Type.String()),
  /** "total": dividends received count as income everywhere; "price": they count nowhere */
  returnBasis: Type.Optional(Type.Union([Type.Literal("total"), Type.Literal("price")])),
  /** Σ cost in the base currency (quantity × purchase price × the rate of its month) over the priced assets */
  value: Type.Number(),
  /** Σ shares × latest price × rate over the priced assets; null when none is priced */
  marketValue: NullableNumber,
  /** marketValue + dividends − the cost of the priced assets (total return) */
  profitLoss: NullableNumber,
  /** "Dividends received" by the priced assets, in the base currency */
  dividends: Type.Optional(NullableNumber),
  /** unrealized + realized, dividends left out */
  priceProfitLoss: Type.Optional(NullableNumber),
  /** profitLoss / invested × 100 (without sales invested is the cost) */
  profitLossPercent: NullableNumber,
  /** marketValue − the cost of what is still held */
  unrealizedProfitLoss: Type.Optional(NullableNumber),
  /** Σ the sales' proceeds − fees − the cost of the lots they took (0 without a sale) */
  realizedProfitLoss: Type.Optional(NullableNumber),
  /** Σ the cost of every priced buy, held or sold: what was put in */
  invested: Type.Optional(Type.Number()),
  /** profitLoss or profitLossPercent as text, per formatGains; "NA" when unknown */
  profitLossView: Type.String(),
  /** per range: where the money came from (docs/numbers.md "The return receipt"); null when the range is */
  receipt: Type.Optional(
    Type.Object({
      All: Type.Union([Receipt, Type.Null()]),
      YTD: Type.Union([Receipt, Type.Null()]),
      "1Y": Type.Union([Receipt, Type.Null()]),
      "3Y": Type.Union([Receipt, Type.Null()]),
    }),
  ),
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
  /** every rate where the cash flows' NPV is 0, in percent, ascending (docs/numbers.md "More than one root") */
  xirrRootsPercent: Type.Optional(Type.Array(Type.Number())),
  /** more than one root: the money-weighted return is ambiguous, and the screen says so */
  xirrMultipleRoots: Type.Optional(Type.Boolean()),
  /** the one-line definitions shown beside twrPercent and xirrPercent, and of the return basis shown */
  definitions: Type.Object({ twr: Type.String(), xirr: Type.String(), basis: Type.Optional(Type.String()) }),
  /** the benchmark's ticker: SPY (default), VOO or VTI */
  indexTicker: Type.String(),
  /** its name in the picker: 'S&P 500', 'ETF Vanguard', 'ETF Total' (the ticker for any other) */
  indexName: Type.String(),
  /** what the benchmark is: "S&P 500 (SPY, total return)" */
  benchmarkLabel: Type.Optional(Type.String()),
  /** the benchmark view shown by default: "what-if" */
  benchmarkMode: Type.Optional(BenchmarkMode),
  /** the historical return periods (backtests of today's weights) */
  periods: Type.Array(HistoricalPeriod),
  /** tickers the pricing service could not price (unknown or unavailable): their assets have no live figures */
  unpriced: Type.Array(Type.String()),
  /** the unpriced tickers with why (the same as `unpriced`) */
  unpricedReasons: Type.Optional(Type.Array(UnpricedHolding)),
  /** tickers whose price is stale (each asset's staleReason says why): counted, with their priceDate */
  stale: Type.Optional(Type.Array(Type.String())),
  /** the exchange rates today's values used, with their dates; a stale one is an older month's rate carried forward */
  rates: Type.Optional(Type.Array(RateUsed)),
  /** what the figures could not include, each with a sentence: missing exchange rates, future purchases … */
  gaps: Type.Optional(Type.Array(ValuationGap)),
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
  /** on the uncached load, to the owner and to an admin: whether an admin unlisted it from the community, and why */
  moderation: Type.Optional(ModerationNotice),
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
  /** a sandbox: never in net worth, the community or achievements (docs/product-decisions.md "Playground") */
  playGround: Type.Optional(Type.Boolean()),
  /** the card gradient, 1 to 11; null goes back to the one chosen from the slug */
  gradient: Type.Optional(GradientPick),
});
export type PortfolioSettings = Static<typeof PortfolioSettings>;
export const SettingsBody = Type.Object({ settings: PortfolioSettings });
export const RenameBody = Type.Object({ newPortfolioName: Type.String({ maxLength: 100 }) });

/**
 * A portfolio's totals from its latest valuation (docs/numbers.md "Portfolio totals"), as every screen besides the
 * portfolio's own page shows them: the dashboard's list, the community's cards, net worth, the assistant.
 * The same numbers as that valuation's, for the revision `rev`.
 */
export const PortfolioFigures = Type.Object({
  rev: Type.Integer(),
  baseCurrency: Type.String(),
  valuationDate: Type.String(),
  pricesAsOf: Type.Union([Type.String(), Type.Null()]),
  value: Type.Number(),
  marketValue: NullableNumber,
  dividends: NullableNumber,
  profitLoss: NullableNumber,
  priceProfitLoss: NullableNumber,
  profitLossPercent: NullableNumber,
  /** marketValue − the cost of what is still held (absent in figures stored before sales) */
  unrealizedProfitLoss: Type.Optional(NullableNumber),
  /** the sales' realized gains (absent in figures stored before sales) */
  realizedProfitLoss: Type.Optional(NullableNumber),
  twrPercent: NullableNumber,
  xirrPercent: NullableNumber,
  stale: Type.Array(Type.String()),
  unpriced: Type.Array(UnpricedHolding),
  rates: Type.Array(RateUsed),
  /** ISO time of the valuation */
  lastRefreshed: Type.String(),
});
export type PortfolioFigures = Static<typeof PortfolioFigures>;

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
  /** the card's gradient, 1 to 11: the owner's pick, else the slug's */
  gradient: Type.Optional(Type.Integer({ minimum: 1, maximum: 11 })),
  /** present when an admin unlisted it from the community: why, and when (ISO) */
  unlisted: Type.Optional(Type.Object({ reason: Type.String(), at: Type.String() })),
  /** the totals of its latest valuation (the assets carry their own figures from the same one); null without assets */
  figures: Type.Optional(Type.Union([PortfolioFigures, Type.Null()])),
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
