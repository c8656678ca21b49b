/**
 * The brokerage service's query as other services ask it (ARCHITECTURE.md "Data ownership"): the caller's
 * connections, for the settings reply's `connections` (spec §3 Settings: id, name, sync). Made on the user's
 * behalf with their ID token, over the internal ServiceClient; every reply is checked against proto. This
 * module is the package's public surface for other services (`@folio/brokerage/client`).
 */

import { lazyCheck } from "@folio/platform/check";
import type { ServiceClient } from "@folio/platform/internal";
import { ConnectionsReply } from "@folio/proto/brokerage";

export interface SettingsConnection {
  id: string;
  name: string;
  /** synced automatically: Plaid is configured here and the connection needs nothing from the user */
  sync: boolean;
}

const connectionsReply = lazyCheck(ConnectionsReply);

export class BrokerageQueries {
  constructor(private readonly services: ServiceClient) {}

  /** The user's connections; empty when brokerage cannot answer (settings must not fail for it). */
  async connections(token: string): Promise<SettingsConnection[]> {
    try {
      const { status, body } = await this.services.call<unknown>("brokerage", { method: "POST", path: "/v1/plaid/get_connections", token });
      if (status !== 200 || !connectionsReply.Check(body)) return [];
      return body.results.map((c) => ({ id: c.id, name: c.institution.name, sync: body.configured && c.status === "ok" }));
    } catch {
      return [];
    }
  }
}
