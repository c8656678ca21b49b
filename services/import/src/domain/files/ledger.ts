/**
 * Transactions become positions.
 *
 * Movements are replayed in date order (a file's own order within a day, buys before sells on the same day so
 * a same-day round trip never dips below zero). Per account and security:
 * - buy (also a reinvested dividend, and shares received for nothing: stock dividends, bonus shares, spin-offs,
 *   at price 0): shares += q, cost += q × price. Fees are not part of the cost: the purchase price is the
 *   price paid per share, the portfolio keeps fees apart.
 * - sell: shares -= q and cost -= q × (cost / shares), so the average cost of what is left does not change
 *   (the "average cost" method: a sale removes shares at the average cost, it never changes the average).
 *   Selling more than the file shows held (a history that starts after the first buy) is an error on that
 *   row and leaves the holding at 0.
 * - split by a ratio r (new shares per old share): shares × r, cost unchanged (the average cost ÷ r).
 * - convert (product change, merger, name change): the holding moves to the new identifier with its new share
 *   count; its cost and first-buy date go along.
 * PoA is cost / shares of what is still held (rounded to 4 places), DoA the date of the buy that opened the
 * current holding (the last time it went from nothing to something). Holdings sold down to nothing are left
 * out. Quantities are rounded to 8 places.
 */
import { round } from "../numbers.ts";
import type { ImportedPosition, RowError } from "./port.ts";

interface Base {
  /** what identifies the security in the file: a ticker, an ISIN, an OFX unique id */
  key: string;
  ticker: string;
  name: string;
  account: string;
  /** ISO date, optionally followed by a time (`2024-03-05T10:30`), for ordering */
  at: string;
  line?: number;
}

export type Movement =
  | (Base & { kind: "buy"; quantity: number; price: number })
  | (Base & { kind: "sell"; quantity: number })
  | (Base & { kind: "split"; ratio: number })
  | (Base & { kind: "convert"; fromKey: string; quantity: number });

interface Holding {
  ticker: string;
  name: string;
  account: string;
  shares: number;
  cost: number;
  since: string | null;
}

const RANK = { buy: 0, convert: 1, split: 1, sell: 2 } as const;
const EPSILON = 1e-9;

export function positionsFrom(movements: Movement[], errors: RowError[] = []): { rows: ImportedPosition[]; errors: RowError[] } {
  const ordered = movements
    .map((m, i) => ({ m, i }))
    .sort((a, b) => {
      const byDate = a.m.at.slice(0, 10).localeCompare(b.m.at.slice(0, 10));
      if (byDate) return byDate;
      const byTime = a.m.at.localeCompare(b.m.at);
      return byTime || RANK[a.m.kind] - RANK[b.m.kind] || a.i - b.i;
    })
    .map(({ m }) => m);
  const book = new Map<string, Holding>();
  const id = (account: string, key: string) => `${account}\u0000${key}`;
  const holding = (m: Base, key = m.key): Holding => {
    let h = book.get(id(m.account, key));
    if (!h) {
      h = { ticker: m.ticker, name: m.name, account: m.account, shares: 0, cost: 0, since: null };
      book.set(id(m.account, key), h);
    }
    if (m.name && !h.name) h.name = m.name;
    return h;
  };
  const problems = [...errors];
  for (const m of ordered) {
    const date = m.at.slice(0, 10);
    if (m.kind === "buy") {
      const h = holding(m);
      if (h.shares <= EPSILON) {
        h.since = date;
        h.shares = 0;
        h.cost = 0;
      }
      h.shares += m.quantity;
      h.cost += m.quantity * m.price;
      h.ticker = m.ticker;
    } else if (m.kind === "sell") {
      const h = holding(m);
      if (m.quantity > h.shares + EPSILON) {
        problems.push({
          line: m.line,
          message: `sells ${fmt(m.quantity)} ${m.ticker} but the file shows ${fmt(h.shares)} held before it (does the file start after the first buy?); the holding is set to 0`,
        });
        h.shares = 0;
        h.cost = 0;
        h.since = null;
        continue;
      }
      const average = h.shares > 0 ? h.cost / h.shares : 0;
      h.shares -= m.quantity;
      h.cost -= m.quantity * average;
      if (h.shares <= EPSILON) {
        h.shares = 0;
        h.cost = 0;
        h.since = null;
      }
    } else if (m.kind === "split") {
      const h = holding(m);
      if (h.shares <= EPSILON) {
        problems.push({ line: m.line, message: `a split of ${m.ticker} but the file shows none held; ignored` });
        continue;
      }
      h.shares *= m.ratio;
    } else if (m.fromKey === m.key) {
      const h = holding(m);
      if (h.shares <= EPSILON) {
        h.since = date;
        h.cost = 0;
      }
      h.shares = m.quantity;
    } else {
      const from = holding(m, m.fromKey);
      const to = holding(m);
      if (from.shares <= EPSILON) {
        problems.push({ line: m.line, message: `${m.ticker} replaces a holding the file shows none of; its shares are added at no cost` });
      }
      if (to.shares <= EPSILON) {
        to.shares = 0;
        to.cost = 0;
        to.since = from.shares > EPSILON ? from.since : date;
      }
      to.cost += from.shares > EPSILON ? from.cost : 0;
      to.shares += m.quantity;
      to.ticker = m.ticker;
      to.name = m.name || to.name;
      from.shares = 0;
      from.cost = 0;
      from.since = null;
    }
  }
  const rows: ImportedPosition[] = [];
  for (const h of book.values()) {
    if (h.shares <= EPSILON) continue;
    rows.push({
      ticker: h.ticker,
      name: h.name,
      quantity: round(h.shares, 8),
      PoA: round(h.cost / h.shares, 4),
      DoA: h.since ?? "",
      account: h.account,
    });
  }
  rows.sort((a, b) => a.account.localeCompare(b.account) || a.ticker.localeCompare(b.ticker));
  problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { rows, errors: problems };
}

function fmt(n: number): string {
  return String(round(n, 8));
}
