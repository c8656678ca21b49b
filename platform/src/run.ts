/**
 * The process entry of one service in the cluster (`services/<name>/src/main.ts`). ROLE chooses what the
 * container does: `api` serves routes and consumes events, `worker` runs queue jobs, `all` (default) both.
 */
import { ConfigError, loadConfig } from "./config.ts";
import { createDeps, type HostRoles, hostServices, WORKERS_START_AFTER_MS } from "./host.ts";
import { createHttpServer } from "./http/server.ts";
import { forService, type ServiceDeps, type ServiceModule } from "./service.ts";

function roles(value: string | undefined): HostRoles {
  const role = value || "all";
  if (!["api", "worker", "all"].includes(role)) throw new ConfigError("ROLE", `must be api, worker or all, got '${role}'`);
  return { api: role !== "worker", worker: role !== "api" };
}

export async function runService(name: string, create: (deps: ServiceDeps) => ServiceModule, env: NodeJS.ProcessEnv = process.env) {
  try {
    const config = loadConfig(env);
    const hostRoles = roles(env.ROLE);
    const deps = await createDeps(config, { sharedProcess: false, name });
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
    });
    const hosted = await hostServices(app, [create(forService(deps, name))], deps, hostRoles);
    await app.listen({ port: config.port, host: config.host });
    hosted.startWorkers(WORKERS_START_AFTER_MS);
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        app
          .close()
          .then(() => hosted.stop())
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
