/**
 * The generated screenshot set (scripts/import-screenshots.ts) and how a reading of it is scored: a
 * holding is exactly right when a row has its ticker and its quantity. Shared by the accuracy test and the
 * bench. Company names are resolved by a stand-in for the pricing search: the closest known name
 * (bigram similarity ≥ 0.7), as a search for an OCR-misspelled name would answer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ResolvedHolding } from "../src/screenshot.ts";

export const SCREENSHOTS = join(import.meta.dirname, "screenshots");

export interface Expected {
  file: string;
  tags: string[];
  decimal: "." | ",";
  holdings: { ticker: string; name?: string; quantity: number }[];
}

export function loadSet(): Expected[] {
  return JSON.parse(readFileSync(join(SCREENSHOTS, "manifest.json"), "utf8")) as Expected[];
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

/** A name search over every named holding in the set, as the pricing search would answer. */
export function nameSearch(set: Expected[]) {
  const known = set.flatMap((e) => e.holdings.filter((h) => h.name).map((h) => ({ name: h.name as string, ticker: h.ticker })));
  return async (name: string): Promise<string | null> => {
    let best: { ticker: string; score: number } | null = null;
    for (const k of known) {
      const score = similarity(name, k.name);
      if (!best || score > best.score) best = { ticker: k.ticker, score };
    }
    return best && best.score >= 0.7 ? best.ticker : null;
  };
}

export interface Score {
  right: number;
  expected: number;
  extra: number;
  misses: string[];
}

export function score(expected: Expected, rows: ResolvedHolding[]): Score {
  const misses: string[] = [];
  let right = 0;
  for (const h of expected.holdings) {
    if (rows.some((r) => r.ticker === h.ticker && Math.abs(r.quantity - h.quantity) < 1e-9)) right++;
    else
      misses.push(
        `${h.ticker} ${h.quantity} (read: ${
          rows
            .filter((r) => r.ticker === h.ticker)
            .map((r) => r.quantity)
            .join(", ") || "none"
        })`,
      );
  }
  const extra = rows.filter((r) => !expected.holdings.some((h) => h.ticker === r.ticker)).length;
  return { right, expected: expected.holdings.length, extra, misses };
}
