/**
 * Request limits, with @fastify/rate-limit counting in the Cache port (the process's memory in the embedded
 * app, Redis shared by every replica in the cluster), so a limit holds however many replicas serve a client.
 *
 * - At the edge (the embedded app, the cluster gateway): a ceiling per client address on every request
 *   (`RATE_LIMIT_PER_MINUTE`, default 600). Internal calls between services (inject in the embedded app) are
 *   not counted.
 * - On single routes, a service declares its own rule in the route's `config.rateLimit` (accounts: sign-in,
 *   registration, password reset), which replaces the ceiling there; rules per e-mail address are the
 *   service's own (they need the parsed body).
 *
 * The client address is the socket's, or X-Forwarded-For's only when it comes from a proxy named in
 * TRUST_PROXY (server.ts): a client cannot pick its own address to escape a limit.
 * A refused request gets 429 `{ error, code: 'rate_limited' }` with Retry-After in seconds.
 */
import rateLimit, { type FastifyRateLimitStore, type RateLimitPluginOptions } from "@fastify/rate-limit";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Cache } from "../cache/port.ts";

/** The address internal calls carry (platform/src/internal.ts): no socket can have it. */
export const INTERNAL_CLIENT = "folio-internal";

export const DEFAULT_REQUESTS_PER_MINUTE = 600;

export interface RateLimitOptions {
  cache: Cache;
  /** the edge's ceiling per client and minute; absent: no ceiling, only the routes' own rules */
  perMinute?: number;
}

/** "Too many requests": how long to wait, in words a person reads. */
export function tooManyMessage(seconds: number): string {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.max(1, seconds)} seconds`;
  return `Too many requests. Please wait ${wait} and try again.`;
}

type RouteParams = Parameters<FastifyRateLimitStore["child"]>[0];
/** What the plugin passes a store about a route with its own rule (its merged parameters). */
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The counts asked in one turn of the event loop, one call to the cache per counter: the requests of one client
 * that arrive together (parsed in the same turn) are counted by one INCRBY of their number, each given its own
 * place in it (count − n + 1 … count), so the client's limit means exactly what one call each would (the count is
 * still kept in the cache, atomic, across every replica), at one Redis round trip per client and turn instead
 * of one per request. The turn's counts go out in its check phase (setImmediate), after the requests the poll
 * phase read: no request waits for another turn.
 */
class CountsOfOneTurn {
  private pending = new Map<string, { counter: string; windowMs: number; waiting: Counted[] }>();
  private scheduled = false;

  constructor(private readonly cache: Cache) {}

  count(counter: string, windowMs: number, callback: Counted): void {
    const key = `${windowMs} ${counter}`;
    let batch = this.pending.get(key);
    if (!batch) {
      batch = { counter, windowMs, waiting: [] };
      this.pending.set(key, batch);
    }
    batch.waiting.push(callback);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    const batches = this.pending;
    this.pending = new Map();
    for (const { counter, windowMs, waiting } of batches.values()) {
      this.cache.count(counter, windowMs, waiting.length).then(
        ({ count, ttlMs }) => {
          const first = count - waiting.length + 1;
          for (const [i, callback] of waiting.entries()) callback(null, { current: first + i, ttl: ttlMs });
        },
        (err: Error) => {
          for (const callback of waiting) callback(err);
        },
      );
    }
  }
}

/** A counter per key and route in the Cache port, in @fastify/rate-limit's store shape. */
function cacheStore(cache: Cache) {
  const counts = new CountsOfOneTurn(cache);
  return class CacheStore implements FastifyRateLimitStore {
    constructor(
      readonly options: unknown,
      private readonly scope = "all",
    ) {}

    incr(key: string, callback: Counted, timeWindow?: number): void {
      // the count and its window's time left in one step, with the other requests of this turn for the key
      counts.count(`ratelimit:${this.scope}:${key}`, timeWindow ?? 60_000, callback);
    }

    child(routeOptions: RouteParams): FastifyRateLimitStore {
      const { method, url } = (routeOptions as unknown as RouteInfo).routeInfo ?? {};
      return new CacheStore(routeOptions, url ? `${[method].flat().join(",")} ${url}` : this.scope);
    }
  };
}

export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const settings: RateLimitPluginOptions = {
    global: options.perMinute !== undefined,
    max: options.perMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    store: cacheStore(options.cache) as unknown as RateLimitPluginOptions["store"],
    allowList: (request: FastifyRequest) => request.ip === INTERNAL_CLIENT,
    // a store that cannot be reached fails the request rather than lifting the limits
    skipOnError: false,
    addHeadersOnExceeding: { "x-ratelimit-limit": false, "x-ratelimit-remaining": false, "x-ratelimit-reset": false },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return Object.assign(new Error(tooManyMessage(seconds)), { statusCode: 429, code: ErrorCodes.rateLimited });
    },
  };
  await app.register(rateLimit, settings);
}
