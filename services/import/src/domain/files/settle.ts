/**
 * Statements → the import table's rows, the questions to ask, and the checks against the file's totals.
 * Definitions in docs/numbers.md "Broker files".
 *
 * - A positions section (in the file, or in a second file of the same broker uploaded with it) is what is
 *   held: each holding's quantity is the section's. Where the history accounts for less, the difference was
 *   held before the history's first date and enters the ledger as an opening on that date (worked out
 *   through the history's splits and exchanges: quantity at the end = a × opening + b); where the history
 *   accounts for more, or for a holding the section does not list, the section wins and the check says so.
 *   PoA is the section's average cost when it states one, else the replay's, else the section's price.
 * - Without a positions section, a history whose sales exceed what it shows bought starts mid-way: each such
 *   holding becomes a question (how many were held before the first date, at least the shortfall); until
 *   it is answered the row assumes the least opening the file allows (the holding emptied by that sale) and
 *   says so. An answer enters the ledger as an opening on the history's first date.
 * - Checks: per holding, the positions section's quantity against the history's; per account, a stated
 *   value (an account total, or the sum of the section's value column) against the rows' quantity × the
 *   file's price plus what the total holds besides holdings (cash, options); stated cash against the sum of
 *   the file's lines when it can be recomputed. A check is right within half a cent of value, 1e-6 shares.
 */
import { round } from "../numbers.ts";
import { type Entry, firstDates, fmt, holdingId, replay, type Transaction } from "./ledger.ts";
import type { BrokerFormat, ImportedPosition, PositionLine, RowError, RowFlag, Statement } from "./port.ts";
import { type Trade, tradesByHolding, tradesFor } from "./trades.ts";

/** The user's answer: shares of `key` held in `account` before the history's first date. */
export interface Opening {
  account: string;
  key: string;
  quantity: number;
}

export interface Question {
  account: string;
  key: string;
  ticker: string;
  name: string;
  /** the history's first date in that account: the answer is what was held the day before */
  before: string;
  /** the least the file allows */
  atLeast: number;
  /** the answer given so far, when it was not enough */
  answered?: number;
  line?: number;
  message: string;
}

export interface Check {
  kind: "quantity" | "value" | "cash";
  account: string;
  ticker?: string;
  label: string;
  stated: number;
  computed: number | null;
  difference: number | null;
  ok: boolean;
  note?: string;
  line?: number;
}

/**
 * A holding's history as buys and sales (trades.ts): one per row whose every transaction is a buy or a sale and
 * they come to its quantity (the row's account and ticker name it), and one per holding the history sold in
 * full (quantity 0: no row, but its realized gains survive the import).
 */
export interface History {
  account: string;
  ticker: string;
  name: string;
  /** the row's quantity; 0 for a holding sold in full */
  quantity: number;
  trades: Trade[];
}

export interface Settled {
  format: BrokerFormat;
  rows: ImportedPosition[];
  /** the rows' histories as buys and sales, and those of holdings sold in full */
  histories: History[];
  transactions: Transaction[];
  questions: Question[];
  checks: Check[];
  errors: RowError[];
}

const SHARES = 1e-6;
const CENT = 0.005;

/** Position lines of one account and security added together (Fidelity lists cash and margin lots apart). */
function merged(lines: PositionLine[]): PositionLine[] {
  const by = new Map<string, PositionLine>();
  for (const p of lines) {
    const id = `${p.account}\u0000${p.key}`;
    const known = by.get(id);
    if (!known) {
      by.set(id, { ...p });
      continue;
    }
    const quantity = known.quantity + p.quantity;
    const cost =
      known.averageCost !== null && p.averageCost !== null
        ? (known.averageCost * known.quantity + p.averageCost * p.quantity) / quantity
        : (known.averageCost ?? p.averageCost);
    by.set(id, {
      ...known,
      quantity,
      averageCost: cost,
      price: known.price ?? p.price,
      value: known.value !== null || p.value !== null ? (known.value ?? 0) + (p.value ?? 0) : null,
    });
  }
  return [...by.values()];
}

/**
 * End quantity of each holding as a function of an opening x on the first date: a × x + b, from the shares
 * the entries move (a sale past zero is allowed here: this is the history's own count).
 */
