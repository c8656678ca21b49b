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

/** A counter per key and route in the Cache port, in @fastify/rate-limit's store shape. */
function cacheStore(cache: Cache) {
  return class CacheStore implements FastifyRateLimitStore {
    constructor(
      readonly options: unknown,
      private readonly scope = "all",
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      const counter = `ratelimit:${this.scope}:${key}`;
      const window = timeWindow ?? 60_000;
      // the count and its window's time left in one step (one round trip to Redis)
      cache.count(counter, window).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
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
