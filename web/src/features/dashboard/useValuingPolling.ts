/**
 * A portfolio whose latest revision has no valuation yet (just saved, or its settings just changed) shows
 * "Being valued…" on its card and its rows; the list is asked again every VALUING_POLL_MS until every
 * portfolio carries its figures, for at most VALUING_WAIT_MS. After that the card says it is not valued yet
 * (opening the portfolio values it) rather than wait for ever.
 */
import { useEffect, useState } from "react";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { portfolioValued } from "../holdings/holdings.ts";

export const VALUING_POLL_MS = 2000;
export const VALUING_WAIT_MS = 30_000;

export function useValuingPolling(portfolios: readonly PortfolioListItem[] | undefined): { pollingInterval: number; gaveUp: boolean } {
  const waiting = (portfolios ?? []).some((p) => p.assets.length > 0 && !portfolioValued(p));
  const [since, setSince] = useState<number | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  if (waiting && since === null) setSince(Date.now());
  if (!waiting && since !== null) {
    setSince(null);
    setGaveUp(false);
  }
  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setGaveUp(true), Math.max(0, since + VALUING_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);
  return { pollingInterval: waiting && !gaveUp ? VALUING_POLL_MS : 0, gaveUp: waiting && gaveUp };
}
