/**
 * A dependency that does not answer right now (the cache's or the queue's Redis, the store's MongoDB, another
 * service): not the user's mistake and not a bug, but a moment to wait. The one way the platform says so:
 *
 * - adapters throw DependencyUnavailableError when their server fails a call (and fail fast, within about a
 *   second, instead of holding the request: platform/src/cache/redis.ts, queue/bullmq.ts);
 * - every HTTP server answers a request that met one with 503 and Retry-After (http/server.ts), never 401 or 500;
 * - the bus keeps retrying a handler that failed on one, without counting the attempt towards the dead-letter
 *   topic (bus/delivery.ts): an outage is not a poison event.
 */

/** How long a client is asked to wait (Retry-After, in seconds) after a 503 for a dependency that is down. */
export const RETRY_AFTER_SECONDS = 2;

/** What the user reads: nothing is lost, try again. */
export const UNAVAILABLE_MESSAGE = "Folio is briefly unavailable. Please try again in a few seconds.";

export class DependencyUnavailableError extends Error {
  constructor(
    /** what failed: "cache", "queue", "store", or a service's name */
    readonly dependency: string,
    cause: unknown,
    message = `${dependency} unavailable: ${(cause as Error)?.message ?? cause}`,
  ) {
    super(message, { cause });
    this.name = "DependencyUnavailableError";
  }
}

/** The MongoDB driver's errors for a server it cannot reach (or lost): the store is down, not the request wrong. */
const MONGO_UNREACHABLE = new Set([
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoServerSelectionError",
  "MongoNotConnectedError",
  "MongoTopologyClosedError",
  "MongoPoolClearedError",
]);

/** A failure that waiting cures: a dependency down, not a bad request or a bug. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DependencyUnavailableError) return true;
  const name = (err as { name?: unknown })?.name;
  return typeof name === "string" && MONGO_UNREACHABLE.has(name);
}
