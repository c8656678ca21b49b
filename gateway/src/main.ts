/**
 * The cluster gateway: verifies ID tokens, serves the web app and /docs, and forwards each public path to
 * the service that owns it (routes.ts). Each service's base URL comes from `<NAME>_URL`, by default
 * `http://<name>:8080` (the Compose service name); Compose balances over a service's replicas.
 *
 * - The client behind a request is the gateway's to say: X-Forwarded-For (and X-Forwarded-Proto) goes to the
 *   service as the one address (and scheme) the gateway determined (its socket's peer, or what a proxy named in the gateway's TRUST_PROXY
 *   reported), whatever the client sent; the services trust that header from the gateway alone (compose gives
 *   them TRUST_PROXY=gateway), so their per-client limits hold per client and a forged header opens no
 *   bucket of its own.
 * - A service that does not answer (down, restarting) is a 503 with Retry-After, at once; one that answers
 *   503 while it starts (platform/src/http/server.ts) is forwarded as it is. Nothing is retried here: the
 *   client is told to.
 * - The public reads a service marks `public` (a quote, a visitor's view of a public portfolio, the community
 *   list) are kept a few seconds and answered from here, as a shared HTTP cache would (shared-cache.ts); a
 *   request with credentials always goes to the service.
 * - It refuses to start without JWT_SECRET (or JWT_SECRET_FILE), naming it.
 */
import type { IncomingMessage } from "node:http";
import replyFrom from "@fastify/reply-from";
import { plaidLinkCspSources } from "@folio/brokerage/csp";
import { createCache } from "@folio/platform/cache";
import { systemClock } from "@folio/platform/clock";
import { ConfigError, loadConfig } from "@folio/platform/config";
import { createHttpServer } from "@folio/platform/http/server";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "@folio/platform/unavailable";
import { ErrorCodes } from "@folio/proto/errors";
import type { FastifyRequest } from "fastify";
import { registerEdge, spaNotFound } from "./edge.ts";
import { openApiDocument } from "./openapi.ts";
import { routeTable } from "./routes.ts";
import { freshFor, type Headers, holdsCurrent, mayServe, mayStore, notModifiedHeaders, SharedCache } from "./shared-cache.ts";

/** A service's answer as the proxy's client gives it, body not yet read. */
interface Upstream {
  statusCode: number;
  headers: Headers;
  stream: IncomingMessage;
}

/** a reply the 503 can be written to (the route's own, or the one reply-from hands back) */
interface Answerable {
  code(status: number): { header(name: string, value: string): { send(payload: unknown): unknown } };
}

/** Headers about the client that only the gateway may set for the services behind it. */
const CLIENT_HEADERS = ["x-forwarded-for", "x-forwarded-proto", "x-real-ip", "forwarded"];

/**
 * The request's headers as the service receives them: the client's own claims about its address and scheme
 * replaced by what the gateway determined (so a client on plain HTTP cannot claim HTTPS and get HSTS).
 */
export function forwardedHeaders(request: FastifyRequest, headers: Record<string, unknown>): Record<string, unknown> {
  const out = { ...headers };
  for (const name of CLIENT_HEADERS) delete out[name];
  out["x-forwarded-for"] = request.ip;
  out["x-forwarded-proto"] = request.protocol;
  return out;
}

export async function startGateway(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env, { cluster: true });
  const cache = await createCache({ redisUrl: config.redisUrl, clock: systemClock, prefix: "folio:", maxBytes: config.cacheMemoryBytes });
  const app = await createHttpServer({
    name: "gateway",
    logLevel: config.logLevel,
    jwtSecret: config.jwtSecret,
    authIssuer: config.authIssuer,
    authJwksUrl: config.authJwksUrl,
    trustProxy: config.trustProxy,
    publicMetrics: config.publicMetrics,
    requestsPerMinute: config.requestsPerMinute || undefined,
    cache,
    health: [{ name: "cache", check: async () => void (await cache.get("healthz")) }],
    notFoundHandler: spaNotFound,
    edge: true,
    cspSources: plaidLinkCspSources(config.env),
    bodyLimit: 20 * 1024 * 1024,
  });
  await registerEdge(app, await openApiDocument(), { publicDocs: config.publicDocs });
  await app.register(replyFrom, { undici: { connections: 128, pipelining: 1 } });
  // bodies pass through untouched (JSON, multipart uploads, signed webhooks)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  const shared = new SharedCache({ clock: systemClock });
  for (const { path, service } of routeTable) {
    const base = (env[`${service.toUpperCase()}_URL`] || `http://${service}:8080`).replace(/\/$/, "");
    const unavailable = (request: FastifyRequest, reply: Answerable, error: unknown) => {
      request.log.warn({ err: error, service }, "service unavailable");
      reply.code(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ error: UNAVAILABLE_MESSAGE, code: ErrorCodes.unavailable });
    };
    app.all(path, (request, reply) => {
      // the edge's hooks (the ceiling, the security headers, the token check) have run, as for every request
      if (mayServe(request.method, request.headers)) {
        const hit = shared.lookup(request.url, request.headers);
        if (hit) {
          if (holdsCurrent(request.headers, hit))
            return reply.code(304).headers(notModifiedHeaders(hit)).header("age", String(hit.age)).send();
          return reply.code(200).headers(hit.headers).header("age", String(hit.age)).send(hit.body);
        }
      }
      const storing = mayStore(request.method, request.headers);
      return reply.from(`${base}${request.url}`, {
        rewriteRequestHeaders: (_raw, headers) => forwardedHeaders(request, headers) as typeof headers,
        // no retries here (reply-from would retry a GET answered 503 for up to its Retry-After, ten times)
        retryDelay: () => null,
        onError: (r, { error }) => unavailable(request, r, error),
        onResponse: (_request, r, raw) => {
          const res = raw as unknown as Upstream;
          const headers = res.headers;
          const length = Number(headers["content-length"]);
          // a reply that may be kept is read whole (it is small: ENTRY_BYTES at most), anything else streamed
          if (!storing || !(length <= shared.maxEntryBytes) || freshFor(res.statusCode, headers) <= 0) return r.send(res.stream);
          res.stream.toArray().then(
            (chunks: Buffer[]) => {
              const body = Buffer.concat(chunks);
              shared.store(request.url, request.headers, res.statusCode, headers, body);
              r.send(body);
            },
            (error: unknown) => {
              // the service's length and encoding were copied for its body, not for this answer
              r.removeHeader("content-length");
              r.removeHeader("content-encoding");
              unavailable(request, r, error);
            },
          );
        },
      });
    });
  }
  await app.listen({ port: config.port, host: config.host });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startGateway().catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(err instanceof ConfigError ? 78 : 1);
  });
}
