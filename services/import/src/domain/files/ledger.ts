/**
 * The ledger: a file's transactions, every one kept (date, quantity, price, fee, line), and their replay
 * into holdings. Definitions in docs/numbers.md "Broker files".
 *
 * Entries are replayed in date order (the file's order within a day, except that on one day openings come
 * first, then what adds shares, then what removes them, then splits and exchanges). Per account and security:
 * - buy (also a reinvested dividend): shares += q, cost += q × price. Fees are kept on the entry but are not
 *   part of the cost: the purchase price is the price paid per share, the portfolio keeps fees apart.
 * - transferIn: shares += q at the price the file gives; without one the shares' cost is unknown.
 * - bonus (stock dividend, spin-off shares, free shares, a split stated as the shares it added when the
 *   file shows none held before): shares += q at no cost.
 * - sell, transferOut: the shares leave at the average cost (cost and shares of known cost shrink in
 *   proportion, so the average cost of what is left does not change).
 * - split by r new shares per old one (or stated as the shares it added: r = (held + added) ÷ held):
 *   shares × r, cost unchanged.
 * - exchange (merger, symbol or name change, conversion, reverse split under a new identifier): the old
 *   holding's shares (all, or the number the file states) leave and the new identifier gets the number of
 *   shares the file states, with the old holding's cost and first-buy date. When the old identifier is not
 *   held under that key (Schwab names the old line by its CUSIP), a holding of the same account with the same
 *   name, or the new identifier itself, stands for it.
 * - opening: shares held before the file's first line (from the user's answer, or worked out from the file's
 *   positions section); their cost is unknown unless the positions section states an average cost.
 * A sale or transfer out of more than the replay shows held means the history starts after the first buy.
 * The holding is never set to 0: the missing shares are counted as an opening (at least that many were held
 * before the file's first line; the replay goes on as if they had been), the row is flagged, and the
 * shortfall becomes a question to the user (see settle.ts). PoA is cost ÷ shares of known cost (4 places);
 * DoA the first buy of the current holding (the file's first date when it began before the file).
 */
import { round } from "../numbers.ts";
import type { RowError } from "./port.ts";

export interface Security {
  /** what identifies the security in the file: a ticker, an ISIN, a CUSIP, an OFX unique id */
  key: string;
  ticker: string;
  name: string;
  /** the currency the file prices it in, when the file says */
  currency?: string;
}

interface Base extends Security {
  account: string;
  /** ISO date, optionally followed by a time (`2024-03-05T10:30`), for ordering */
  at: string;
  line?: number;
}

export type Entry =
  | (Base & { kind: "buy"; quantity: number; price: number; fee?: number })
  | (Base & { kind: "sell"; quantity: number; price?: number | null; fee?: number })
  | (Base & { kind: "transferIn"; quantity: number; price?: number | null })
  | (Base & { kind: "transferOut"; quantity: number })
  | (Base & { kind: "bonus"; quantity: number })
  | (Base & { kind: "split"; ratio?: number; shares?: number })
  | (Base & { kind: "exchange"; from: Security; fromQuantity: number | null; quantity: number })
  | (Base & { kind: "opening"; quantity: number; price: number | null });

export type EntryKind = Entry["kind"];

/** An entry as the reply lists it: the ledger the issue-26 sales will be made from. */
export interface Transaction {
  date: string;
  kind: EntryKind;
  account: string;
  ticker: string;
  name: string;
  /** shares bought, sold, moved, received; for a split the shares it added (negative for a reverse split) */
  quantity: number;
  /** price per share in the security's currency, null when the file gives none */
  price: number | null;
  fee: number;
  /** split: new shares per old share */
  ratio?: number;
  /** exchange: the security given up, and how many of its shares */
  fromTicker?: string;
  fromQuantity?: number;
  line?: number;
}

export interface ReplayedHolding {
  account: string;
  key: string;
  ticker: string;
  name: string;
  currency?: string;
  quantity: number;
  PoA: number;
  DoA: string;
  /** some of the shares were held before the file's first line (assumed or answered) */
  opened: boolean;
  /** some shares have no known cost (transferred in, opening, exchanged from nothing) */
  costUnknown: boolean;
}

