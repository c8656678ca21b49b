/**
 * A portfolio whose latest revision has no valuation yet (just saved, or its settings just changed) shows
 * "Being valued…" on its card and its rows; the list is asked again every VALUING_POLL_MS until every
 * portfolio carries its figures, for at most VALUING_WAIT_MS (lib/polling.ts). After that the card says it is
 * not valued yet (opening the portfolio values it) rather than wait for ever.
 */
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { usePolling } from "../../lib/polling.ts";
import { portfolioValued } from "../holdings/holdings.ts";

export const VALUING_POLL_MS = 2000;
export const VALUING_WAIT_MS = 30_000;

export function useValuingPolling(portfolios: readonly PortfolioListItem[] | undefined): { pollingInterval: number; gaveUp: boolean } {
  const waiting = (portfolios ?? []).some((p) => p.assets.length > 0 && !portfolioValued(p));
  return usePolling(waiting, { intervalMs: VALUING_POLL_MS, capMs: VALUING_WAIT_MS });
}
