/**
 * Autocomplete ranking: ticker matches before name matches, exact before prefix, shorter tickers first
 * (typing "VO" should offer VOO before VOOG). Candidates come from the catalogue and the providers' searches;
 * the first one seen for a ticker wins, so curated names beat a vendor's.
 */
import type { Suggestion } from "@folio/proto/pricing";
import { TICKER_PATTERN } from "./series.ts";

/** 0 exact ticker · 1 ticker prefix · 2 a word of the name starts with it · 3 the name contains it · 4 the source's own match */
export function matchRank(query: string, candidate: Suggestion): number {
  const upper = query.trim().toUpperCase();
  const lower = query.trim().toLowerCase();
  if (candidate.ticker === upper) return 0;
  if (candidate.ticker.startsWith(upper)) return 1;
  const name = candidate.name.toLowerCase();
  if (name.split(/[^a-z0-9&]+/).some((word) => word.startsWith(lower))) return 2;
  if (name.includes(lower)) return 3;
  return 4;
}

/**
 * The best `limit` candidates for a query. Every candidate is kept, matching or not: an online search's
 * fuzzy hits rank last, in the order the search gave them. Tickers that could not be saved are dropped.
 */
export function rankSuggestions(query: string, candidates: Iterable<Suggestion>, limit: number): Suggestion[] {
  const seen = new Map<string, { suggestion: Suggestion; rank: number; order: number }>();
  let order = 0;
  for (const candidate of candidates) {
    if (!TICKER_PATTERN.test(candidate.ticker) || seen.has(candidate.ticker)) continue;
    const rank = matchRank(query, candidate);
    seen.set(candidate.ticker, { suggestion: candidate, rank, order: order++ });
  }
  return [...seen.values()]
    .sort((a, b) => {
      if (a.rank !== b.rank) return a.rank - b.rank;
      // the source's own relevance order is all an unmatched hit has
      if (a.rank === 4) return a.order - b.order;
      if (a.suggestion.ticker.length !== b.suggestion.ticker.length) return a.suggestion.ticker.length - b.suggestion.ticker.length;
      return a.suggestion.ticker < b.suggestion.ticker ? -1 : 1;
    })
    .slice(0, limit)
    .map((entry) => entry.suggestion);
}
