/**
 * The pricing service's queries as other services ask them (ARCHITECTURE.md "Data ownership"), through the
 * calls' contracts (platform/src/internal.ts: the one failure policy: an outage, a 5xx or a reply that is
 * not what the contract says is ServiceUnavailableError). This module is the package's public surface for
 * other services (`@folio/pricing/client`); it imports nothing of the service's internals.
 */
import { call, type ServiceClient, unanswered } from "@folio/platform/internal";
import { PricingContracts } from "@folio/proto/contracts/pricing";
import { type CloseReply, type PriceReply, PricingMessages, type Suggestion } from "@folio/proto/pricing";

export type { CloseReply, PriceReply, Suggestion };

export class PricingQueries {
  constructor(private readonly services: ServiceClient) {}

  /**
   * The price, or null when pricing says it knows no such ticker (its own "unknown ticker" 404, or a 400
   * refusing the ticker). A 404 without that answer is a missing route (pricing not deployed where it was
   * looked for), and a price that is not positive no price: ServiceUnavailableError like any outage.
   */
  async quote(ticker: string): Promise<PriceReply | null> {
    const answer = await call(this.services, PricingContracts.price, { params: { ticker } });
    if (answer.status === 200 && Number.isFinite(answer.body.latestPrice) && answer.body.latestPrice > 0) return answer.body;
    if ((answer.status === 404 && answer.body.error === PricingMessages.unknownTicker(ticker)) || answer.status === 400) return null;
    throw unanswered(PricingContracts.price, answer.status === 200 ? "answered a price that is not positive" : `answered ${answer.status}`);
  }

  /**
   * The as-traded close on or before `date` (docs/product-decisions.md "The as-traded close"), or null when pricing knows no such
   * ticker or it has no close that early (the route's 404s).
   */
  async close(ticker: string, date: string): Promise<CloseReply | null> {
    const answer = await call(this.services, PricingContracts.close, { params: { ticker }, query: { date } });
    if (answer.status === 200) return answer.body;
    const error = answer.body.error;
    if (answer.status === 404 && (error === PricingMessages.unknownTicker(ticker) || error === PricingMessages.noCloseBefore(ticker, date)))
      return null;
    throw unanswered(PricingContracts.close, `answered ${answer.status}`);
  }

  /** What the market-data search suggests for a name or symbol, best first; [] for a query pricing refuses (too short). */
  async search(query: string): Promise<Suggestion[]> {
    const answer = await call(this.services, PricingContracts.autocomplete, { query: { query } });
    if (answer.status === 200) return answer.body.suggestions;
    return [];
  }
}
