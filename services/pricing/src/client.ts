/**
 * The pricing service's queries as other services ask them (ARCHITECTURE.md "Data ownership"): one typed
 * client over the internal ServiceClient (HTTP in the cluster, inject in the embedded app), with every reply
 * checked against proto before anyone reads it. This module is the package's public surface for other
 * services (`@folio/pricing/client`); it imports nothing of the service's internals.
 */

import { lazyCheck } from "@folio/platform/check";
import { type ServiceClient, ServiceUnavailableError } from "@folio/platform/internal";
import { AutocompleteReply, CloseReply, PriceReply, PricingMessages, type Suggestion } from "@folio/proto/pricing";

export type { CloseReply, PriceReply, Suggestion };

/** Pricing could not answer usefully now (down, unreachable, a 5xx or a reply that is not a price). */
export class PricingUnavailable extends Error {
  constructor(
    readonly ticker: string,
    detail: string,
  ) {
    super(`pricing could not price ${ticker}: ${detail}`);
    this.name = "PricingUnavailable";
  }
}

const priceReply = lazyCheck(PriceReply);
const isPrice = (body: unknown): body is PriceReply => priceReply.Check(body) && Number.isFinite(body.latestPrice) && body.latestPrice > 0;

const autocompleteReply = lazyCheck(AutocompleteReply);
const closeReply = lazyCheck(CloseReply);

const errorOf = (body: unknown): unknown => (typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined);

export class PricingQueries {
  constructor(private readonly services: ServiceClient) {}

  /**
   * GET /v1/get/{ticker}: the price, or null when pricing says it knows no such ticker (its own "unknown
   * ticker" 404, or a 400 refusing the ticker). A 404 without that answer is a missing route (pricing not
   * deployed where it was looked for): an outage like any other, thrown as PricingUnavailable.
   */
  async quote(ticker: string): Promise<PriceReply | null> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.services.call<unknown>("pricing", { method: "GET", path: `/v1/get/${encodeURIComponent(ticker)}` }));
    } catch (err) {
      throw new PricingUnavailable(ticker, err instanceof ServiceUnavailableError ? err.message : String(err));
    }
    if (status === 200 && isPrice(body)) return body;
    if ((status === 404 && errorOf(body) === PricingMessages.unknownTicker(ticker)) || status === 400) return null;
    throw new PricingUnavailable(ticker, status === 200 ? "the reply is not a price" : `HTTP ${status}`);
  }

  /**
   * GET /v1/get/{ticker}/close?date=: the as-traded close on or before `date` (README "The as-traded close"), or
   * null when pricing knows no such ticker or it has no close that early (the route's 404s). An outage is
   * thrown as PricingUnavailable.
   */
  async close(ticker: string, date: string): Promise<CloseReply | null> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.services.call<unknown>("pricing", {
        method: "GET",
        path: `/v1/get/${encodeURIComponent(ticker)}/close?date=${encodeURIComponent(date)}`,
      }));
    } catch (err) {
      throw new PricingUnavailable(ticker, err instanceof ServiceUnavailableError ? err.message : String(err));
    }
    if (status === 200 && closeReply.Check(body)) return body;
    const error = errorOf(body);
    if (status === 404 && (error === PricingMessages.unknownTicker(ticker) || error === PricingMessages.noCloseBefore(ticker, date)))
      return null;
    throw new PricingUnavailable(ticker, status === 200 ? "the reply is not a close" : `HTTP ${status}`);
  }

  /**
   * GET /v1/autocomplete: what the market-data search suggests for a name or symbol, best first; [] for a
   * query pricing refuses (shorter than 2 characters). An outage is thrown as PricingUnavailable.
   */
  async search(query: string): Promise<Suggestion[]> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.services.call<unknown>("pricing", {
        method: "GET",
        path: `/v1/autocomplete?query=${encodeURIComponent(query)}`,
      }));
    } catch (err) {
      throw new PricingUnavailable(query, err instanceof ServiceUnavailableError ? err.message : String(err));
    }
    if (status === 200 && autocompleteReply.Check(body)) return body.suggestions;
    if (status === 400) return [];
    throw new PricingUnavailable(query, status === 200 ? "the reply is not a list of suggestions" : `HTTP ${status}`);
  }
}
