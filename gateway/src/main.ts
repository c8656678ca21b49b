/**
 * The cluster gateway: verifies ID tokens, serves the web app and /docs, and forwards each public path to
 * the service that owns it (routes.ts). Each service's base URL comes from `<NAME>_URL`, by default
 * `http://<name>:8080` (the Compose service name); Compose balances over a service's replicas.
 */
import replyFrom from "@fastify/reply-from";
import { plaidLinkCspSources } from "@folio/brokerage/csp";
import { createCache } from "@folio/platform/cache";
import { systemClock } from "@folio/platform/clock";
import { ConfigError, loadConfig } from "@folio/platform/config";
import { createHttpServer } from "@folio/platform/http/server";
import { registerEdge, spaNotFound } from "./edge.ts";
import { openApiDocument } from "./openapi.ts";
import { routeTable } from "./routes.ts";

export async function startGateway(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const cache = await createCache({ redisUrl: config.redisUrl, clock: systemClock, prefix: "folio:" });
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
    cspSources: plaidLinkCspSources(config.env),
    bodyLimit: 20 * 1024 * 1024,
  });
  await registerEdge(app, await openApiDocument(config), { publicDocs: config.publicDocs });
  await app.register(replyFrom, { undici: { connections: 128, pipelining: 1 } });
  // bodies pass through untouched (JSON, multipart uploads, signed webhooks)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  for (const { path, service } of routeTable) {
    const base = (env[`${service.toUpperCase()}_URL`] || `http://${service}:8080`).replace(/\/$/, "");
    app.all(path, (request, reply) => reply.from(`${base}${request.url}`));
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
