/**
 * Calendar arithmetic on integers. A month is `year × 12 + (month − 1)`, so consecutive months are
 * consecutive integers and every series in the engine is an array indexed by month without sorting or
 * re-parsing keys inside loops. Parsing reads character codes: it runs once per history entry.
 */
import type { IsoDate, MonthKey } from "./types.ts";

const ZERO = 48;
const DASH = 45;

function digit(s: string, i: number): number {
  const d = s.charCodeAt(i) - ZERO;
  return d >= 0 && d <= 9 ? d : Number.NaN;
}

/** `YYYY-MM` (or the month of `YYYY-MM-DD`) → month number; −1 when malformed. */
export function parseMonth(s: string): number {
  if (s.length < 7 || s.charCodeAt(4) !== DASH || (s.length > 7 && s.charCodeAt(7) !== DASH)) return -1;
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const month = digit(s, 5) * 10 + digit(s, 6);
  if (!(month >= 1 && month <= 12) || Number.isNaN(year)) return -1;
  return year * 12 + month - 1;
}

/** Day of month of `YYYY-MM-DD`; 1 when absent or malformed (a month key alone means its start). */
export function parseDay(s: string): number {
  if (s.length < 10) return 1;
  const day = digit(s, 8) * 10 + digit(s, 9);
  return day >= 1 && day <= 31 ? day : 1;
}

export const yearOf = (month: number): number => Math.floor(month / 12);

const keys = new Map<number, MonthKey>();

/** Month number → `YYYY-MM`, memoised: the same few hundred keys are asked for on every valuation. */
export function monthKey(month: number): MonthKey {
  let key = keys.get(month);
  if (key === undefined) {
    const m = (month % 12) + 1;
    key = `${String(yearOf(month)).padStart(4, "0")}-${m < 10 ? "0" : ""}${m}`;
    keys.set(month, key);
  }
  return key;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(month: number): number {
  const m = month % 12;
  if (m !== 1) return DAYS[m];
  const y = yearOf(month);
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
}

const epochDays = new Map<IsoDate, number>();

/**
 * Days since 1970-01-01 of an ISO date (UTC, so no daylight-saving hour can shift a day count). Memoised:
 * the same purchase and dividend dates come back on every valuation.
 */
export function epochDay(date: IsoDate): number {
  let day = epochDays.get(date);
  if (day === undefined) {
    const month = parseMonth(date);
    day = Date.UTC(yearOf(month), month % 12, parseDay(date)) / 86_400_000;
    if (epochDays.size >= 100_000) epochDays.clear();
    epochDays.set(date, day);
  }
  return day;
}

/** A calendar date `YYYY-MM-DD` whose month is 1–12 and day exists in that month. */
export function isIsoDate(s: unknown): s is IsoDate {
  if (typeof s !== "string" || s.length !== 10 || s.charCodeAt(7) !== DASH) return false;
  const month = parseMonth(s);
  const day = digit(s, 8) * 10 + digit(s, 9);
  return month >= 0 && day >= 1 && day <= daysInMonth(month);
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `YYYY-MM-DD` → `MMM dd, yyyy` (spec §9's date display): 2024-06-10 → "Jun 10, 2024". */
export function displayDate(date: IsoDate): string {
  const month = parseMonth(date);
  return `${MONTH_NAMES[month % 12]} ${date.slice(8, 10)}, ${yearOf(month)}`;
}

/** A month number → `MMM yyyy`: "Jan 2024". */
export function displayMonth(month: number): string {
  return `${MONTH_NAMES[month % 12]} ${yearOf(month)}`;
}
