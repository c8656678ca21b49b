/** What the brokerage service's routes, consumers, jobs and start share, built once per service instance from its deps. */
import type { ServiceDeps } from "@folio/platform/service";
import { type BrokerageSettings, brokerageSettings } from "./config.ts";
import { type Connections, createConnections } from "./connections.ts";
import { PlaidClient } from "./plaid-client.ts";
import { type Verification, webhookVerifier } from "./webhook-verification.ts";

export interface BrokerageContext {
  deps: ServiceDeps;
  settings: BrokerageSettings;
  /** Plaid connections: link, import, sync, delete (connections.ts) */
  connections: Connections;
  /** checks a webhook's signature against the exact bytes; null without Plaid configured */
  verify: ((raw: string, jwt: string | undefined) => Promise<Verification>) | null;
}

export function brokerageContext(deps: ServiceDeps): BrokerageContext {
  const settings = brokerageSettings(deps.config);
  const plaid = settings.configured ? new PlaidClient(settings.plaid) : null;
  return {
    deps,
    settings,
    connections: createConnections(deps, settings, plaid),
    verify: plaid ? webhookVerifier((kid) => plaid.verificationKey(kid), deps.clock) : null,
  };
}
