import { randomUUID } from "node:crypto";
import type { EventEnvelope } from "./bus/port.ts";

export const newId = (): string => randomUUID();

/** Builds an event envelope; key orders one user's (or ticker's) events. */
export function envelope<P>(type: string, key: string, payload: P, now: number, version = 1): EventEnvelope<P> {
  return { id: randomUUID(), type, version, occurredAt: new Date(now).toISOString(), key, payload };
}
