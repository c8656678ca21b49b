/**
 * The process entry of one service in the cluster (`services/<name>/src/main.ts`, compiled to
 * `dist/server/<name>.js`). The entry names the service; ROLE chooses what the process does: `api` serves
 * routes and consumes events, `worker` runs queue jobs, `all` (default) both.
 *
 * The process listens as soon as its routes are registered: /healthz (liveness) answers at once, its routes
 * answer 503 with Retry-After until the service has started (its start retried while a dependency is still
 * down), /readyz says when it is ready; its consumer groups join in the background (a restart or a new
 * replica joining a running group can take a Kafka session timeout). It refuses to start without JWT_SECRET
 * (or JWT_SECRET_FILE), naming it: a secret of its own would refuse every token the accounts service signs.
 */
import { ClusterEnvironment, loadConfig } from "./config.ts";
import { ConfigError, readEnv } from "./env.ts";
import { createDeps, type Hosted, type HostRoles, hostServices, WORKERS_START_AFTER_MS } from "./host.ts";
import { createHttpServer } from "./http/server.ts";
import { forService, type ServiceDeps, type ServiceModule } from "./service.ts";

function roles(env: NodeJS.ProcessEnv): HostRoles {
  const role = readEnv(ClusterEnvironment, env).ROLE;
  return { api: role !== "worker", worker: role !== "api" };
}

export async function runService(name: string, create: (deps: ServiceDeps) => ServiceModule, env: NodeJS.ProcessEnv = process.env) {
  try {
    const config = loadConfig(env, { cluster: true });
    const hostRoles = roles(env);
    const deps = await createDeps(config, { sharedProcess: false, name });
    let hosted: Hosted | undefined;
    const app = await createHttpServer({
      name,
      logLevel: config.logLevel,
      jwtSecret: config.jwtSecret,
      authIssuer: config.authIssuer,
      authJwksUrl: config.authJwksUrl,
      trustProxy: config.trustProxy,
      publicMetrics: config.publicMetrics,
      cache: deps.cache,
      health: [
        { name: "store", check: async () => void (await deps.store.pendingEvents(1)) },
        { name: "cache", check: async () => void (await deps.cache.get("healthz")) },
      ],
      ready: () => hosted?.ready() ?? false,
      status: () => ({ consumers: hosted?.consuming() ? "ok" : "joining" }),
      details: () => ({ partitions: deps.bus.assignments?.() ?? {} }),
    });
    hosted = await hostServices(app, [create(forService(deps, name))], deps, hostRoles, { background: true });
    hosted.started.catch((err: unknown) => {
      deps.log.fatal({ err }, `${name} could not start`);
      process.exit(1);
    });
    await app.listen({ port: config.port, host: config.host });
    hosted.startWorkers(WORKERS_START_AFTER_MS);
    const running = hosted;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        app
          .close()
          .then(() => running.stop())
          .then(
            () => process.exit(0),
            () => process.exit(1),
          );
      });
    }
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(err instanceof ConfigError ? 78 : 1);
  }
}
