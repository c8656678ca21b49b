/**
 * ISO 8601 week numbering in UTC: weeks start on Monday, and week 1 is the week with the year's first
 * Thursday, so the first days of January can belong to the previous year's week 52 or 53 and the last
 * days of December to the next year's week 1 (2021-01-03 is 2020-W53; 2024-12-30 is 2025-W01).
 */

export interface IsoWeek {
  year: number;
  week: number;
}

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week containing `ms`. */
export function weekStart(ms: number): number {
  const d = new Date(ms);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - sinceMonday);
}

export function isoWeek(ms: number): IsoWeek {
  // the week's Thursday decides its year; its day of that year decides the number
  const thursday = weekStart(ms) + 3 * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / WEEK_MS) + 1;
  return { year, week };
}

/** A sortable key, e.g. "2020-W53". */
export const weekKey = ({ year, week }: IsoWeek): string => `${year}-W${String(week).padStart(2, "0")}`;
