/**
 * Reading numbers as brokers and screenshots write them.
 *
 * - Currency signs and codes ($ € £ ¥ ₿, USD, EUR ...), `+`, `%` and spaces are dropped; a space, a no-break
 *   space, a thin space or an apostrophe (straight or typographic) between digit groups is a thousands
 *   separator (`1 234,5`, `1'234.5`, `1’234.5`).
 * - Negative: a leading or trailing minus (also the Unicode minus and dashes), or parentheses: `(12.50)`.
 * - Decimal separator: when both `.` and `,` occur, the last one is the decimal separator (`1,234.56` US,
 *   `1.234,56` European). When only one kind occurs several times it groups thousands (`1,234,567`).
 *   A single separator followed by exactly three digits (`1,234`, `1.234`) is ambiguous: it is read with the
 *   caller's `decimal` hint (the file's or the screenshot's convention), US by default; any other single
 *   separator is the decimal separator (`0,039`, `12,5`, `1,2108`).
 * - Anything else (letters left over, two signs, empty) is not a number: `null`.
 */

export type DecimalMark = "." | ",";

const CURRENCY = /(?:US\$|C\$|A\$|CA\$|AU\$|HK\$|\$|€|£|¥|₿|₹|₩|CHF|USD|EUR|GBP|GBX|GBp|JPY|CAD|AUD|SEK|NOK|DKK|PLN|BTC|USDT)/g;
const SPACES = /[\s\u00a0\u2009\u202f'\u2019]/g;
const MINUS = /[\u2212\u2013\u2014]/g;

const PLAIN = /^-?\d{1,15}(?:\.\d{1,12})?$/;
/** `$1.50`, `-$30.00`, `$-2`: a dollar sign and plain digits */
const DOLLARS = /^(-?)\$(-?\d{1,15}(?:\.\d{1,12})?)$/;

export function parseNumber(raw: string | null | undefined, decimal: DecimalMark = "."): number | null {
  if (raw == null) return null;
  // the common case first: digits with an optional point and sign (a single point followed by three digits
  // and no hint is read by the rules below)
  if (PLAIN.test(raw) && !(decimal === "," && /^-?\d{1,3}\.\d{3}$/.test(raw))) return Number(raw);
  const dollars = DOLLARS.exec(raw);
  if (dollars && !(decimal === "," && /^-?\d{1,3}\.\d{3}$/.test(dollars[2]))) {
    const n = Number(dollars[2]);
    return dollars[1] ? -n : n;
  }
  let text = raw.trim().replace(MINUS, "-");
  if (text === "") return null;
  let negative = false;
  const parens = /^\((.*)\)$/.exec(text);
  if (parens) {
    negative = true;
    text = parens[1];
  }
  text = text.replace(CURRENCY, "").replace(/%$/, "");
  // signs may stand before or after the currency sign that was just removed: "-$1.00", "$-1.00", "1.00-"
  text = text.replace(SPACES, "");
  const sign = /^([+-]?)(.*?)([+-]?)$/.exec(text);
  if (!sign) return null;
  if (sign[1] && sign[3]) return null;
  if (sign[1] === "-" || sign[3] === "-") negative = !negative;
  const body = sign[2];
  if (!/^(?:\d[\d.,]*|[.,]\d+)$/.test(body) || /[.,]{2}/.test(body) || /[.,]$/.test(body)) return null;
  const value = Number(normalise(body, decimal));
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** `body` holds digits and separators only; returns it with `.` as the only (decimal) separator. */
function normalise(body: string, hint: DecimalMark): string {
  const lastDot = body.lastIndexOf(".");
  const lastComma = body.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const mark = lastDot > lastComma ? "." : ",";
    return toPoint(body, mark);
  }
  const mark = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (!mark) return body;
  const parts = body.split(mark);
  if (parts.length > 2) return parts.every((p, i) => i === 0 || p.length === 3) || lakhs(parts) ? parts.join("") : "NaN";
  const [whole, fraction] = parts;
  const looksGrouped = fraction.length === 3 && whole.length >= 1 && whole.length <= 3 && whole !== "0";
  if (looksGrouped && mark !== hint) return whole + fraction;
  return `${whole || "0"}.${fraction}`;
}

function toPoint(body: string, mark: DecimalMark): string {
  const group = mark === "." ? "," : ".";
  const [whole, fraction] = [body.slice(0, body.lastIndexOf(mark)), body.slice(body.lastIndexOf(mark) + 1)];
  if (whole.includes(mark)) return "NaN";
  const groups = whole.split(group);
  if (groups.slice(1).some((g) => g.length !== 3) && !lakhs(groups)) return "NaN";
  return `${groups.join("")}.${fraction}`;
}

/**
 * Indian grouping (lakhs and crores): the last three digits, then groups of two ("11,39,919.79" is
 * 1,139,919.79; "1,00,000" is 100,000): a first group of one or two digits, two-digit groups, a last of three.
 */
function lakhs(groups: string[]): boolean {
  return (
    groups.length >= 3 &&
    /^\d{1,2}$/.test(groups[0]) &&
    groups.slice(1, -1).every((g) => /^\d{2}$/.test(g)) &&
    /^\d{3}$/.test(groups[groups.length - 1])
  );
}

/** Rounds away binary noise from sums of decimals: 0.1 + 0.2 → 0.3 at 8 places. */
export function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/** Which decimal mark most of these numeric strings use, for files that keep one convention. */
export function dominantDecimal(samples: string[]): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const s of samples) {
    const m = /[.,](\d+)\D*$/.exec(s.trim());
    if (!m || m[1].length === 3) continue;
    const mark = s.trim()[m.index];
    if (mark === ",") comma++;
    else dot++;
  }
  return comma > dot ? "," : ".";
}