function linearEnds(entries: Entry[]): Map<string, { a: number; b: number }> {
  const ends = new Map<string, { a: number; b: number }>();
  const of = (account: string, key: string) => {
    const id = `${account}\u0000${key}`;
    let v = ends.get(id);
    if (!v) {
      v = { a: 1, b: 0 };
      ends.set(id, v);
    }
    return v;
  };
  for (const e of entries) {
    const v = of(e.account, e.key);
    if (e.kind === "buy" || e.kind === "transferIn" || e.kind === "bonus") v.b += e.quantity;
    else if (e.kind === "sell" || e.kind === "transferOut") v.b -= e.quantity;
    else if (e.kind === "split") {
      if (e.ratio !== undefined) {
        v.a *= e.ratio;
        v.b *= e.ratio;
      } else v.b += e.shares ?? 0;
    } else if (e.kind === "exchange") {
      if (e.from.key === e.key) {
        if (e.fromQuantity === null) {
          v.a = 0;
          v.b = e.quantity;
        } else v.b += e.quantity - e.fromQuantity;
      } else {
        v.b += e.quantity;
        const from = of(e.account, e.from.key);
        if (e.fromQuantity === null) {
          from.a = 0;
          from.b = 0;
        } else from.b -= e.fromQuantity;
      }
    }
  }
  return ends;
}

/**
 * Accounts named differently in a history and a positions list: a history that names none takes the list's
 * only account; an account label that ends in the same digits as the list's is the list's (Schwab's history
 * shows four digits of the number, its positions three).
 */
function accountMap(statements: Statement[], positions: PositionLine[]): (account: string) => string {
  const listed = [...new Set(positions.map((p) => p.account))];
  const used = new Set(statements.flatMap((s) => s.entries.map((e) => e.account)));
  if (listed.length === 0) return (a) => a;
  if (listed.length === 1 && used.size === 1 && used.has("") && listed[0] !== "") return () => listed[0];
  const digits = (a: string) => a.replace(/\D/g, "");
  return (a) => {
    if (listed.includes(a) || !digits(a)) return a;
    const match = listed.filter((l) => digits(l) && (digits(l).endsWith(digits(a)) || digits(a).endsWith(digits(l))));
    return match.length === 1 ? match[0] : a;
  };
}

