/**
 * The biggest-movers report when no assistant writes it: a few plain sentences built only from the
 * numbers, so every statement can be checked against `sources`. Percentages follow the spec's rule (no
 * decimals when whole, otherwise 2).
 */
import type { MoverUnpriced } from "@folio/proto/networth";
import type { StaleHolding } from "./freshness.ts";
import type { MonthlyChange, Volatility } from "./movers.ts";

/** A holding with a stale price, and its own latest-month change (not a current move). */
export interface StaleMover extends StaleHolding {
  change: MonthlyChange | null;
}

export interface ReportFacts {
  /** how many distinct tickers the user holds with a current price */
  holdings: number;
  /** the changes that could be computed, biggest move first */
  ranked: MonthlyChange[];
  volatile: Volatility | null;
  quantity: { ticker: string; quantity: number } | null;
  /** held tickers with a current price but without the two closes a change needs */
  withoutChange: string[];
  /** holdings with a stale price: in no ranking, said apart */
  stale?: StaleMover[];
  /** holdings pricing could not price */
  unpriced?: MoverUnpriced[];
}

export const NO_HOLDINGS_REPORT = "You have no holdings yet. Add assets to a portfolio to see which of them moved the most.";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function monthName(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `2026-07-01` → "Jul 01, 2026" (the spec's MMM dd, yyyy, as the web shows dates). */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${SHORT_MONTHS[Number(m) - 1]} ${d}, ${y}`;
}

const STALE_REASONS: Record<StaleMover["reason"], string> = {
  "last-known": "last known price: no market-data provider answered",
  "out-of-date": "its prices stopped updating",
};

const UNPRICED_REASONS: Record<MoverUnpriced["reason"], string> = {
  "unknown-ticker": "no market-data provider knows the ticker",
  unavailable: "no market-data provider could price it now",
  "no-exchange-rate": "no exchange rate into your base currency",
};

/** "KO: price as of Jul 01, 2026 (last known price: …), not counted among the latest moves." */
export function staleSentence(s: StaleMover): string {
  const date = s.priceDate ? `price as of ${formatDay(s.priceDate)}` : "price of unknown date";
  const own = s.change ? `; its change in ${monthName(s.change.toMonth)} (${signed(s.change.changePercent)})` : "";
  return `${s.ticker}: ${date} (${STALE_REASONS[s.reason]})${own} is not counted among the latest moves.`;
}

export function unpricedSentence(list: MoverUnpriced[]): string {
  return `Could not be priced: ${list.map((u) => `${u.ticker} (${UNPRICED_REASONS[u.reason]})`).join(", ")}.`;
}

const signed = (x: number): string => `${x > 0 ? "+" : x < 0 ? "-" : ""}${formatPercent(x)}`;

export function formatPercent(x: number): string {
  const rounded = Math.round(Math.abs(x) * 100) / 100;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(2)}%`;
}

const formatUnits = (q: number): string => String(Math.round(q * 1e6) / 1e6);

function move(c: MonthlyChange): string {
  if (c.changePercent === 0) return `${c.ticker} was unchanged`;
  return `${c.ticker} ${c.changePercent > 0 ? "rose" : "fell"} ${formatPercent(c.changePercent)}`;
}

export function moversReport(facts: ReportFacts): string {
  const stale = facts.stale ?? [];
  const unpriced = facts.unpriced ?? [];
  if (facts.holdings + stale.length + unpriced.length === 0) return NO_HOLDINGS_REPORT;
  // only holdings with a current price are counted as moves; the others are said apart below
  const partial = stale.length + unpriced.length > 0;
  const current = partial ? " with a current price" : "";
  const sentences: string[] = [];
  const [top] = facts.ranked;
  const plural = facts.holdings === 1 ? `your only holding${current}` : `the biggest move among your ${facts.holdings} holdings${current}`;
  if (top) {
    const span = `from its ${monthName(top.fromMonth)} close to its latest close in ${monthName(top.toMonth)}`;
    sentences.push(`${move(top)} ${span}, ${plural}.`);
    // the other direction's extreme, when there is one
    const opposite = facts.ranked.filter((c) => Math.sign(c.changePercent) === -Math.sign(top.changePercent) && c.changePercent !== 0);
    const other = opposite[0];
    if (other) sentences.push(`${move(other)}, the biggest ${other.changePercent > 0 ? "rise" : "fall"}.`);
  } else if (facts.holdings === 0) {
    sentences.push("None of your holdings has a current price.");
  } else {
    sentences.push(
      facts.holdings === 1
        ? `Your only holding${current} has no closing prices for the last two months yet.`
        : `None of your ${facts.holdings} holdings${current} has closing prices for the last two months yet.`,
    );
  }
  if (facts.volatile) {
    sentences.push(
      `Most volatile over the last ${facts.volatile.changes} months: ${facts.volatile.ticker} (monthly changes spread ${formatPercent(facts.volatile.stdevPercent)}).`,
    );
  }
  if (facts.quantity) sentences.push(`You hold the most units of ${facts.quantity.ticker} (${formatUnits(facts.quantity.quantity)}).`);
  if (top && facts.withoutChange.length > 0) sentences.push(`No monthly change is known for ${facts.withoutChange.join(", ")}.`);
  for (const s of stale) sentences.push(staleSentence(s));
  if (unpriced.length > 0) sentences.push(unpricedSentence(unpriced));
  return sentences.join(" ");
}

/** One line per number: which closes it was computed from, and where they came from. */
export function moverSources(ranked: MonthlyChange[], volatile: Volatility | null, stale: StaleMover[] = []): string[] {
  const line = (c: MonthlyChange) =>
    `${c.ticker}: ${monthName(c.fromMonth)} close ${c.fromClose.toFixed(2)} → latest close in ${monthName(c.toMonth)} ${c.toClose.toFixed(2)}, monthly closes from Folio's pricing service (GET /v1/get/${c.ticker})`;
  const lines = ranked.map(line);
  for (const s of stale) {
    if (s.change)
      lines.push(`${line(s.change)}; stale: ${s.priceDate ? `price as of ${formatDay(s.priceDate)}, ` : ""}${STALE_REASONS[s.reason]}`);
  }
  if (volatile) {
    lines.push(
      `${volatile.ticker} volatility: sample standard deviation of its last ${volatile.changes} month-to-month changes, from the same monthly closes`,
    );
  }
  return lines;
}
