const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 8 });
const wholePercent = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const decimalPercent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const byCurrency = new Map<string, Intl.NumberFormat>([["USD:2", usd]]);

/**
 * The formatter of a currency (ISO code) with `digits` decimals (2: amounts; 0: a chart's axis), made once per
 * currency and precision; an unknown code falls back to dollars.
 */
export function currencyFormat(currency: string, digits = 2): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let format = byCurrency.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      format = currencyFormat("USD", digits);
    }
    byCurrency.set(key, format);
  }
  return format;
}

/**
 * Money with its currency's sign and 2 decimals (spec §9): 1234.5 → "$1,234.50"; in another currency
 * "€1,234.50", "£12.00", "CHF 1,234.50". Every amount is shown with its currency (docs/numbers.md "Currencies").
 */
export function formatMoney(value: number, currency = "USD"): string {
  return currencyFormat(currency).format(value);
}

/**
 * What a currency's amounts start with, for labels that write the number themselves (chart axes):
 * "$" for USD, "€" for EUR, "£" for GBP, "CHF " for CHF (en-US formatting, as formatMoney).
 */
export function currencyPrefix(currency = "USD"): string {
  const parts = currencyFormat(currency).formatToParts(1);
  const number = parts.findIndex((part) => part.type === "integer");
  return parts
    .slice(0, number)
    .filter((part) => part.type !== "minusSign")
    .map((part) => part.value)
    .join("");
}

/** The currency's sign for a label of its own (a "$ / %" toggle): "$", "€", "£", "CHF", "CA$". */
export function currencySymbol(currency = "USD"): string {
  return currencyPrefix(currency).trim() || currency;
}

/** A currency value that is not > 0 shows 'NA' (spec §5), e.g. a purchase price nobody entered. */
export function formatCurrencyOrNA(value: number | null | undefined, currency = "USD"): string {
  return typeof value === "number" && value > 0 ? currencyFormat(currency).format(value) : "NA";
}

/**
 * No decimals when whole, otherwise 2 (spec §9): 12 → "12%", 12.5 → "12.50%". Whole is judged after
 * rounding to the 2 decimals shown, so 12.001 is "12%", not "12.00%".
 */
export function formatPercent(value: number): string {
  const shown = Math.round(value * 100) / 100;
  return Number.isInteger(shown) ? `${wholePercent.format(shown === 0 ? 0 : shown)}%` : `${decimalPercent.format(shown)}%`;
}

export function formatQuantity(value: number): string {
  return plain.format(value);
}

/**
 * 'MMM dd, yyyy' (spec §9) from an ISO date: "2024-01-05" → "Jan 05, 2024". Read from the string, not
 * through Date, so the local time zone cannot move the day.
 */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${month} ${match[3]}, ${match[1]}`;
}
