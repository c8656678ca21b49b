/**
 * The networth service's queries as other services ask them on a user's behalf: net worth, its weekly
 * history and the biggest movers, each with the caller's ID token, so networth answers for that user only,
 * through the calls' contracts (platform/src/internal.ts: the one failure policy). The package's public
 * surface for other services (`@folio/networth/client`).
 */
import { read, type ServiceClient } from "@folio/platform/internal";
import { NetworthContracts } from "@folio/proto/contracts/networth";
import type { BiggestMoversReply, NetWorthHistoryReply, NetWorthReply } from "@folio/proto/networth";

export type { BiggestMoversReply, NetWorthHistoryReply, NetWorthReply };

export class NetworthQueries {
  constructor(private readonly services: ServiceClient) {}

  /** Net worth, without forcing a recompute. */
  netWorth(token: string): Promise<NetWorthReply> {
    return read(this.services, NetworthContracts.netWorth, { token, body: {} });
  }

  /** One entry per ISO week, oldest first. */
  history(token: string): Promise<NetWorthHistoryReply> {
    return read(this.services, NetworthContracts.history, { token });
  }

  /** The biggest movers' figures with the factual report (the assistant's words are the chat service's). */
  biggestMovers(token: string): Promise<BiggestMoversReply> {
    return read(this.services, NetworthContracts.moverFigures, { token });
  }
}
