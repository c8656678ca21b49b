/** The one backoff rule of the platform: the bus's redeliveries and the queue's retries both wait this long. */

/** Delay before the attempt that follows failed attempt `failedAttempt` (1-based): base, then doubled each time. */
export function exponentialDelay(baseMs: number, failedAttempt: number): number {
  return baseMs * 2 ** (failedAttempt - 1);
}
