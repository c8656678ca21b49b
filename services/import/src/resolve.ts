/**
 * Names and ISINs → tickers, through the pricing service's search (`@folio/pricing/client`): the first
 * suggestion is taken, as the search ranks them. When pricing cannot be reached the name stays unresolved
 * and the import table asks the user for the ticker; the import itself does not fail.
 */

import type { ServiceClient } from "@folio/platform/internal";
import type { Logger } from "@folio/platform/log";
import { PricingQueries, PricingUnavailable } from "@folio/pricing/client";

export type Resolve = (query: string) => Promise<string | null>;

export function pricingResolver(services: ServiceClient, log: Logger): Resolve {
  const pricing = new PricingQueries(services);
  return async (query) => {
    const q = query.trim().slice(0, 100);
    if (q.length < 2) return null;
    try {
      const [first] = await pricing.search(q);
      return first?.ticker ?? null;
    } catch (err) {
      if (err instanceof PricingUnavailable) {
        log.warn("import: pricing search unavailable, name left for the user");
        return null;
      }
      throw err;
    }
  };
}

/** An ISIN: two letters, nine letters or digits, one check digit. */
export const isIsin = (s: string): boolean => /^[A-Z]{2}[A-Z0-9]{9}\d$/.test(s);
