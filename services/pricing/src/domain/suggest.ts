/**
 * Autocomplete ranking: ticker matches before name matches, exact before prefix, shorter tickers first
 * (typing "VO" should offer VOO before VOOG). Candidates come from the catalogue and the providers' searches;
 * the first one seen for a ticker wins, so curated names beat a vendor's.
 */
import type { Suggestion } from "@folio/proto/pricing";
import { TICKER_PATTERN } from "./series.ts";

/**
 * 0 exact ticker · 1 ticker prefix · 2 a word of the name starts with it · 3 the name contains it, or holds
 * its words (nameHolds) · 4 the source's own match
 */
export function matchRank(query: string, candidate: Suggestion): number {
  const upper = query.trim().toUpperCase();
  const lower = query.trim().toLowerCase();
  if (candidate.ticker === upper) return 0;
  if (candidate.ticker.startsWith(upper)) return 1;
  const name = candidate.name.toLowerCase();
  if (name.split(/[^a-z0-9&]+/).some((word) => word.startsWith(lower))) return 2;
  if (name.includes(lower) || nameHolds(candidate.name, query)) return 3;
  return 4;
}

/** a name's words, lower case, accents and punctuation left out ("Nestlé S.A." → nestle, s, a) */
const wordsOf = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** words a name may carry or leave out without naming another company */
const FORMS = new Set([
  "the",
  "inc",
  "corp",
  "corporation",
  "co",
  "company",
  "ltd",
  "plc",
  "sa",
  "se",
  "ag",
  "nv",
  "class",
  "cl",
  "reg",
  "shs",
]);

/**
 * A name as a person or a screen writes it, matched against a company's name word by word: every word of
 * the query (legal forms and single letters aside) is a word of the name, the start of one ("Mkt" of
 * "Market" is not: a start of at least three letters), or, for words of five letters or more, one letter
 * away from one (a misreading: "Microsft"). "Procter Gamble" holds in "The Procter & Gamble Company",
 * "Coca Cola" in "The Coca-Cola Company"; "Bitcoin Cash" does not hold in "Bitcoin".
 */
export function nameHolds(name: string, query: string): boolean {
  const have = wordsOf(name);
  const want = wordsOf(query).filter((w) => !FORMS.has(w) && (w.length > 1 || /\d/.test(w)));
  if (want.length === 0) return false;
  return want.every((w) =>
    have.some(
      (h) => h === w || (w.length >= 3 && h.startsWith(w)) || (w.length >= 5 && Math.abs(h.length - w.length) <= 1 && oneApart(h, w)),
    ),
  );
}

/** at most one letter changed, added or left out */
function oneApart(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
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
