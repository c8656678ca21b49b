/**
 * The one HTTP server factory every process uses: Fastify with TypeBox schemas, the shared error handler
 * (a user's mistake is a 4xx naming the field; a dependency that is down is a 503 with Retry-After; an
 * internal failure is a 500 that hides its details), security headers, request limits, auth, /healthz
 * (liveness), /readyz (readiness) and /metrics, one log line per request, and `Cache-Control: private,
 * no-store` on every JSON reply that does not choose its own caching.
 *
 * Liveness and readiness are apart: a process listens as soon as its routes are registered and answers
 * /healthz at once (it is alive: nothing to restart); until `ready()` says its services have started, every
 * other route answers 503 with Retry-After (a gateway in front forwards that as it is), and /readyz says
 * what it is waiting for, with its dependencies' checks.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ErrorCodes } from "@folio/proto/errors";
import { API_PREFIXES } from "@folio/proto/routes";
import { Ajv } from "ajv";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { Counter, Registry } from "prom-client";
import type { Cache } from "../cache/port.ts";
import { LazyChildLogger, type Logger, loggableUrl, loggerOptions } from "../log.ts";
import { isUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../unavailable.ts";
import { authPlugin } from "./auth.ts";
import { HttpError, type SchemaError, validationMessage } from "./errors.ts";
import { lazySerializers, lazyValidator, sharedValidator } from "./lazy-compilers.ts";
import { INTERNAL_CLIENT, registerRateLimits } from "./rate-limit.ts";
import { contractOf } from "./route.ts";
import { type CspSources, registerSecurityHeaders } from "./security-headers.ts";
import { trustedProxies } from "./trusted-proxies.ts";

export interface HealthCheck {
  name: string;
  check: () => Promise<void>;
}

export interface ServerOptions {
  name: string;
  logLevel?: string;
  jwtSecret: string;
  authIssuer?: string;
  authJwksUrl?: string;
  cache: Cache;
  /** the dependencies /readyz checks (the store, the cache) */
  health?: HealthCheck[];
  /**
   * Whether the process's services have started (host.ts Hosted.ready); until then every route but the
   * probes answers 503 with Retry-After. Absent: ready at once.
   */
  ready?: () => boolean;
  /** more of the readiness for /readyz to report (not required to be ready): e.g. consumers joining */
  status?: () => Record<string, string>;
  /** details /readyz adds to its body (the partitions this process's consumers hold) */
  details?: () => Record<string, unknown>;
  /**
   * The proxies (addresses, CIDR ranges, proxy-addr's names such as 'loopback', or host names looked up in
   * DNS: trusted-proxies.ts) whose X-Forwarded-For is believed: the gateway, for the services behind it.
   * Unset: none, so a client cannot pick its own address.
   */
  trustProxy?: string[];
  /** the edge's request ceiling per client and minute (rate-limit.ts); services behind the gateway have none */
  requestsPerMinute?: number;
  /** /metrics for anyone; otherwise only for loopback and private-network addresses */
  publicMetrics?: boolean;
  bodyLimit?: number;
  /** sources added to the Content-Security-Policy (security-headers.ts), e.g. Plaid Link's when configured */
  cspSources?: CspSources;
  /**
   * The public edge (the embedded app, the cluster gateway): a route marked `config: { internal: true }` is
   * answered there only to in-process calls. Behind the edge (a cluster service) it is answered to a request
   * that did not come through the gateway (see isInternalCall).
   */
  edge?: boolean;
  /** replaces the JSON 404 (the gateway serves the web app's index.html for page routes) */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

export type App = FastifyInstance;

declare module "fastify" {
  interface FastifyContextConfig {
    /** a query between services (e.g. chat's movers report for networth): no client outside reaches it */
    internal?: boolean;
  }
}

/**
 * A call between services: `inject` in the one process (its address no socket can have), or, behind the edge,
 * a request straight from another service (the gateway sets X-Forwarded-For on everything it forwards, and
 * does not forward internal paths at all).
 */
