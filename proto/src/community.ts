import { type Static, Type } from "typebox";
import { COMMUNITY_CATEGORIES, COMMUNITY_MAX_PAGE_SIZE } from "./constants.ts";
import { RateUsed } from "./rates.ts";

export { COMMUNITY_CATEGORIES, COMMUNITY_MAX_PAGE_SIZE, COMMUNITY_PAGE_SIZE, type CommunityCategory, UNCATEGORISED } from "./constants.ts";

export const CommunityCategoryName = Type.Enum([...COMMUNITY_CATEGORIES]);
/** What a portfolio's settings accept: a community category, or "" to clear it. */
export const PortfolioCategory = Type.Enum([...COMMUNITY_CATEGORIES, ""]);

/**
 * GET /v1/get/communityportfolios. Without `category`, one page of every category; `samples` asks only for
 * the visitors' sample portfolios (the dashboard's three cards).
 */
export const CommunityQuery = Type.Object({
  category: Type.Optional(CommunityCategoryName),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: COMMUNITY_MAX_PAGE_SIZE })),
  samples: Type.Optional(Type.Boolean()),
});
export type CommunityQuery = Static<typeof CommunityQuery>;

/** One public portfolio as the community shows it (spec: pName, slug, totalValue, growth, pDescription, allHistory). */
export const CommunityCard = Type.Object({
  pName: Type.String(),
  slug: Type.String(),
  /** its latest valuation's market value, in `baseCurrency` (the page's figure); null when none of its assets has a price */
  totalValue: Type.Union([Type.Number(), Type.Null()]),
  /** its latest valuation's total return in percent (the page's profitLossPercent); null without prices */
  growth: Type.Union([Type.Number(), Type.Null()]),
  pDescription: Type.String(),
  /** month (`YYYY-MM`) → value at the month's end, for the sparkline; thinned to at most 60 months */
  allHistory: Type.Record(Type.String(), Type.Number()),
  /** the card's gradient, 1 to 11 (gradients.ts): the owner's pick, else the slug's */
  gradient: Type.Optional(Type.Integer({ minimum: 1, maximum: 11 })),
  /** the currency of totalValue and allHistory: the owner's base currency */
  baseCurrency: Type.Optional(Type.String()),
  /** the date of the newest price in the figures, `YYYY-MM-DD`; null without prices */
  pricesAsOf: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** the exchange rates its figures carried forward from an older month (stale), with their dates, as its page says them; absent when none */
  rates: Type.Optional(Type.Array(RateUsed)),
});
export type CommunityCard = Static<typeof CommunityCard>;

const Cards = Type.Optional(Type.Array(CommunityCard));

/**
 * The spec's "arrays keyed by category": every category when none was asked, else only the one asked;
 * `pagination` says which page this is and how many public portfolios each listed category holds.
 */
export const CommunityReply = Type.Object({
  Growth: Cards,
  Dividend: Cards,
  Index: Cards,
  Tech: Cards,
  Crypto: Cards,
  Other: Cards,
  pagination: Type.Object({
    page: Type.Integer(),
    pageSize: Type.Integer(),
    /** category → number of public portfolios in it */
    totals: Type.Record(Type.String(), Type.Integer()),
  }),
});
export type CommunityReply = Static<typeof CommunityReply>;
