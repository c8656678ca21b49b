/**
 * The networth service's queries as other services ask them on a user's behalf: net worth, its weekly
 * history and the biggest movers, each with the caller's ID token, so networth answers for that user only.
 * Replies are checked against proto before anyone reads them. The package's public surface for other
 * services (`@folio/networth/client`).
 */

import { lazyCheck } from "@folio/platform/check";
import { type ServiceClient, ServiceUnavailableError } from "@folio/platform/internal";
import { BiggestMoversReply, NetWorthHistoryReply, NetWorthReply } from "@folio/proto/networth";

export type { BiggestMoversReply, NetWorthHistoryReply, NetWorthReply };

export class NetworthUnavailable extends Error {
  constructor(detail: string) {
    super(`networth service unavailable: ${detail}`);
    this.name = "NetworthUnavailable";
  }
}

const netWorth = lazyCheck(NetWorthReply);
const history = lazyCheck(NetWorthHistoryReply);
const movers = lazyCheck(BiggestMoversReply);

export class NetworthQueries {
  constructor(private readonly services: ServiceClient) {}

  private async post<T>(path: string, token: string, check: { Check(v: unknown): v is T }, body?: unknown): Promise<T> {
    let reply: { status: number; body: unknown };
    try {
      reply = await this.services.call<unknown>("networth", { method: "POST", path, token, body });
    } catch (err) {
      throw new NetworthUnavailable(err instanceof ServiceUnavailableError ? err.message : String(err));
    }
    if (reply.status === 200 && check.Check(reply.body)) return reply.body;
    throw new NetworthUnavailable(reply.status === 200 ? `the reply of ${path} is not what proto says` : `${path}: HTTP ${reply.status}`);
  }

  /** POST /v1/get/netWorth (without forcing a recompute). */
  netWorth(token: string): Promise<NetWorthReply> {
    return this.post("/v1/get/netWorth", token, netWorth, {});
  }

  /** POST /v1/get/netWorthHistory: one entry per ISO week, oldest first. */
  history(token: string): Promise<NetWorthHistoryReply> {
    return this.post("/v1/get/netWorthHistory", token, history);
  }

  /** POST /v1/biggest-movers with the factual report (no assistant is asked to write it). */
  biggestMovers(token: string): Promise<BiggestMoversReply> {
    return this.post("/v1/biggest-movers?report=factual", token, movers);
  }
}
