/**
 * Brokerage: Plaid connections (connections.ts) behind the spec's /v1/plaid/* calls (routes.ts), their
 * holdings published as brokerage.holdings.imported for portfolio to turn into portfolios, and kept fresh
 * by Plaid's webhooks and a daily sync (jobs.ts). It follows billing's plan changes for the connection limit.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { SYNC_EVERY_MS } from "./config.ts";
import { SYNC_ALL_QUEUE } from "./connections.ts";
import { brokerageConsumers } from "./consumers.ts";
import { brokerageContext } from "./context.ts";
import { brokerageJobs } from "./jobs.ts";
import { brokerageRoutes } from "./routes.ts";

export function createBrokerageService(deps: ServiceDeps): ServiceModule {
  const ctx = brokerageContext(deps);
  const { settings } = ctx;
  return {
    name: "brokerage",
    routes: brokerageRoutes(ctx),
    consumers: brokerageConsumers(ctx),
    jobs: brokerageJobs(ctx),
    async start() {
      if (!settings.configured) {
        deps.log.info({ missing: settings.missing }, "brokerage: Plaid is not configured; /v1/plaid/* answers 503");
        return;
      }
      await deps.jobs.repeat(SYNC_ALL_QUEUE, {}, SYNC_EVERY_MS, "brokerage-sync-all");
    },
  };
}
