/**
 * Generated screenshot sets (scripts/import-screenshots.ts) and how a reading of one is scored: a holding
 * is exactly right when a row has its ticker and its quantity. A row that is not right (a wrong ticker or
 * quantity, or a line that is no holding) is CAUGHT when the row carries a flag (the user must confirm or
 * correct it before Create) and SILENT otherwise. Shared by the accuracy test and the bench.
 *
 * The pricing search is stood in for by pricing's own matching (`@folio/pricing/suggest`, as its
 * autocomplete ranks what the CSV folder and the catalogue offer) over the generator's securities: an exact
 * symbol first, then symbols starting with the query, then names holding the query (a word start, the whole
 * query, or its words: "Procter Gamble" in "The Procter & Gamble Company", one letter off in a long word);
 * a one-letter symbol is asked as a quote (resolve.ts), which answers that symbol only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Suggestion } from "@folio/pricing/client";
import { matchRank, rankSuggestions } from "@folio/pricing/suggest";
import { AUTOCOMPLETE_MAX_SUGGESTIONS } from "@folio/proto/constants";
import { expectedTicker, type ManifestEntry, UNIVERSE } from "../../../scripts/import-screenshots.ts";
import type { ScreenshotResult } from "../src/screenshot.ts";

export const SCREENSHOTS = join(import.meta.dirname, "screenshots");
export type { ManifestEntry };

export function loadSet(dir = SCREENSHOTS): ManifestEntry[] {
  return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as ManifestEntry[];
}

const CATALOGUE: Suggestion[] = UNIVERSE.map((s) => ({
  ticker: expectedTicker(s),
  name: s.name,
  assetClass: s.crypto ? "Crypto" : / ETF| Trust|iShares|Vanguard|UCITS/.test(s.name) ? "ETF" : "Stock",
}));

/** A stand-in for pricing's autocomplete over the generator's securities (see the header). */
export async function setSearch(query: string): Promise<Suggestion[]> {
  const q = query.trim();
  if (/^[A-Z]$/.test(q)) return CATALOGUE.filter((c) => c.ticker === q);
  if (q.length < 2) return [];
  return rankSuggestions(
    q,
    CATALOGUE.filter((c) => matchRank(q, c) < 4),
    AUTOCOMPLETE_MAX_SUGGESTIONS,
  );
}

export interface Score {
  right: number;
  /** right rows that carry a flag all the same: what the user confirms for nothing */
  rightFlagged: number;
  expected: number;
  /** rows that are not right and carry a flag */
  caught: number;
  /** rows that are not right and carry none: a misreading that would be saved unless the user looks */
  silent: number;
  misses: string[];
}

export function score(expected: ManifestEntry, rows: ScreenshotResult["message"]): Score {
  const misses: string[] = [];
  let right = 0;
  let rightFlagged = 0;
  const matched = new Set<number>();
  for (const h of expected.holdings) {
    const i = rows.findIndex((r, j) => !matched.has(j) && r.ticker === h.ticker && Math.abs(r.quantity - h.quantity) < 1e-9);
    if (i >= 0) {
      right++;
      if (rows[i].flags.length > 0) rightFlagged++;
      matched.add(i);
    } else
      misses.push(
        `${h.ticker} ${h.quantity} (read: ${
          rows
            .filter((r) => r.ticker === h.ticker)
            .map((r) => r.quantity)
            .join(", ") || "none"
        })`,
      );
  }
  const wrong = rows.filter((_, j) => !matched.has(j));
  const caught = wrong.filter((r) => r.flags.length > 0).length;
  for (const r of wrong.filter((r) => r.flags.length === 0)) misses.push(`silent: ${r.ticker} ${r.quantity}`);
  return { right, rightFlagged, expected: expected.holdings.length, caught, silent: wrong.length - caught, misses };
}
