import { type Static, Type } from "typebox";
import { AUTOCOMPLETE_MAX_SUGGESTIONS, AUTOCOMPLETE_MIN_LENGTH } from "./constants.ts";
import { IsoDate, Ticker } from "./portfolio.ts";

/** The asset classes the product shows; every provider maps its own vocabulary onto these (Currency: an exchange rate such as EURUSD=X). */
export const AssetClass = Type.Union([
  Type.Literal("Stock"),
  Type.Literal("ETF"),
  Type.Literal("Crypto"),
  Type.Literal("Index"),
  Type.Literal("Currency"),
]);
export type AssetClass = Static<typeof AssetClass>;

/** Month (`YYYY-MM`) → the last close of that month. */
export const MonthlyHistory = Type.Record(Type.String(), Type.Number());
export type MonthlyHistory = Static<typeof MonthlyHistory>;

/** A split on its ex-date (the first day at the split price): `ratio` new shares per old share (4 for 4:1, 0.1 for 1:10). */
export const SplitEvent = Type.Object({ date: IsoDate, ratio: Type.Number({ exclusiveMinimum: 0 }) });
export type SplitEvent = Static<typeof SplitEvent>;

/** A dividend on its ex-date: cash per share, adjusted for later splits (per today's share), in the reply's currency. */
export const DividendEvent = Type.Object({ date: IsoDate, amount: Type.Number({ exclusiveMinimum: 0 }) });
export type DividendEvent = Static<typeof DividendEvent>;

/**
 * Currencies quoted in a minor unit, and their major unit: the pricing service divides every price, close
 * and dividend by `divisor` and replies in `currency` (GBp 7,512 → GBP 75.12), keeping the provider's code
 * in `quotedCurrency`.
 */
export const MINOR_CURRENCY_UNITS: Readonly<Record<string, { currency: string; divisor: number }>> = {
  GBp: { currency: "GBP", divisor: 100 },
  GBX: { currency: "GBP", divisor: 100 },
  ILA: { currency: "ILS", divisor: 100 },
  ZAc: { currency: "ZAR", divisor: 100 },
};

export const TickerParams = Type.Object({ ticker: Ticker });

export const PriceQuery = Type.Object({
  /** false asks for a fresh look-up past the cache; absent or true accepts a cached price */
  cached: Type.Optional(Type.Boolean()),
});

/**
 * The spec's GET /v1/get/{ticker} reply: its fields (latestPrice … assetClass) exactly, plus what total
 * returns, currencies and dates need. This server always sends the added fields; they are optional so that
 * replies cached before them, and clients that build replies, stay valid.
 */
export const PriceReply = Type.Object({
  /** the latest price, in `currency` */
  latestPrice: Type.Number(),
  ticker: Type.String(),
  /** month → last close adjusted for splits and dividends (Yahoo's adjusted close), in `currency` */
  historical_data: MonthlyHistory,
  /** expense ratio in percent (0.03 = 0.03 %), 0 for a share or coin, null when unknown */
  fee: Type.Union([Type.Number(), Type.Null()]),
  name: Type.String(),
  assetClass: AssetClass,
  /** present when every market-data provider was down and the last good value is shown */
  stale: Type.Optional(Type.Boolean()),
  /** the exchange's date of latestPrice, `YYYY-MM-DD` */
  asOf: Type.Optional(IsoDate),
  /** ISO code of every price in this reply, a major unit (USD, EUR, GBP) */
  currency: Type.Optional(Type.String({ maxLength: 10 })),
  /** the provider's code when it quoted a minor unit (GBp, GBX, ILA, ZAc) and prices were divided into `currency` */
  quotedCurrency: Type.Optional(Type.String({ maxLength: 10 })),
  /** month → last close adjusted for splits only (Yahoo's chart `close`): a share's price in today's shares */
  closes: Type.Optional(MonthlyHistory),
  /** splits, oldest first */
  splits: Type.Optional(Type.Array(SplitEvent)),
  /** dividends, oldest first; with `closes` they give the total return */
  dividends: Type.Optional(Type.Array(DividendEvent)),
  /** true when `closes` already include dividends (the source has none apart) and `dividends` is empty */
  dividendsInCloses: Type.Optional(Type.Boolean()),
});
export type PriceReply = Static<typeof PriceReply>;

/** GET /v1/get/{ticker}/close?date=YYYY-MM-DD (checked by the route, so a bad date gets the product's message). */
export const CloseQuery = Type.Object({ date: Type.Optional(Type.String({ maxLength: 40 })) });

/**
 * The as-traded close (docs/product-decisions.md "The as-traded close"): the price a buyer paid on `date`, the last trading day on
 * or before the day asked, in the instrument's currency (a major unit): the close adjusted for splits only,
 * times the ratio of every split after that day. What the Add window suggests as the purchase price, and what
 * the visitors' samples were bought at.
 */
export const CloseReply = Type.Object({
  ticker: Type.String(),
  /** the trading day whose close this is, `YYYY-MM-DD`: on or before the day asked */
  date: IsoDate,
  close: Type.Number(),
  currency: Type.String({ maxLength: 10 }),
  basis: Type.Literal("as-traded"),
});
export type CloseReply = Static<typeof CloseReply>;

export { AUTOCOMPLETE_MAX_SUGGESTIONS, AUTOCOMPLETE_MIN_LENGTH } from "./constants.ts";

export const AutocompleteQuery = Type.Object({ query: Type.Optional(Type.String({ maxLength: 100 })) });

export const Suggestion = Type.Object({ ticker: Type.String(), name: Type.String(), assetClass: AssetClass });
export type Suggestion = Static<typeof Suggestion>;

export const AutocompleteReply = Type.Object({ suggestions: Type.Array(Suggestion, { maxItems: AUTOCOMPLETE_MAX_SUGGESTIONS }) });
export type AutocompleteReply = Static<typeof AutocompleteReply>;

/** price.updated: the hourly refresh saw a ticker's price change (previousPrice null: first seen). Key = ticker. */
export const PriceUpdated = Type.Object({
  ticker: Type.String(),
  latestPrice: Type.Number(),
  previousPrice: Type.Union([Type.Number(), Type.Null()]),
  /** ISO time of the price (the market's time where the provider reports it) */
  at: Type.String(),
});
export type PriceUpdated = Static<typeof PriceUpdated>;

export const PricingMessages = {
  unknownTicker: (ticker: string) => `Unknown ticker: ${ticker}`,
  noCloseBefore: (ticker: string, date: string) => `${ticker} has no close on or before ${date}`,
  closeDateInvalid: "The date must be a calendar date written YYYY-MM-DD",
  closeDateFuture: "The date must not be after today",
  queryTooShort: `Type at least ${AUTOCOMPLETE_MIN_LENGTH} characters`,
} as const;
