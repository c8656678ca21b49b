import type { RateUsed } from "@folio/proto/portfolio";
import { formatDate } from "./format.ts";

/** "USDEUR=X" → "USD→EUR" (Yahoo's pair naming: units of the second per one of the first). */
function pairName(pair: string): string {
  const match = /^([A-Z]{3})([A-Z]{3})=X$/.exec(pair);
  return match ? `${match[1]}→${match[2]}` : pair;
}

/**
 * The exchange rates a valuation carried forward from an older month (docs/numbers.md "Currencies": a missing
 * latest rate uses the last known one, dated, like a stale price), said with their dates wherever its figures
 * are shown: "Last known exchange rate: USD→EUR 0.8684 as of Jun 01, 2026". Null when none is stale.
 */
export function staleRatesNote(rates: readonly RateUsed[] | null | undefined): string | null {
  const stale = (rates ?? []).filter((r) => r.stale !== null);
  if (stale.length === 0) return null;
  const said = stale.map((r) => `${pairName(r.pair)} ${r.rate} as of ${formatDate(r.asOf ?? `${r.month}-01`)}`);
  return `Last known exchange ${stale.length === 1 ? "rate" : "rates"}: ${said.join(", ")}`;
}

/**
 * The same, compactly, for a card: the pairs and dates without the rates ("Last known rate: USD→EUR, Jun 01,
 * 2026"; pairs of one date share it). Null when none is stale.
 */
export function staleRatesShort(rates: readonly RateUsed[] | null | undefined): string | null {
  const stale = (rates ?? []).filter((r) => r.stale !== null);
  if (stale.length === 0) return null;
  const byDate = new Map<string, string[]>();
  for (const r of stale) {
    const date = formatDate(r.asOf ?? `${r.month}-01`);
    byDate.set(date, [...(byDate.get(date) ?? []), pairName(r.pair)]);
  }
  const said = [...byDate].map(([date, pairs]) => `${pairs.join(", ")}, ${date}`);
  return `Last known ${stale.length === 1 ? "rate" : "rates"}: ${said.join("; ")}`;
}
