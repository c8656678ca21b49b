/**
 * The embedded app (the default, `npm start`): one Node process hosts the gateway edge, every service and
 * every worker, on the in-process bus, the SQLite store under DATA_DIR and the in-process queue, unless
 * REDIS_URL / MONGO_URL / KAFKA_BROKERS point at real servers.
 */

import { plaidLinkCspSources } from "@folio/brokerage/csp";
import { ConfigError, loadConfig } from "@folio/platform/config";
import { createDeps, hostServices, WORKERS_START_AFTER_MS } from "@folio/platform/host";
import { createHttpServer } from "@folio/platform/http/server";
import { forService } from "@folio/platform/service";
import { registerEdge, spaNotFound } from "./edge.ts";
import { openApiDocument } from "./openapi.ts";
import { serviceFactories, serviceNames } from "./registry.ts";

export async function startEmbedded(env: NodeJS.ProcessEnv = process.env) {
  const startedAt = performance.now();
  const config = loadConfig(env);
  const deps = await createDeps(config, { sharedProcess: true, name: "embedded" });
  const modules = serviceNames.map((n) => serviceFactories[n](forService(deps, n)));
  const app = await createHttpServer({
    name: "folio",
    logLevel: config.logLevel,
    jwtSecret: config.jwtSecret,
    authIssuer: config.authIssuer,
    authJwksUrl: config.authJwksUrl,
    trustProxy: config.trustProxy,
    publicMetrics: config.publicMetrics,
    requestsPerMinute: config.requestsPerMinute || undefined,
    cache: deps.cache,
    health: [{ name: "store", check: async () => void (await deps.store.pendingEvents(1)) }],
    notFoundHandler: spaNotFound,
    edge: true,
    cspSources: plaidLinkCspSources(config.env),
  });
  await registerEdge(app, await openApiDocument(), { publicDocs: config.publicDocs });
  const hosted = await hostServices(app, modules, deps);
  await app.listen({ port: config.port, host: config.host });
  hosted.startWorkers(WORKERS_START_AFTER_MS);
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  app.log.info(
    {
      port,
      dataDir: config.dataDir,
      startMs: Math.round(performance.now() - startedAt),
      rssMb: Math.round(process.memoryUsage().rss / 1048576),
    },
    `Folio is running at http://localhost:${port}`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await hosted.stop();
  };
  return { app, port, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { stop } = await startEmbedded();
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    console.error(err);
    process.exit(1);
  }
}
