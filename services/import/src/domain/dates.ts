/**
 * Reading dates as brokers write them, to ISO `YYYY-MM-DD`.
 *
 * Accepted: `2024-03-05` (with any time after it, `T…`, `, 10:30:00`, ` 10:30`), `20240305` (IBKR, also
 * `20240305;101500`), `05-03-2024`, `05/03/2024`, `05.03.2024`, two-digit years (`03/05/24` → 2024; years
 * 70–99 → 19xx), month names (`Mar-05-2024`, `5 Mar 2024`, `March 5, 2024`), and Schwab's
 * `07/15/2024 as of 07/12/2024` (the first date: the day the shares moved in the account).
 * Day-first or month-first: a part above 12 decides; otherwise the caller's `order` (the format's
 * convention: US brokers month-first, European day-first). Impossible dates (31 February) are `null`.
 */

export type DateOrder = "mdy" | "dmy";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

export function parseDate(raw: string | null | undefined, order: DateOrder = "mdy"): string | null {
  if (!raw) return null;
  const text = raw.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:$|[T ,;])/.exec(text);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{4})(\d{2})(\d{2})(?:$|[;T ,])/.exec(text);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})(?:$|[T ,])/.exec(text);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:$|[T ,;])/.exec(text);
  if (m) {
    const a = +m[1];
    const b = +m[2];
    const year = fullYear(m[3]);
    const dayFirst = a > 12 ? true : b > 12 ? false : order === "dmy";
    return dayFirst ? iso(year, b, a) : iso(year, a, b);
  }
  m = /^([A-Za-z]{3})[a-z]*[-\s.](\d{1,2}),?[-\s](\d{4})(?:$|\s)/.exec(text);
  if (m) return monthName(m[1], +m[2], m[3]);
  m = /^(\d{1,2})[-\s.]([A-Za-z]{3})[a-z]*\.?[-\s](\d{2}|\d{4})(?:$|\s)/.exec(text);
  if (m) return monthName(m[2], +m[1], m[3]);
  return null;
}

function monthName(name: string, day: number, year: string): string | null {
  const month = MONTHS.indexOf(name.toLowerCase()) + 1;
  return month > 0 ? iso(fullYear(year), month, day) : null;
}

function fullYear(text: string): number {
  const y = +text;
  if (text.length === 4) return y;
  return y >= 70 ? 1900 + y : 2000 + y;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function iso(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return null;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > DAYS[month - 1] + (leap ? 1 : 0)) return null;
  return `${year}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}