/** More shares left a holding than the replay shows held: at least `needed` were held before `before`. */
export interface Shortfall {
  account: string;
  key: string;
  ticker: string;
  name: string;
  /** shares, in the units of the file's first date (before later splits) */
  needed: number;
  /** the first line where it showed */
  line?: number;
  message: string;
}

export interface Replayed {
  holdings: ReplayedHolding[];
  shortfalls: Shortfall[];
  transactions: Transaction[];
  errors: RowError[];
}

interface Holding extends Security {
  account: string;
  shares: number;
  cost: number;
  /** shares whose cost is known (the rest came in at an unknown cost) */
  priced: number;
  since: string | null;
  opened: boolean;
  /** product of the split ratios since the file's first date: turns shares now into shares then */
  scale: number;
}

const EPSILON = 1e-9;
const RANK: Record<EntryKind, number> = {
  opening: -1,
  buy: 0,
  transferIn: 0,
  bonus: 0,
  sell: 1,
  transferOut: 1,
  split: 2,
  exchange: 2,
};

export const holdingId = (account: string, key: string) => `${account}\u0000${key}`;

/** Code-unit order: ISO dates and times sort right, and far faster than localeCompare on large files. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Entries in replay order (a stable sort: the file's order within a day and rank). */
export function ordered<T extends Entry>(entries: T[]): T[] {
  return entries
    .map((e, i) => ({ e, i, day: e.at.slice(0, 10), rank: RANK[e.kind] }))
    .sort((a, b) => compare(a.day, b.day) || a.rank - b.rank || compare(a.e.at, b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}

/** The first date of each account's entries (openings stand on it). */
export function firstDates(entries: Entry[]): Map<string, string> {
  const first = new Map<string, string>();
  for (const e of entries) {
    if (e.kind === "opening") continue;
    const d = e.at.slice(0, 10);
    const known = first.get(e.account);
    if (!known || d < known) first.set(e.account, d);
  }
  return first;
}

const nameStem = (name: string) =>
  name
    .toUpperCase()
    .replace(/\bXXX.*$/, "")
    .replace(/[^A-Z0-9 ]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !["THE", "INC", "CORP", "CO", "LTD", "PLC", "CLASS", "CL", "A", "COM"].includes(w))
    .slice(0, 2)
    .join(" ");

/** `first`: each account's first date (the file's, when it covers days before its first entry). */
export function replay(entries: Entry[], first: Map<string, string> = firstDates(entries)): Replayed {
  const book = new Map<string, Holding>();
  const shortfalls = new Map<string, Shortfall>();
  const transactions: Transaction[] = [];
  const errors: RowError[] = [];
  const holding = (account: string, s: Security): Holding => {
    const id = holdingId(account, s.key);
    let h = book.get(id);
    if (!h) {
      h = { ...s, account, shares: 0, cost: 0, priced: 0, since: null, opened: false, scale: 1 };
      book.set(id, h);
    }
    if (s.name && !h.name) h.name = s.name;
    if (s.currency) h.currency = s.currency;
    return h;
  };
  const add = (h: Holding, q: number, price: number | null, date: string) => {
    if (h.shares <= EPSILON) {
      h.shares = 0;
      h.cost = 0;
      h.priced = 0;
      h.since = date;
    }
    h.shares += q;
    if (price !== null) {
      h.cost += q * price;
      h.priced += q;
    }
  };
  const remove = (h: Holding, q: number, e: Entry) => {
    if (q > h.shares + EPSILON * Math.max(1, q)) {
      const missing = q - Math.max(0, h.shares);
      const id = holdingId(h.account, h.key);
      const known = shortfalls.get(id);
      const before = first.get(h.account) ?? e.at.slice(0, 10);
      if (known) known.needed += missing / h.scale;
      else
        shortfalls.set(id, {
          account: h.account,
          key: h.key,
          ticker: h.ticker,
          name: h.name,
          needed: missing / h.scale,
          line: e.line,
          message: `${e.kind === "sell" ? "sells" : "moves out"} ${fmt(q)} ${h.ticker} but the file shows ${fmt(Math.max(0, h.shares))} held before it: the file starts after the first buy`,
        });
      // the missing shares were there before the file's first line: count them and go on
      h.since = before;
      h.shares = Math.max(0, h.shares) + missing;
      h.opened = true;
    }
    const part = h.shares > EPSILON ? Math.min(1, q / h.shares) : 1;
    h.cost -= h.cost * part;
    h.priced -= h.priced * part;
    h.shares -= q;
    if (h.shares <= EPSILON * Math.max(1, q)) {
      h.shares = 0;
      h.cost = 0;
      h.priced = 0;
      h.since = null;
      h.opened = false;
    }
  };
  const heldLike = (account: string, from: Security, to: Security): Holding | undefined => {
    const direct = book.get(holdingId(account, from.key));
    if (direct && direct.shares > EPSILON) return direct;
    const stem = nameStem(from.name);
    for (const h of book.values()) {
      if (h.account !== account || h.shares <= EPSILON || h.key === to.key) continue;
      const other = nameStem(h.name);
      if (stem.length >= 5 && other.length >= 5 && (other.startsWith(stem) || stem.startsWith(other))) return h;
    }
    const same = book.get(holdingId(account, to.key));
    return same && same.shares > EPSILON ? same : direct;
  };

  for (const e of ordered(entries)) {
    const date = e.at.slice(0, 10);
    const tx: Transaction = {
      date,
      kind: e.kind,
      account: e.account,
      ticker: e.ticker,
      name: e.name,
      quantity: 0,
      price: null,
      fee: 0,
      ...(e.line !== undefined ? { line: e.line } : {}),
    };
    if (e.kind === "buy") {
      const h = holding(e.account, e);
      add(h, e.quantity, e.price, date);
      h.ticker = e.ticker;
      Object.assign(tx, { quantity: e.quantity, price: e.price, fee: e.fee ?? 0 });
    } else if (e.kind === "transferIn" || e.kind === "bonus" || e.kind === "opening") {
      const h = holding(e.account, e);
      const price = e.kind === "bonus" ? 0 : (e.price ?? null);
      add(h, e.quantity, price, date);
      if (e.kind === "opening") h.opened = true;
      h.ticker = e.ticker;
      Object.assign(tx, { quantity: e.quantity, price });
    } else if (e.kind === "sell" || e.kind === "transferOut") {
      const h = holding(e.account, e);
      remove(h, e.quantity, e);
      Object.assign(tx, {
        quantity: e.quantity,
        price: e.kind === "sell" ? (e.price ?? null) : null,
        fee: e.kind === "sell" ? (e.fee ?? 0) : 0,
      });
    } else if (e.kind === "split") {
      const h = holding(e.account, e);
      if (h.shares <= EPSILON) {
        if (e.shares !== undefined && e.shares > 0) {
          // a split that adds shares to a holding the file does not show: the shares are there now
          const id = holdingId(h.account, h.key);
          if (!shortfalls.has(id))
            shortfalls.set(id, {
              account: h.account,
              key: h.key,
              ticker: h.ticker,
              name: h.name,
              needed: 0,
              line: e.line,
              message: `a split adds ${fmt(e.shares)} ${h.ticker} but the file shows none held before it: the file starts after the first buy`,
            });
          add(h, e.shares, null, first.get(h.account) ?? date);
          h.opened = true;
          Object.assign(tx, { quantity: e.shares });
        } else errors.push({ line: e.line, message: `a split of ${e.ticker} but the file shows none held; ignored` });
        transactions.push(tx);
        continue;
      }
      if (e.shares !== undefined && h.shares + e.shares <= EPSILON) {
        // a reverse split that removes more than the replay shows held: held more before the file's first line
        const id = holdingId(h.account, h.key);
        const missing = -e.shares - h.shares;
        const known = shortfalls.get(id);
        if (known) known.needed += missing / h.scale;
        else
          shortfalls.set(id, {
            account: h.account,
            key: h.key,
            ticker: h.ticker,
            name: h.name,
            needed: missing / h.scale,
            line: e.line,
            message: `a reverse split removes ${fmt(-e.shares)} ${h.ticker} but the file shows ${fmt(h.shares)} held before it: the file starts after the first buy`,
          });
        Object.assign(h, { shares: 0, cost: 0, priced: 0, since: null, opened: false });
        Object.assign(tx, { quantity: e.shares });
        transactions.push(tx);
        continue;
      }
      const ratio = e.ratio ?? (h.shares + (e.shares ?? 0)) / h.shares;
      if (!(ratio > 0) || !Number.isFinite(ratio)) {
        errors.push({ line: e.line, message: `a split of ${e.ticker} that leaves no shares; ignored` });
        continue;
      }
      const added = h.shares * ratio - h.shares;
      h.shares *= ratio;
      h.priced *= ratio;
      h.scale *= ratio;
      Object.assign(tx, { quantity: round(added, 8), ratio: round(ratio, 10) });
    } else if (e.kind === "exchange") {
      const to = holding(e.account, e);
      const from = heldLike(e.account, e.from, e);
      Object.assign(tx, {
        quantity: e.quantity,
        fromTicker: from?.ticker ?? e.from.ticker,
        ...(e.fromQuantity !== null ? { fromQuantity: e.fromQuantity } : {}),
      });
      if (from === to) {
        // the same holding under a new share count (a reverse split named by a new identifier)
        const before = to.shares;
        const out = Math.min(before, e.fromQuantity ?? before);
        const pricedShare = before > EPSILON ? to.priced / before : 0;
        to.shares = before - out + e.quantity;
        to.priced = pricedShare * to.shares;
        if (before > EPSILON) to.scale *= to.shares / before;
        to.ticker = e.ticker;
        if (e.name) to.name = e.name;
        transactions.push(tx);
        continue;
      }
      const had = from && from.shares > EPSILON ? from.shares : 0;
      const out = had > 0 ? Math.min(had, e.fromQuantity ?? had) : 0;
      const part = had > 0 ? out / had : 0;
      const cost = from ? from.cost * part : 0;
      const pricedShare = had > 0 && from ? from.priced / had : 0;
      if (to.shares <= EPSILON) {
        to.shares = 0;
        to.cost = 0;
        to.priced = 0;
        to.since = from && had > 0 ? (from.since ?? date) : date;
        to.opened = !!from?.opened;
      }
      to.shares += e.quantity;
      to.cost += cost;
      to.priced += e.quantity * (had > 0 ? pricedShare : 0);
      to.ticker = e.ticker;
      if (e.name) to.name = e.name;
      if (e.currency) to.currency = e.currency;
      if (from && had > 0) {
        from.shares -= out;
        from.cost -= cost;
        from.priced -= from.priced * part;
        if (from.shares <= EPSILON) Object.assign(from, { shares: 0, cost: 0, priced: 0, since: null, opened: false });
      }
    }
    transactions.push(tx);
  }
  const holdings: ReplayedHolding[] = [];
  for (const h of book.values()) {
    if (h.shares <= EPSILON) continue;
    holdings.push({
      account: h.account,
      key: h.key,
      ticker: h.ticker,
      name: h.name,
      ...(h.currency ? { currency: h.currency } : {}),
      quantity: round(h.shares, 8),
      PoA: h.priced > EPSILON ? round(h.cost / h.priced, 4) : 0,
      DoA: h.since ?? "",
      opened: h.opened,
      costUnknown: h.priced < h.shares - 1e-6,
    });
  }
  holdings.sort((a, b) => a.account.localeCompare(b.account) || a.ticker.localeCompare(b.ticker));
  return { holdings, shortfalls: [...shortfalls.values()].map((s) => ({ ...s, needed: round(s.needed, 8) })), transactions, errors };
}

export function fmt(n: number): string {
  return String(round(n, 8));
}
