/** Rules both bus adapters apply the same way: defaults, backoff, envelope checks, dead-letter form. */
import { exponentialDelay } from "../retry.ts";
import { isUnavailable } from "../unavailable.ts";
import { dlqTopic, type EventEnvelope } from "./port.ts";

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 100;

export interface RetryPolicy {
  maxAttempts: number;
  backoffMs: number;
}

export function retryPolicy(options: { maxAttempts?: number; backoffMs?: number } = {}): RetryPolicy {
  return {
    maxAttempts: Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)),
    backoffMs: Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS),
  };
}

/** Delay before the attempt after `failedAttempt` (1-based): the platform's one backoff rule (retry.ts). */
export function backoffDelay(policy: RetryPolicy, failedAttempt: number): number {
  return exponentialDelay(policy.backoffMs, failedAttempt);
}

/** The longest wait between two tries of a handler that keeps meeting a dependency that is down. */
export const UNAVAILABLE_RETRY_CAP_MS = 5000;

/**
 * What follows a handler's failure, the same in both adapters. A dependency that is down (unavailable.ts: the
 * cache's Redis, the store, another service) is waited out: tried again, doubling the wait up to
 * UNAVAILABLE_RETRY_CAP_MS, and not counted towards maxAttempts, since an outage says nothing about the event.
 * Any other failure counts; the last counted attempt sends the event to its dead-letter topic.
 */
export class Attempts {
  private counted = 0;
  private waits = 0;
  constructor(private readonly policy: RetryPolicy) {}

  /** The attempts counted so far (for the dead-letter headers and logs). */
  get count(): number {
    return this.counted;
  }

  /** After a failure: how long to wait before trying again, or null to dead-letter the event now. */
  failed(err: unknown): number | null {
    if (isUnavailable(err)) {
      this.waits++;
      return Math.min(exponentialDelay(Math.max(this.policy.backoffMs, 1), this.waits), UNAVAILABLE_RETRY_CAP_MS);
    }
    this.counted++;
    return this.counted >= this.policy.maxAttempts ? null : backoffDelay(this.policy, this.counted);
  }
}

/** Guards publish(): an envelope without id, type or key would be unroutable or unorderable. */
export function assertEnvelope(e: EventEnvelope): void {
  const ok =
    typeof e?.id === "string" && e.id !== "" && typeof e.type === "string" && e.type !== "" && typeof e.key === "string" && e.key !== "";
  if (!ok) throw new TypeError(`Not an event envelope (id, type and key are required): ${String(JSON.stringify(e)).slice(0, 200)}`);
}

/** A dead-lettered event keeps id, key and payload, so it stays a valid envelope on `<type>.dlq`. */
export function deadLetterOf(event: EventEnvelope, fromTopic: string = event.type): EventEnvelope {
  return { ...event, type: dlqTopic(fromTopic) };
}

/** A dead-letter topic has no dead-letter topic of its own. */
export const isDeadLetterTopic = (type: string): boolean => type.endsWith(".dlq");

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
