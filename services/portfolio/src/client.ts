/**
 * The portfolio service's queries as other services ask them on a user's behalf (ARCHITECTURE.md "Data
 * ownership"): the caller's ID token travels with each call, so the portfolio service decides what that user
 * may see, exactly as for the web; through the calls' contracts (platform/src/internal.ts: the one failure
 * policy). This module is the package's public surface for other services (`@folio/portfolio/client`).
 */
import { call, read, type ServiceClient } from "@folio/platform/internal";
import { PortfolioContracts } from "@folio/proto/contracts/portfolio";
import type { PortfolioReply, PortfoliosAndAssetsReply } from "@folio/proto/portfolio";
import type { Static } from "typebox";

export type { PortfolioReply };
export type PortfolioList = Static<typeof PortfoliosAndAssetsReply>["portfolios"];

export class PortfolioQueries {
  constructor(private readonly services: ServiceClient) {}

  /** The token's user's own portfolios, keyed by slug. */
  async list(token: string): Promise<PortfolioList> {
    return (await read(this.services, PortfolioContracts.list, { token })).portfolios;
  }

  /**
   * The portfolio with its valuation as the token's user may see it, or null when that user may not see it
   * (the service's 404, which also covers a slug that does not exist, or a 400 refusing the slug).
   */
  async get(token: string, slug: string): Promise<PortfolioReply | null> {
    const answer = await call(this.services, PortfolioContracts.get, { token, params: { slug } });
    // the others its contract declares are the 400 and the 404
    return answer.status === 200 ? answer.body : null;
  }
}
