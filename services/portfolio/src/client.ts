/**
 * The portfolio service's queries as other services ask them on a user's behalf (ARCHITECTURE.md "Data
 * ownership"): the caller's ID token travels with each call, so the portfolio service decides what that user
 * may see, exactly as for the web. Every reply is checked against proto before anyone reads it. This module
 * is the package's public surface for other services (`@folio/portfolio/client`).
 */

import { lazyCheck } from "@folio/platform/check";
import { type ServiceClient, ServiceUnavailableError } from "@folio/platform/internal";
import { PortfolioReply, PortfoliosAndAssetsReply } from "@folio/proto/portfolio";
import type { Static } from "typebox";

export type { PortfolioReply };
export type PortfolioList = Static<typeof PortfoliosAndAssetsReply>["portfolios"];

/** The portfolio service could not answer (down, a 5xx, or a reply that is not what proto says). */
export class PortfolioUnavailable extends Error {
  constructor(detail: string) {
    super(`portfolio service unavailable: ${detail}`);
    this.name = "PortfolioUnavailable";
  }
}

const listReply = lazyCheck(PortfoliosAndAssetsReply);
const portfolioReply = lazyCheck(PortfolioReply);

export class PortfolioQueries {
  constructor(private readonly services: ServiceClient) {}

  private async post(path: string, token: string): Promise<{ status: number; body: unknown }> {
    try {
      return await this.services.call<unknown>("portfolio", { method: "POST", path, token });
    } catch (err) {
      throw new PortfolioUnavailable(err instanceof ServiceUnavailableError ? err.message : String(err));
    }
  }

  /** POST /v1/get/portfolios-and-assets as the token's user: their own portfolios, keyed by slug. */
  async list(token: string): Promise<PortfolioList> {
    const { status, body } = await this.post("/v1/get/portfolios-and-assets", token);
    if (status === 200 && listReply.Check(body)) return body.portfolios;
    throw new PortfolioUnavailable(status === 200 ? "the reply is not a portfolio list" : `HTTP ${status}`);
  }

  /**
   * POST /v1/get/portfolio/{slug} as the token's user: the portfolio with its valuation, or null when that
   * user may not see it (the service's 404, which also covers a slug that does not exist).
   */
  async get(token: string, slug: string): Promise<PortfolioReply | null> {
    const { status, body } = await this.post(`/v1/get/portfolio/${encodeURIComponent(slug)}`, token);
    if (status === 200 && portfolioReply.Check(body)) return body;
    if (status === 404 || status === 400) return null;
    throw new PortfolioUnavailable(status === 200 ? "the reply is not a portfolio" : `HTTP ${status}`);
  }
}
