/**
 * Generated screenshot sets (scripts/import-screenshots.ts) and how a reading of one is scored: a holding
 * is exactly right when a row has its ticker and its quantity. A row that is not right (a wrong ticker or
 * quantity, or a line that is no holding) is CAUGHT when the row carries a flag (the user must confirm or
 * correct it before Create) and SILENT otherwise. Shared by the accuracy test and the bench.
 *
 * The pricing search is stood in for by a search over the generator's securities that answers as pricing's
 * autocomplete does: an exact symbol first, then symbols starting with the query, then names by similarity
 * (bigrams; an OCR-misspelled name still finds its company, a junk word finds nothing).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Suggestion } from "@folio/pricing/client";
import { expectedTicker, type ManifestEntry, UNIVERSE } from "../../../scripts/import-screenshots.ts";
import type { ScreenshotResult } from "../src/screenshot.ts";

export const SCREENSHOTS = join(import.meta.dirname, "screenshots");
export type { ManifestEntry };

export function loadSet(dir = SCREENSHOTS): ManifestEntry[] {
  return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as ManifestEntry[];
}

function bigrams(s: string): string[] {
  const t = s.toLowerCase().replace(/[^a-z0-9]/g, "");
  return Array.from({ length: Math.max(0, t.length - 1) }, (_, i) => t.slice(i, i + 2));
}

function similarity(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  if (!x.length || !y.length) return 0;
  const pool = [...y];
  let common = 0;
  for (const g of x) {
    const i = pool.indexOf(g);
    if (i >= 0) {
      common++;
      pool.splice(i, 1);
    }
  }
  return (2 * common) / (x.length + y.length);
}

const CATALOGUE: Suggestion[] = UNIVERSE.map((s) => ({
  ticker: expectedTicker(s),
  name: s.name,
  assetClass: s.crypto ? "Crypto" : / ETF| Trust|iShares|Vanguard|UCITS/.test(s.name) ? "ETF" : "Stock",
}));

/** A stand-in for pricing's autocomplete over the generator's securities (see the header). */
export async function setSearch(query: string): Promise<Suggestion[]> {
  const q = query.trim();
  if (q.length < 2 && !/^[A-Z]$/.test(q)) return [];
  const upper = q.toUpperCase();
  const exact = CATALOGUE.filter((c) => c.ticker === upper || c.ticker === `${upper}-USD`);
  const prefix = CATALOGUE.filter((c) => !exact.includes(c) && c.ticker.startsWith(upper));
  const named = CATALOGUE.map((c) => ({ c, score: similarity(q, c.name) }))
    .filter((x) => x.score >= 0.5 && !exact.includes(x.c) && !prefix.includes(x.c))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.c);
  return [...exact, ...prefix, ...named].slice(0, 10);
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
