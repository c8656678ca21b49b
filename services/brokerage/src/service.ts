/**
 * Brokerage: Plaid connections (connections.ts) behind the spec's /v1/plaid/* calls (routes.ts), their
 * holdings published as brokerage.holdings.imported for portfolio to turn into portfolios, and kept fresh
 * by Plaid's webhooks and a daily sync (jobs.ts). It follows billing's plan changes for the connection limit.
 */
import type { ServiceDeps, ServiceModule } from "@folio/platform/service";
import { brokerageSettings, SYNC_EVERY_MS } from "./config.ts";
import { createConnections, SYNC_ALL_QUEUE } from "./connections.ts";
import { brokerageConsumers } from "./consumers.ts";
import { brokerageJobs } from "./jobs.ts";
import { PlaidClient } from "./plaid-client.ts";
import { brokerageRoutes } from "./routes.ts";
import { webhookVerifier } from "./webhook-verification.ts";

export function createBrokerageService(deps: ServiceDeps): ServiceModule {
  const settings = brokerageSettings(deps.config);
  const plaid = settings.configured ? new PlaidClient(settings.plaid) : null;
  const connections = createConnections(deps, settings, plaid);
  const verify = plaid ? webhookVerifier((kid) => plaid.verificationKey(kid), deps.clock) : null;
  return {
    name: "brokerage",
    routes: brokerageRoutes(deps, connections, verify),
    consumers: brokerageConsumers(deps),
    jobs: brokerageJobs(deps, settings, connections),
    async start() {
      if (!settings.configured) {
        deps.log.info({ missing: settings.missing }, "brokerage: Plaid is not configured; /v1/plaid/* answers 503");
        return;
      }
      await deps.jobs.repeat(SYNC_ALL_QUEUE, {}, SYNC_EVERY_MS, "brokerage-sync-all");
    },
  };
}
