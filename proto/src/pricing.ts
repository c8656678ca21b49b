import { type Static, Type } from "typebox";
import { AUTOCOMPLETE_MAX_SUGGESTIONS, AUTOCOMPLETE_MIN_LENGTH } from "./constants.ts";
import { Ticker } from "./portfolio.ts";

/** The asset classes the product shows; every provider maps its own vocabulary onto these. */
export const AssetClass = Type.Union([Type.Literal("Stock"), Type.Literal("ETF"), Type.Literal("Crypto"), Type.Literal("Index")]);
export type AssetClass = Static<typeof AssetClass>;

/** Month (`YYYY-MM`) → the last close of that month. */
export const MonthlyHistory = Type.Record(Type.String(), Type.Number());
export type MonthlyHistory = Static<typeof MonthlyHistory>;

export const TickerParams = Type.Object({ ticker: Ticker });

export const PriceQuery = Type.Object({
  /** false asks for a fresh look-up past the cache; absent or true accepts a cached price */
  cached: Type.Optional(Type.Boolean()),
});

/** The spec's GET /v1/get/{ticker} reply. */
export const PriceReply = Type.Object({
  latestPrice: Type.Number(),
  ticker: Type.String(),
  historical_data: MonthlyHistory,
  /** expense ratio in percent (0.03 = 0.03 %), 0 for a share or coin, null when unknown */
  fee: Type.Union([Type.Number(), Type.Null()]),
  name: Type.String(),
  assetClass: AssetClass,
  /** present when every market-data provider was down and the last good value is shown */
  stale: Type.Optional(Type.Boolean()),
});
export type PriceReply = Static<typeof PriceReply>;

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
  queryTooShort: `Type at least ${AUTOCOMPLETE_MIN_LENGTH} characters`,
} as const;
