/**
 * Names and ISINs → tickers, through the pricing service's search (`@folio/pricing/client`): the first
 * suggestion is taken, as the search ranks them. When pricing cannot be reached the name stays unresolved
 * and the import table asks the user for the ticker; the import itself does not fail.
 */

import { ServiceUnavailableError } from "@folio/platform/internal";
import type { Logger } from "@folio/platform/log";
import type { PricingQueries, Suggestion } from "@folio/pricing/client";

export type Resolve = (query: string) => Promise<string | null>;

/**
 * The screenshot checks' search (screenshot.ts `Search`): pricing's suggestions for a name or symbol, best
 * first; null when pricing could not be asked (the rows are then flagged, never taken as sure). Pricing's
 * autocomplete refuses queries under 2 characters, so a one-letter symbol (T, O, V) is asked as a quote:
 * a price means pricing knows it.
 */
export function pricingSearch(pricing: PricingQueries, log: Logger): (query: string) => Promise<Suggestion[] | null> {
  return async (query) => {
    const q = query.trim().slice(0, 100);
    try {
      if (/^[A-Z]$/.test(q)) {
        const quote = await pricing.quote(q);
        return quote ? [{ ticker: quote.ticker, name: quote.name, assetClass: quote.assetClass }] : [];
      }
      if (q.length < 2) return [];
      return await pricing.search(q);
    } catch (err) {
      if (err instanceof ServiceUnavailableError) {
        log.warn("import: pricing search unavailable, rows flagged for the user");
        return null;
      }
      throw err;
    }
  };
}

export function pricingResolver(pricing: PricingQueries, log: Logger): Resolve {
  return async (query) => {
    const q = query.trim().slice(0, 100);
    if (q.length < 2) return null;
    try {
      const [first] = await pricing.search(q);
      return first?.ticker ?? null;
    } catch (err) {
      if (err instanceof ServiceUnavailableError) {
        log.warn("import: pricing search unavailable, name left for the user");
        return null;
      }
      throw err;
    }
  };
}

export { isIsin } from "./domain/isin.ts";
