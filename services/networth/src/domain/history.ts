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
 */
import { type IsoWeek, isoWeek, WEEK_MS, weekKey, weekStart } from "./iso-week.ts";

export interface WeekSnapshot extends IsoWeek {
  networth: number;
  /** ISO time of the computation */
  at: string;
}

export interface HistoryEntry extends IsoWeek {
  data: { networth: number };
}

/**
 * `since` is when the first counted portfolio was saved (ms, null when never); snapshots may hold several
 * values for one week, the latest (by `at`) wins. Snapshots outside since's week to now's are ignored.
 */
export function weeklyHistory(snapshots: WeekSnapshot[], since: number | null, now: number): HistoryEntry[] {
  if (since === null) return [];
  const latest = new Map<string, WeekSnapshot>();
  for (const s of snapshots) {
    const key = weekKey(s);
    const seen = latest.get(key);
    if (!seen || seen.at <= s.at) latest.set(key, s);
  }
  const first = weekStart(since);
  const last = weekStart(now);
  const entries: HistoryEntry[] = [];
  let carried = 0;
  // Mondays at 00:00 UTC are exactly a week apart (UTC has no daylight saving)
  for (let monday = first; monday <= last; monday += WEEK_MS) {
    const week = isoWeek(monday);
    const snapshot = latest.get(weekKey(week));
    if (snapshot) carried = snapshot.networth;
    entries.push({ ...week, data: { networth: carried } });
  }
  return entries;
}
