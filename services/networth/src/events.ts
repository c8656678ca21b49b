/**
 * What networth publishes: networth.calculated after every recompute, keyed by uid and written in the
 * same commit as the value (the outbox). What it consumes: portfolio.saved, portfolio.valued and
 * portfolio.deleted (its read model of each user's portfolios and their figures) and account.updated (the
 * base currency); see consumers.ts.
 */
import { type EventPayload, type EventType, publishOp } from "@folio/platform/events";
import type { WriteOp } from "@folio/platform/store/port";

export const PUBLISHES = ["networth.calculated", "networth.checked"] as const satisfies EventType[];
export const PORTFOLIO_EVENTS = ["portfolio.saved", "portfolio.valued", "portfolio.deleted"] as const satisfies EventType[];

export const networthChecked = (payload: EventPayload<"networth.checked">, now: number): WriteOp =>
  publishOp("networth.checked", payload.uid, payload, now);

export const networthCalculated = (payload: EventPayload<"networth.calculated">, now: number): WriteOp =>
  publishOp("networth.calculated", payload.uid, payload, now);
