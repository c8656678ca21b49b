/**
 * The weekly net-worth history: one entry per ISO week (UTC) from the week of the user's first portfolio
 * to the current week (the chart's 'Now' bar).
 *
 * - A week in which net worth was computed shows the latest value computed in it.
 * - A week without a computation carries the previous week's value forward: nothing was recomputed
 *   because nothing changed that we were told of (no save, no price tick), so the last known value stands.
 * - Weeks before the first computation (a first portfolio saved just before a week ended, its recompute
 *   landing in the next) show 0: no value was known then, and none is invented.
 * - A user who never had a counted portfolio has no history, even when their (zero) net worth was computed.
 * - Every entry carries the currency its value was computed in (a carried week its week's, a 0 before the first
 *   computation the first computation's). A base-currency change leaves the older weeks in their own currency:
 *   they are facts of their week, never relabelled or converted (docs/product-decisions.md "Net-worth history
 *   across a base-currency change"). Snapshots stored before weeks recorded their currency are read in
 *   `fallbackCurrency` (the user's base currency now, what they were labelled with until then).
 */
import { type IsoWeek, isoWeek, WEEK_MS, weekKey, weekStart } from "./iso-week.ts";

export interface WeekSnapshot extends IsoWeek {
  networth: number;
  /** the currency networth was computed in; absent in snapshots stored before it was recorded */
  currency?: string;
  /** ISO time of the computation */
  at: string;
}

export interface HistoryEntry extends IsoWeek {
  data: { networth: number };
  currency: string;
}

/**
 * `since` is when the first counted portfolio was saved (ms, null when never); snapshots may hold several
 * values for one week, the latest (by `at`) wins. Snapshots outside since's week to now's are ignored.
 */
export function weeklyHistory(snapshots: WeekSnapshot[], since: number | null, now: number, fallbackCurrency: string): HistoryEntry[] {
  if (since === null) return [];
  const latest = new Map<string, WeekSnapshot>();
  for (const s of snapshots) {
    const key = weekKey(s);
    const seen = latest.get(key);
    if (!seen || seen.at <= s.at) latest.set(key, s);
  }
  const first = weekStart(since);
  const last = weekStart(now);
  const weeks: IsoWeek[] = [];
  // Mondays at 00:00 UTC are exactly a week apart (UTC has no daylight saving)
  for (let monday = first; monday <= last; monday += WEEK_MS) weeks.push(isoWeek(monday));
  const currencyOf = (s: WeekSnapshot) => s.currency ?? fallbackCurrency;
  const firstComputed = weeks.map((week) => latest.get(weekKey(week))).find((s) => s !== undefined);
  let carried = { networth: 0, currency: firstComputed ? currencyOf(firstComputed) : fallbackCurrency };
  return weeks.map((week) => {
    const snapshot = latest.get(weekKey(week));
    if (snapshot) carried = { networth: snapshot.networth, currency: currencyOf(snapshot) };
    return { ...week, data: { networth: carried.networth }, currency: carried.currency };
  });
}
