/**
 * What pricing publishes: price.updated when the hourly refresh sees a held ticker's price change (or
 * first sees it), keyed by ticker so one ticker's updates stay in order. It consumes portfolio.saved and
 * portfolio.deleted into the read model of held tickers (service.ts).
 */
import { envelope } from "@folio/platform/ids";
import type { WriteOp } from "@folio/platform/store/port";
import { type EventPayload, EventPayloads, type EventType } from "@folio/proto/events";
import { Value } from "typebox/value";

export const PUBLISHES = ["price.updated"] as const satisfies EventType[];
export const CONSUMES = ["portfolio.saved", "portfolio.deleted"] as const satisfies EventType[];

export function priceUpdated(payload: EventPayload<"price.updated">, now: number): WriteOp {
  // A payload the consumers would reject is a bug here: fail the job rather than publish it.
  if (!Value.Check(EventPayloads["price.updated"], payload)) throw new Error("invalid price.updated payload");
  return { op: "publish", event: envelope("price.updated", payload.ticker, payload, now) };
}
