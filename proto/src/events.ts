import { type Static, type TSchema, Type } from "typebox";
import { ACHIEVEMENT_STEPS } from "./constants.ts";
import { NetWorthCalculated } from "./networth.ts";
import { PortfolioFigures, StaleReason } from "./portfolio.ts";
import { PriceUpdated } from "./pricing.ts";

/**
 * Every event's payload schema, by type: the one list of what crosses the bus. The platform validates a
 * payload against it when the event is written to the outbox and again before any handler sees it, the
 * start-up check refuses a consumer of a type not listed here, and the cluster's Kafka topics (each type and
 * its `.dlq`) are created from its keys.
 */
export const EventPayloads = {
  "account.registered": Type.Object({
    uid: Type.String(),
    email: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()]),
    referrer: Type.Union([Type.String(), Type.Null()]),
  }),
  "account.updated": Type.Object({
    uid: Type.String(),
    displayName: Type.Union([Type.String(), Type.Null()]),
    /** null until the user picks one in settings */
    username: Type.Union([Type.String(), Type.Null()]),
    /** the currency every amount is shown in (absent in events from before it: USD) */
    baseCurrency: Type.Optional(Type.String()),
  }),
  "portfolio.saved": Type.Object({
    uid: Type.String(),
    slug: Type.String(),
    pName: Type.String(),
    privateMode: Type.Boolean(),
    playGround: Type.Boolean(),
    created: Type.Boolean(),
    /** created as a copy of another portfolio */
    copiedFrom: Type.Union([Type.String(), Type.Null()]),
    /** this change turned a playground into a real portfolio (it counts as made now, for achievements) */
    promoted: Type.Optional(Type.Boolean()),
    tickers: Type.Array(Type.String()),
    /** what the portfolio holds, so consumers (net worth) value it without asking */
    holdings: Type.Array(
      Type.Object({
        ticker: Type.String(),
        quantity: Type.Number(),
        PoA: Type.Number(),
        DoA: Type.String(),
        /** "sell": a sale of `quantity` on DoA at PoA (absent: a buy) */
        side: Type.Optional(Type.Union([Type.Literal("buy"), Type.Literal("sell")])),
      }),
    ),
    assetCount: Type.Integer(),
    rev: Type.Integer(),
    /** the portfolio's permanent provider ('Plaid-US' for a brokerage import); absent or null for a manual one */
    provider: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** the portfolio's document id: a slug freed by a delete may later name another portfolio (absent in older events) */
    portfolioId: Type.Optional(Type.String()),
  }),
  "portfolio.deleted": Type.Object({ uid: Type.String(), slug: Type.String(), portfolioId: Type.Optional(Type.String()) }),
  /**
   * A portfolio's figures from a valuation (docs/product-decisions.md "One valuation, many views"), published in the commit that
   * stores them: every change that makes a revision, a revaluation after a price or base-currency change, a
   * read that valued it afresh. Key = uid. Net worth sums these, and its movers read the holdings' dates.
   */
  "portfolio.valued": Type.Object({
    uid: Type.String(),
    slug: Type.String(),
    portfolioId: Type.String(),
    rev: Type.Integer(),
    playGround: Type.Boolean(),
    /** ISO time the valuation started */
    valuedAt: Type.String(),
    /** null for a portfolio without assets */
    figures: Type.Union([PortfolioFigures, Type.Null()]),
    /** each buy still holding shares (or never sold from) as valued, in the portfolio's order; sales are not holdings */
    holdings: Type.Array(
      Type.Object({
        ticker: Type.String(),
        /** today's shares (the quantity after splits) */
        shares: Type.Number(),
        /** in figures.baseCurrency; null when it counts in no figure */
        marketValue: Type.Union([Type.Number(), Type.Null()]),
        priceDate: Type.Union([Type.String(), Type.Null()]),
        staleReason: Type.Union([StaleReason, Type.Null()]),
      }),
    ),
  }),
  "price.updated": PriceUpdated,
  "networth.calculated": NetWorthCalculated,
  /**
   * The user opened the net-worth view (their own POST /v1/get/netWorth answered with a figure, without a
   * recompute). At most one a day per user. The achievements service counts it as the "check net-worth" step.
   */
  "networth.checked": Type.Object({ uid: Type.String(), at: Type.String() }),
  /**
   * A brokerage connection's investment accounts and what each holds, on the first import (`sync` false:
   * portfolio creates one portfolio per account) and on every later sync (`sync` true: portfolio updates
   * the portfolios it created for them). Key = uid.
   */
  "brokerage.holdings.imported": Type.Object({
    uid: Type.String(),
    /** the connection (Plaid item) the holdings come from */
    connectionId: Type.String(),
    /** the portfolios' `provider`, e.g. 'Plaid-US' */
    provider: Type.String(),
    institution: Type.String(),
    sync: Type.Boolean(),
    accounts: Type.Array(
      Type.Object({
        accountId: Type.String(),
        name: Type.String(),
        holdings: Type.Array(
          Type.Object({
            ticker: Type.String(),
            name: Type.String(),
            quantity: Type.Number(),
            /** average cost per unit where the brokerage reports it, else the latest price */
            PoA: Type.Number(),
            DoA: Type.String(),
          }),
        ),
      }),
    ),
  }),
  "billing.plan.changed": Type.Object({
    uid: Type.String(),
    plan: Type.String(),
    /** brokerage connections the plan allows */
    maxConnections: Type.Integer({ minimum: 0 }),
  }),
  /** The assistant answered one of the user's messages (V1 or V2). Key = uid; the achievements service marks step 7. */
  "chat.replied": Type.Object({ uid: Type.String(), model: Type.Union([Type.Literal("v1"), Type.Literal("v2")]) }),
  /**
   * One user's achievement progress as the accounts service kept it before achievements became their own
   * service (docs/decisions/0002-achievements-service.md): published by accounts in the commit that deletes
   * its document, merged by the achievements service (the higher state, the union of facts). Key = uid. A
   * one-release hand-over: the next release drops it.
   */
  "achievements.progress.handed-over": Type.Object({
    uid: Type.String(),
    state: Type.Integer({ minimum: 0, maximum: ACHIEVEMENT_STEPS }),
    facts: Type.Array(Type.String()),
  }),
} satisfies Record<string, TSchema>;

export type EventType = keyof typeof EventPayloads;
export type EventPayload<T extends EventType> = Static<(typeof EventPayloads)[T]>;
