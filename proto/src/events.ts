import { type Static, type TSchema, Type } from "typebox";
import { NetWorthCalculated } from "./networth.ts";
import { PriceUpdated } from "./pricing.ts";

/** Every event's payload schema, by type. Publishers and consumers validate against these. */
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
    tickers: Type.Array(Type.String()),
    /** what the portfolio holds, so consumers (net worth) value it without asking */
    holdings: Type.Array(Type.Object({ ticker: Type.String(), quantity: Type.Number(), PoA: Type.Number(), DoA: Type.String() })),
    assetCount: Type.Integer(),
    rev: Type.Integer(),
  }),
  "portfolio.deleted": Type.Object({ uid: Type.String(), slug: Type.String() }),
  "price.updated": PriceUpdated,
  "networth.calculated": NetWorthCalculated,
  "billing.plan.changed": Type.Object({
    uid: Type.String(),
    plan: Type.String(),
    /** brokerage connections the plan allows */
    maxConnections: Type.Integer({ minimum: 0 }),
  }),
} satisfies Record<string, TSchema>;

export type EventType = keyof typeof EventPayloads;
export type EventPayload<T extends EventType> = Static<(typeof EventPayloads)[T]>;
