/**
 * What networth publishes: networth.calculated after every recompute, keyed by uid and written in the
 * same commit as the value (the outbox). What it consumes: portfolio.saved and portfolio.deleted (its
 * read model of each user's portfolios and holders) and price.updated (the fan-out); see consumers.ts.
 */
import { envelope } from "@folio/platform/ids";
import type { WriteOp } from "@folio/platform/store/port";
import { type EventPayload, EventPayloads, type EventType } from "@folio/proto/events";
import { Value } from "typebox/value";

export const PUBLISHES = ["networth.calculated"] as const satisfies EventType[];
export const CONSUMES = ["portfolio.saved", "portfolio.deleted", "price.updated"] as const satisfies EventType[];

export function networthCalculated(payload: EventPayload<"networth.calculated">, now: number): WriteOp {
  // A payload the consumers would reject is a bug here: fail the job rather than publish it.
  if (!Value.Check(EventPayloads["networth.calculated"], payload)) throw new Error("invalid networth.calculated payload");
  return { op: "publish", event: envelope("networth.calculated", payload.uid, payload, now) };
}
