import { type Static, Type } from "typebox";
import { RateUsed } from "./portfolio.ts";

/** POST /v1/get/netWorth body: `force` asks for a recompute now, even when the stored value is current. */
export const NetWorthBody = Type.Object({ force: Type.Optional(Type.Boolean()) });
export type NetWorthBody = Static<typeof NetWorthBody>;

export const NetWorthReply = Type.Object({
  /**
   * Σ market value of the user's portfolios (playground excluded) as each one's latest valuation gives it (the
   * portfolio's page's figure), in `baseCurrency`, rounded to cents; 0 before the first computation
   */
  netWorth: Type.Number(),
  /** ISO time of the computation the value comes from; null before the first one */
  lastUpdated: Type.Union([Type.String(), Type.Null()]),
  /** a recompute is waiting or running: poll again (spec §4: after 2 s, then every 5 s, for at most 120 s) */
  calculating: Type.Boolean(),
  /** the currency of netWorth: the user's base currency (default USD) */
  baseCurrency: Type.Optional(Type.String()),
  /** tickers whose price is stale in their portfolio's valuation (counted, at their last known price) */
  stale: Type.Optional(Type.Array(Type.String())),
  /** the exchange rates the figures used that are stale (an older month's rate carried forward), with their dates */
  rates: Type.Optional(Type.Array(RateUsed)),
  /** slugs of counted portfolios whose figures in the base currency are not computed yet (a base currency just changed): left out meanwhile */
  pending: Type.Optional(Type.Array(Type.String())),
  /** holdings left out of the total, with why: an unknown ticker, pricing unavailable with no last good price, no exchange rate */
  unpriced: Type.Optional(
    Type.Array(
      Type.Object({
        ticker: Type.String(),
        reason: Type.Union([Type.Literal("unknown-ticker"), Type.Literal("unavailable"), Type.Literal("no-exchange-rate")]),
      }),
    ),
  ),
});
export type NetWorthReply = Static<typeof NetWorthReply>;

/** One ISO week (UTC) of the net-worth history: the latest value computed in it, or carried forward. */
export const NetWorthHistoryEntry = Type.Object({
  /** ISO week-numbering year (2021-01-03 belongs to 2020-W53) */
  year: Type.Integer(),
  week: Type.Integer({ minimum: 1, maximum: 53 }),
  data: Type.Object({ networth: Type.Number() }),
  /**
   * the currency `networth` was computed in: the user's base currency that week (a week carried forward keeps
   * its week's currency). After a base-currency change older weeks stay in the currency they were computed in,
   * never relabelled nor converted (docs/product-decisions.md "Net-worth history across a base-currency change")
   */
  currency: Type.Optional(Type.String()),
});
export type NetWorthHistoryEntry = Static<typeof NetWorthHistoryEntry>;

/** Oldest first; the last entry is the current week (the chart's 'Now' bar). */
export const NetWorthHistoryReply = Type.Object({ netWorthHistory: Type.Array(NetWorthHistoryEntry) });
export type NetWorthHistoryReply = Static<typeof NetWorthHistoryReply>;

/**
 * A mover whose price is stale: `last-known` (pricing served the last good value while every provider was
 * down) or `out-of-date` (its asOf is more than 7 days before the reply's pricesAsOf).
 */
export const MoverStale = Type.Object({
  ticker: Type.String(),
  /** the date of its latest price, `YYYY-MM-DD`; null when pricing gave none */
  priceDate: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.Literal("last-known"), Type.Literal("out-of-date")]),
  /** its own latest-month change in percent (2 decimals), not a current move; null without the two closes */
  change: Type.Union([Type.Number(), Type.Null()]),
  /** the month of that change, `YYYY-MM`; null with it */
  month: Type.Union([Type.String(), Type.Null()]),
});
export type MoverStale = Static<typeof MoverStale>;

/** A holding left out of the movers, as its portfolio's valuation left it out: no provider knows the ticker, pricing could not price it now, or no exchange rate. */
export const MoverUnpriced = Type.Object({
  ticker: Type.String(),
  reason: Type.Union([Type.Literal("unknown-ticker"), Type.Literal("unavailable"), Type.Literal("no-exchange-rate")]),
});
export type MoverUnpriced = Static<typeof MoverUnpriced>;

export const BiggestMoversReply = Type.Object({
  result: Type.Literal("ok"),
  /** ticker → change in percent over the latest month (12.3 = +12.3 %), biggest move (either way) first */
  biggest_movers: Type.Record(Type.String(), Type.Number()),
  /** a plain-language summary of the numbers */
  report: Type.String(),
  /** where each number came from, one line per ticker */
  sources: Type.Array(Type.String()),
  /** the holding whose monthly changes spread the most over the last 12 months; null when none has enough history */
  most_volatile: Type.Union([Type.String(), Type.Null()]),
  /** the holding with the largest quantity (units, summed over portfolios); null without holdings */
  most_quantity: Type.Union([Type.String(), Type.Null()]),
  /** the latest `asOf` among the holdings pricing priced, `YYYY-MM-DD`; null when none was */
  pricesAsOf: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** holdings whose price is stale (docs/numbers.md "Movers and the assistant"): in no ranking, listed with their own change */
  stale: Type.Optional(Type.Array(MoverStale)),
  /** holdings no provider could price now, with why: never shown as a 0 % move */
  unpriced: Type.Optional(Type.Array(MoverUnpriced)),
});
export type BiggestMoversReply = Static<typeof BiggestMoversReply>;

/** networth.calculated: a user's net worth was recomputed. Key = uid. */
export const NetWorthCalculated = Type.Object({
  uid: Type.String(),
  netWorth: Type.Number(),
  /** ISO time of the computation */
  at: Type.String(),
  /**
   * true when the user's own POST /v1/get/netWorth started or joined this computation; background
   * recomputes (after portfolio or price events) leave it out. The achievements service counts only requested ones as the
   * "check net-worth" achievement, so a price tick cannot tick it for a user who never looked.
   */
  requested: Type.Optional(Type.Boolean()),
});
export type NetWorthCalculated = Static<typeof NetWorthCalculated>;

/** Job data of the queue `networth.recompute` (jobId `networth-<uid>`, debounced per user). */
export const RecomputeJobData = Type.Object({ uid: Type.String() });
export type RecomputeJobData = Static<typeof RecomputeJobData>;
