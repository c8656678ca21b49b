/**
 * The biggest-movers report when no assistant writes it: a few plain sentences built only from the
 * numbers, so every statement can be checked against `sources`. Percentages follow the spec's rule (no
 * decimals when whole, otherwise 2).
 */
import type { MonthlyChange, Volatility } from "./movers.ts";

export interface ReportFacts {
  /** how many distinct tickers the user holds */
  holdings: number;
  /** the changes that could be computed, biggest move first */
  ranked: MonthlyChange[];
  volatile: Volatility | null;
  quantity: { ticker: string; quantity: number } | null;
  /** held tickers without the two closes a change needs */
  withoutChange: string[];
}

export const NO_HOLDINGS_REPORT = "You have no holdings yet. Add assets to a portfolio to see which of them moved the most.";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function monthName(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return `${MONTHS[m - 1]} ${y}`;
}

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
  if (facts.holdings === 0) return NO_HOLDINGS_REPORT;
  const sentences: string[] = [];
  const [top] = facts.ranked;
  const plural = facts.holdings === 1 ? "your only holding" : `the biggest move among your ${facts.holdings} holdings`;
  if (top) {
    const span = `from its ${monthName(top.fromMonth)} close to its latest close in ${monthName(top.toMonth)}`;
    sentences.push(`${move(top)} ${span}, ${plural}.`);
    // the other direction's extreme, when there is one
    const opposite = facts.ranked.filter((c) => Math.sign(c.changePercent) === -Math.sign(top.changePercent) && c.changePercent !== 0);
    const other = opposite[0];
    if (other) sentences.push(`${move(other)}, the biggest ${other.changePercent > 0 ? "rise" : "fall"}.`);
  } else {
    sentences.push(
      facts.holdings === 1
        ? "Your only holding has no closing prices for the last two months yet."
        : `None of your ${facts.holdings} holdings has closing prices for the last two months yet.`,
    );
  }
  if (facts.volatile) {
    sentences.push(
      `Most volatile over the last ${facts.volatile.changes} months: ${facts.volatile.ticker} (monthly changes spread ${formatPercent(facts.volatile.stdevPercent)}).`,
    );
  }
  if (facts.quantity) sentences.push(`You hold the most units of ${facts.quantity.ticker} (${formatUnits(facts.quantity.quantity)}).`);
  if (top && facts.withoutChange.length > 0) sentences.push(`No monthly change is known for ${facts.withoutChange.join(", ")}.`);
  return sentences.join(" ");
}

/** One line per number: which closes it was computed from, and where they came from. */
export function moverSources(ranked: MonthlyChange[], volatile: Volatility | null): string[] {
  const lines = ranked.map(
    (c) =>
      `${c.ticker}: ${monthName(c.fromMonth)} close ${c.fromClose.toFixed(2)} → latest close in ${monthName(c.toMonth)} ${c.toClose.toFixed(2)}, monthly closes from Folio's pricing service (GET /v1/get/${c.ticker})`,
  );
  if (volatile) {
    lines.push(
      `${volatile.ticker} volatility: sample standard deviation of its last ${volatile.changes} month-to-month changes, from the same monthly closes`,
    );
  }
  return lines;
}