export function isInternalCall(request: FastifyRequest, edge: boolean): boolean {
  if (request.ip === INTERNAL_CLIENT) return true;
  return !edge && request.headers["x-forwarded-for"] === undefined;
}

export async function createHttpServer(options: ServerOptions): Promise<App> {
  const proxies = await trustedProxies(options.trustProxy ?? []);
  const app = Fastify({
    logger: loggerOptions(options.name, options.logLevel ?? "info"),
    // one line per request is logged below, with the URL's sensitive query values redacted
    logController: new LogController({ disableRequestLogging: true }),
    // a request's child logger is made when the request writes a line, not for every request (log.ts)
    childLoggerFactory: (logger, bindings, childOptions) =>
      new LazyChildLogger(logger as Logger, bindings, childOptions as Record<string, unknown>) as unknown as FastifyBaseLogger,
    trustProxy: proxies.trust,
    bodyLimit: options.bodyLimit ?? 1_048_576,
    schemaController: { compilersFactory: lazySerializers },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.addHook("onClose", async () => proxies.close());
  await registerSecurityHeaders(app, options.cspSources);
  await registerRateLimits(app, { cache: options.cache, perMinute: options.requestsPerMinute });

  // The spec's client sends `Content-Type: application/json` on calls without a payload: an empty body is none.
  const json = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    return json(request, text, done);
  });

  // Query strings and path parameters arrive as text and are coerced to their schema's types; JSON bodies
  // are not (coercion would turn a body's `null` into 0 for a number-or-null field). Unknown fields are
  // dropped everywhere.
  // validateSchema: false: the routes' schemas are checked against the meta-schema once, by
  // gateway/test/route-schemas.test.ts, instead of at the first request after every start
  const coercing = new Ajv({
    validateSchema: false,
    removeAdditional: "all",
    coerceTypes: "array",
    useDefaults: true,
    allErrors: false,
    strict: false,
  });
  const exact = new Ajv({
    validateSchema: false,
    removeAdditional: "all",
    coerceTypes: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
  });
  // the variant names the Ajv above: bodies exact, the other parts coercing
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => {
      const variant = httpPart === "body" ? "exact" : "coercing";
      return sharedValidator(variant, schema, () => (variant === "exact" ? exact : coercing).compile(schema));
    }),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isUnavailable(error)) {
      // the cache, the store or another service is down: a moment to wait, never a 401 or a 500
      request.log.warn({ err: error }, "a dependency is unavailable");
      return temporarilyUnavailable(reply);
    }
    if (error.validation) {
      // a sentence naming the field in the product's words, never the validator's text (errors.ts)
      return reply.code(400).send({ error: validationMessage(error.validation as SchemaError[]), code: ErrorCodes.validation });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body());
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code =
        status === 413
          ? ErrorCodes.payloadTooLarge
          : status === 415
            ? ErrorCodes.unsupportedMediaType
            : status === 429
              ? ErrorCodes.rateLimited
              : ErrorCodes.validation;
      return reply.code(status).send({ error: error.message, code });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ error: "Something went wrong on our side. Please try again.", code: ErrorCodes.internal });
  });

  // internal routes are exactly as absent as a path that does not exist, for anyone outside
  const edge = options.edge === true;
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config?.internal && !isInternalCall(request, edge)) return reply.callNotFound();
    done();
  });

  app.setNotFoundHandler(
    options.notFoundHandler ??
      ((request, reply) => {
        reply.code(404).send({ error: `No route ${request.method} ${request.url.split("?")[0]}`, code: ErrorCodes.notFound });
      }),
  );

  await app.register(authPlugin, {
    jwtSecret: options.jwtSecret,
    authIssuer: options.authIssuer,
    authJwksUrl: options.authJwksUrl,
    cache: options.cache,
  });

  const checks = options.health ?? [];
  const ready = options.ready ?? (() => true);
  // liveness: the process answers, whatever the client's count (a probe is never refused for the ceiling,
  // and probing spends none of it)
  app.get("/healthz", { config: { rateLimit: false } }, async () => ({ status: "ok", service: options.name }));
  // readiness: its services have started and its dependencies answer
  app.get("/readyz", async (_request, reply) => {
    const results: Record<string, string> = { started: ready() ? "ok" : "starting", ...options.status?.() };
    let ok = ready();
    await Promise.all(
      checks.map(async (c) => {
        try {
          await c.check();
          results[c.name] = "ok";
        } catch (err) {
          ok = false;
          results[c.name] = (err as Error).message;
        }
      }),
    );
    if (!ok) reply.header("retry-after", String(RETRY_AFTER_SECONDS));
    return reply
      .code(ok ? 200 : 503)
      .send({ status: ok ? "ready" : "unavailable", service: options.name, checks: results, ...options.details?.() });
  });
  if (options.ready) {
    app.addHook("onRequest", async (request, reply) => {
      if (ready()) return;
      const path = request.url.split("?")[0];
      if (path === "/healthz" || path === "/readyz" || path === "/metrics") return;
      return temporarilyUnavailable(reply);
    });
  }

  app.addHook("onSend", (request, reply, payload, done) => {
    // private data and tokens must never be kept by a browser or a shared cache: JSON is uncacheable unless a
    // route (a public portfolio, a price) says otherwise, or the call's contract declares its reply public
    // (the community list, a close: proto/src/routes.ts `cache`)
    if (!reply.hasHeader("cache-control")) {
      const declared = contractOf(request)?.cache;
      if (declared && (reply.statusCode === 200 || reply.statusCode === 304)) reply.header("cache-control", declared);
      else if (String(reply.getHeader("content-type") ?? "").startsWith("application/json"))
        reply.header("cache-control", "private, no-store");
    }
    done(null, payload);
  });

  // one registry per app (the embedded app and tests run several in one process); prom-client writes the text
  const metrics = new Registry();
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern and status",
    labelNames: ["service", "method", "route", "status"] as const,
    registers: [metrics],
  });
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ service: options.name, method: request.method, route, status: reply.statusCode });
    // health checks, metrics, the web app's files and internal calls are routine: only at debug
    const level = isRoutine(request) ? "debug" : "info";
    if ((request.log as unknown as Logger).isLevelEnabled(level)) {
      const line = { method: request.method, url: loggableUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
      request.log[level](line, "request");
    }
    done();
  });
  app.get("/metrics", async (request, reply) => {
    if (!options.publicMetrics && !isPrivateAddress(request.ip)) {
      return reply.code(404).send({ error: `No route GET /metrics`, code: ErrorCodes.notFound });
    }
    return reply.type(metrics.contentType).send(await metrics.metrics());
  });

  return app;
}

/** 503 with Retry-After: a dependency is down, or the process has not finished starting. */
function temporarilyUnavailable(reply: FastifyReply) {
  return reply
    .code(503)
    .header("retry-after", String(RETRY_AFTER_SECONDS))
    .send({ error: UNAVAILABLE_MESSAGE, code: ErrorCodes.unavailable });
}

/** Requests logged at debug, not info: probes, metrics, the web app's files, and calls between services. */
function isRoutine(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0];
  if (request.ip === INTERNAL_CLIENT) return true;
  if (path === "/healthz" || path === "/readyz" || path === "/metrics" || path === "/favicon.ico") return true;
  return request.method === "GET" && !API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Loopback, private networks (RFC 1918, unique-local IPv6) and in-process calls: what "internal" means here. */
export function isPrivateAddress(ip: string): boolean {
  if (ip === INTERNAL_CLIENT) return true;
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (/^127\./.test(v4) || v4 === "::1") return true;
  if (/^10\./.test(v4) || /^192\.168\./.test(v4) || /^172\.(1[6-9]|2\d|3[01])\./.test(v4)) return true;
  return /^f[cd][0-9a-f]{2}:/i.test(ip);
}