export function settle(statements: Statement[], options: { asOf: string; openings?: Opening[] }): Settled {
  const format = statements.find((s) => s.entries.length || s.positions?.length)?.format ?? statements[0]?.format ?? "csv";
  const errors: RowError[] = statements.flatMap((s) => s.errors);
  const withPositions = statements.filter((s) => s.positions !== null);
  const positions = merged(withPositions.flatMap((s) => s.positions ?? []));
  const asOf =
    withPositions
      .map((s) => s.asOf)
      .filter((d): d is string => !!d)
      .sort()
      .pop() ?? options.asOf;
  const account = accountMap(statements, positions);
  const entries = statements.flatMap((s) => s.entries.map((e) => ({ ...e, account: account(e.account) })));
  const covered = new Set<string>();
  for (const s of withPositions) {
    for (const a of s.positionAccounts ?? (s.positions ?? []).map((p) => p.account)) covered.add(a);
  }
  const first = firstDates(entries);
  // a file that covers days before its first entry (a period start, a cash line) moves the first date back
  for (const s of statements) {
    if (!s.since) continue;
    for (const a of new Set([...s.entries.map((e) => account(e.account)), ...(s.positions ?? []).map((p) => p.account)])) {
      const known = first.get(a);
      if (!known || s.since < known) first.set(a, s.since);
    }
  }
  const checks: Check[] = [];
  const openings: Entry[] = [];
  const forced = new Map<string, PositionLine>();
  const id = (account: string, key: string) => `${account}\u0000${key}`;

  // 1. the positions section: openings worked out, quantities checked
  if (positions.length) {
    const ends = linearEnds(entries);
    for (const p of positions) {
      forced.set(id(p.account, p.key), p);
      const end = ends.get(id(p.account, p.key)) ?? { a: 1, b: 0 };
      const start = first.get(p.account);
      const opening = end.a > 0 ? (p.quantity - end.b) / end.a : Number.NaN;
      if (start && (end.b !== 0 || end.a !== 1)) {
        const ok = Math.abs(p.quantity - end.b) <= SHARES;
        checks.push({
          kind: "quantity",
          account: p.account,
          ticker: p.ticker,
          label: `${p.ticker}: positions against history`,
          stated: p.quantity,
          computed: round(end.b, 8),
          difference: round(p.quantity - end.b, 8),
          ok,
          note: ok
            ? undefined
            : opening > SHARES
              ? `${fmt(opening)} held before ${start} (the history starts after the first buy): counted as an opening on ${start}`
              : `the history gives ${fmt(end.b)}; the positions section's ${fmt(p.quantity)} is used`,
          line: p.line,
        });
      }
      if (Number.isFinite(opening) && opening > SHARES) {
        openings.push({
          kind: "opening",
          account: p.account,
          key: p.key,
          ticker: p.ticker,
          name: p.name,
          at: start ?? asOf,
          quantity: round(opening, 8),
          price: p.averageCost,
          line: p.line,
        });
      }
    }
  }

  // 2. the user's answers (holdings the positions section does not cover)
  const answers = new Map<string, number>();
  for (const o of options.openings ?? []) {
    if (forced.has(id(o.account, o.key)) || !(o.quantity >= 0)) continue;
    answers.set(id(o.account, o.key), o.quantity);
    if (o.quantity > 0) {
      const known = entries.find((e) => e.account === o.account && e.key === o.key);
      openings.push({
        kind: "opening",
        account: o.account,
        key: o.key,
        ticker: known?.ticker ?? o.key,
        name: known?.name ?? "",
        at: first.get(o.account) ?? asOf,
        quantity: o.quantity,
        price: null,
      });
    }
  }

  const replayed = replay([...openings, ...entries], first);
  errors.push(...replayed.errors);
  const trades = tradesByHolding([...openings, ...entries]);

  // 3. questions: shortfalls the positions section does not explain
  const questions: Question[] = [];
  for (const s of replayed.shortfalls) {
    const key = id(s.account, s.key);
    if (forced.has(key) || covered.has(s.account)) continue;
    const answered = answers.get(key);
    questions.push({
      account: s.account,
      key: s.key,
      ticker: s.ticker,
      name: s.name,
      before: first.get(s.account) ?? asOf,
      atLeast: round(s.needed + (answered ?? 0), 8),
      ...(answered !== undefined ? { answered } : {}),
      ...(s.line !== undefined ? { line: s.line } : {}),
      message: s.message,
    });
  }
  const asked = new Set(questions.map((q) => id(q.account, q.key)));

  // 4. rows, and their histories as buys and sales
  const rows: ImportedPosition[] = [];
  const histories: History[] = [];
  const replayedBy = new Map(replayed.holdings.map((h) => [id(h.account, h.key), h]));
  for (const h of replayed.holdings) {
    const key = id(h.account, h.key);
    const p = forced.get(key);
    if (!p && covered.has(h.account)) {
      checks.push({
        kind: "quantity",
        account: h.account,
        ticker: h.ticker,
        label: `${h.ticker}: positions against history`,
        stated: 0,
        computed: h.quantity,
        difference: -h.quantity,
        ok: false,
        note: `the history gives ${fmt(h.quantity)}; the positions section lists none, so it is left out`,
      });
      continue;
    }
    if (p) continue;
    const flags: RowFlag[] = [];
    const since = first.get(h.account);
    if (asked.has(key))
      flags.push({
        field: "quantity",
        code: "assumed-opening",
        message: `The file starts after the first buy: ${fmt(h.quantity)} assumes the least held before ${since}. Answer the question about it, or correct the quantity.`,
      });
    else if (h.opened && !answers.has(key))
      flags.push({
        field: "date",
        code: "date-not-in-file",
        message: `Held before ${since}, the file's first day: the purchase date is not in the file. Choose it, or confirm this one.`,
      });
    if (h.costUnknown && h.PoA === 0)
      flags.push({
        field: "price",
        code: "price-not-in-file",
        message: "The purchase price is not in the file: type what was paid, or confirm the close of the purchase date.",
      });
    const market = marketFlag(h.ticker, h.currency);
    if (market) flags.push(market);
    const history = asked.has(key) ? null : tradesFor(trades.get(key), h.quantity);
    if (history) histories.push({ account: h.account, ticker: h.ticker, name: h.name, quantity: h.quantity, trades: history });
    rows.push({
      ticker: h.ticker,
      name: h.name,
      quantity: h.quantity,
      PoA: h.PoA,
      DoA: h.DoA || asOf,
      account: h.account,
      ...(flags.length ? { flags } : {}),
    });
  }
  for (const p of positions) {
    if (!(p.quantity > 0)) continue;
    const h = replayedBy.get(id(p.account, p.key));
    const known = h && Math.abs(h.quantity - p.quantity) <= SHARES ? h : undefined;
    const PoA = p.averageCost ?? (known && known.PoA > 0 ? known.PoA : (p.price ?? 0));
    const flags: RowFlag[] = [];
    if (p.averageCost === null && !(known && known.PoA > 0) && p.price !== null)
      flags.push({
        field: "price",
        code: "price-stands-in",
        message: "The purchase price is not in the file: the file's current price stands in. Type what was paid, or confirm it.",
      });
    const history = tradesFor(trades.get(id(p.account, p.key)), p.quantity);
    if (history)
      histories.push({
        account: p.account,
        ticker: p.ticker,
        name: p.name || h?.name || "",
        quantity: round(p.quantity, 8),
        trades: history,
      });
    rows.push({
      ticker: p.ticker,
      name: p.name || h?.name || "",
      quantity: round(p.quantity, 8),
      PoA: round(PoA, 4),
      DoA: (h?.DoA || "") === "" ? asOf : (h?.DoA as string),
      account: p.account,
      ...(flags.length ? { flags } : {}),
    });
  }
  rows.sort((a, b) => a.account.localeCompare(b.account) || a.ticker.localeCompare(b.ticker));

  // holdings sold in full: their buys and sales, so their realized gains survive the import
  const held = new Set([...replayed.holdings.map((h) => id(h.account, h.key)), ...positions.map((p) => id(p.account, p.key))]);
  const names = new Map<string, { account: string; ticker: string; name: string }>();
  for (const e of [...openings, ...entries]) names.set(holdingId(e.account, e.key), { account: e.account, ticker: e.ticker, name: e.name });
  for (const [key, t] of trades) {
    if (held.has(key) || asked.has(key) || !t.sold || !t.trades || Math.abs(t.end) > SHARES) continue;
    const who = names.get(key);
    if (who) histories.push({ ...who, quantity: 0, trades: t.trades });
  }
  histories.sort((a, b) => a.account.localeCompare(b.account) || a.ticker.localeCompare(b.ticker));

  // 5. the file's totals
  const priceOf = new Map(
    positions.map((p) => [id(p.account, p.key), p.price ?? (p.value !== null && p.quantity ? p.value / p.quantity : null)]),
  );
  const tickerPrice = new Map(positions.map((p) => [id(p.account, p.ticker), priceOf.get(id(p.account, p.key)) ?? null]));
  for (const s of statements) {
    for (const t of s.values) {
      const inAccount = rows.filter((r) => t.account === null || r.account === t.account);
      let computed: number | null = t.besides;
      for (const r of inAccount) {
        const price = tickerPrice.get(id(r.account, r.ticker));
        if (price === null || price === undefined) {
          computed = null;
          break;
        }
        computed += r.quantity * price;
      }
      const difference = computed === null ? null : round(t.stated - computed, 2);
      checks.push({
        kind: "value",
        account: t.account ?? "",
        label: t.label,
        stated: round(t.stated, 2),
        computed: computed === null ? null : round(computed, 2),
        difference,
        ok: difference !== null && Math.abs(difference) < Math.max(CENT, Math.abs(t.stated) * 1e-6),
        ...(t.besides ? { note: `includes ${round(t.besides, 2)} that is not a holding (cash, options)` } : {}),
        ...(t.line !== undefined ? { line: t.line } : {}),
      });
    }
    for (const c of s.cash) {
      const difference = c.computed === null ? null : round(c.stated - c.computed, 2);
      checks.push({
        kind: "cash",
        account: c.account ?? "",
        label: c.label,
        stated: round(c.stated, 2),
        computed: c.computed === null ? null : round(c.computed, 2),
        difference,
        ok: difference === null || Math.abs(difference) < CENT,
        note: c.computed === null ? "cash is not imported: a portfolio holds securities" : undefined,
        ...(c.line !== undefined ? { line: c.line } : {}),
      });
    }
  }
  errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return {
    format,
    rows,
    histories,
    transactions: replayed.transactions,
    questions,
    checks: checks.map((c) => (c.note === undefined ? withoutNote(c) : c)),
    errors,
  };
}

/**
 * A ticker without a market suffix priced in another currency than dollars may name another listing than the
 * file's (SAP in euros is SAP.DE, not the dollar ADR); a coin priced in dollars bought in another currency
 * keeps that currency's purchase price. Either way the row is flagged.
 */
function marketFlag(ticker: string, currency: string | undefined): RowFlag | undefined {
  const c = (currency ?? "").toUpperCase();
  if (!c || c === "USD") return undefined;
  if (/-USD$/.test(ticker))
    return {
      field: "price",
      code: "other-market",
      message: `The purchase price is in ${c} but ${ticker} is priced in dollars: type the price in dollars, or confirm it.`,
    };
  if (/\.[A-Z]{1,3}$/.test(ticker) || /^[A-Z]{2}[A-Z0-9]{9}\d$/.test(ticker)) return undefined;
  return {
    field: "ticker",
    code: "other-market",
    message: `Priced in ${c} in the file: check that ${ticker} is that market's listing (add its market's suffix, e.g. .DE), or confirm it.`,
  };
}

function withoutNote(c: Check): Check {
  const { note: _, ...rest } = c;
  return rest;
}
