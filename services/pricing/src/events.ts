/**
 * What pricing publishes: price.updated when the hourly refresh sees a held ticker's price change (or
 * first sees it), keyed by ticker so one ticker's updates stay in order. It consumes portfolio.saved and
 * portfolio.deleted into the read model of held tickers (service.ts).
 */
import { type EventPayload, type EventType, publishOp } from "@folio/platform/events";
import type { WriteOp } from "@folio/platform/store/port";

export const PUBLISHES = ["price.updated"] as const satisfies EventType[];
export const CONSUMES = ["portfolio.saved", "portfolio.deleted"] as const satisfies EventType[];

export const priceUpdated = (payload: EventPayload<"price.updated">, now: number): WriteOp =>
  publishOp("price.updated", payload.ticker, payload, now);
