/**
 * The brokerage service's query as other services ask it (ARCHITECTURE.md "Data ownership"): the caller's
 * connections, for the settings reply's `connections` (spec §3 Settings: id, name, sync). Made on the user's
 * behalf with their ID token, through the call's contract (platform/src/internal.ts: the one failure policy).
 * This module is the package's public surface for other services (`@folio/brokerage/client`).
 */
import { read, type ServiceClient } from "@folio/platform/internal";
import { BrokerageContracts } from "@folio/proto/contracts/brokerage";

export interface SettingsConnection {
  id: string;
  name: string;
  /** synced automatically: Plaid is configured here and the connection needs nothing from the user */
  sync: boolean;
}

export class BrokerageQueries {
  constructor(private readonly services: ServiceClient) {}

  /** The user's connections; ServiceUnavailableError while brokerage cannot answer. */
  async connections(token: string): Promise<SettingsConnection[]> {
    const reply = await read(this.services, BrokerageContracts.connections, { token });
    return reply.results.map((c) => ({ id: c.id, name: c.institution.name, sync: reply.configured && c.status === "ok" }));
  }
}
