/**
 * The one HTTP server factory every process uses: Fastify with TypeBox schemas, the shared error handler
 * (a user's mistake is a 4xx naming the field; an internal failure is a 500 that hides its details),
 * auth, /healthz and /metrics.
 */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { ErrorCodes } from "@folio/proto/errors";
import { Ajv } from "ajv";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Cache } from "../cache/port.ts";
import { redactPaths } from "../log.ts";
import { authPlugin } from "./auth.ts";
import { HttpError } from "./errors.ts";
import { registerSecurityHeaders } from "./security-headers.ts";

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
  health?: HealthCheck[];
  /** behind the gateway or a proxy: trust X-Forwarded-For for rate limits */
  trustProxy?: boolean;
  bodyLimit?: number;
  /** replaces the JSON 404 (the gateway serves the web app's index.html for page routes) */
  notFoundHandler?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

export type App = FastifyInstance;

export async function createHttpServer(options: ServerOptions): Promise<App> {
  const app = Fastify({
    logger: { level: options.logLevel ?? "info", name: options.name, redact: { paths: redactPaths, censor: "[redacted]" } },
    trustProxy: options.trustProxy ?? true,
    bodyLimit: options.bodyLimit ?? 1_048_576,
  }).withTypeProvider<TypeBoxTypeProvider>();
  await registerSecurityHeaders(app);

  // Query strings and path parameters arrive as text and are coerced to their schema's types; JSON bodies
  // are not (coercion would turn a body's `null` into 0 for a number-or-null field). Unknown fields are
  // dropped everywhere.
  const coercing = new Ajv({ removeAdditional: "all", coerceTypes: "array", useDefaults: true, allErrors: false, strict: false });
  const exact = new Ajv({ removeAdditional: "all", coerceTypes: false, useDefaults: true, allErrors: false, strict: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === "body" ? exact : coercing).compile(schema));

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const where = error.validationContext ?? "body";
      const first = error.validation[0];
      const field = first?.instancePath ? `${where}${first.instancePath}` : where;
      const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
      const message = missing ? `${field}/${missing} is required` : `${field} ${first?.message ?? "is invalid"}`;
      return reply.code(400).send({ error: message, code: ErrorCodes.validation });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body());
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code = status === 413 ? "payload_too_large" : status === 415 ? "unsupported_media_type" : ErrorCodes.validation;
      return reply.code(status).send({ error: error.message, code });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ error: "Something went wrong on our side. Please try again.", code: ErrorCodes.internal });
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
  app.get("/healthz", async (_request, reply) => {
    const results: Record<string, string> = {};
    let ok = true;
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
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable", service: options.name, checks: results });
  });

  const counts = new Map<string, number>();
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const key = `${request.method} ${route} ${reply.statusCode}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  app.get("/metrics", async (_request, reply) => {
    const lines = ["# TYPE http_requests_total counter"];
    for (const [key, n] of counts) {
      const [method, route, status] = key.split(" ");
      lines.push(`http_requests_total{service="${options.name}",method="${method}",route="${route}",status="${status}"} ${n}`);
    }
    return reply.type("text/plain; version=0.0.4").send(`${lines.join("\n")}\n`);
  });

  return app;
}
