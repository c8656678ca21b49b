/**
 * Display helpers: the only place the engine rounds for show. Money has 2 decimals, thousands separators
 * and its currency's sign ('$' for USD); a percent has no decimals when whole, else 2 (spec §9).
 */
import type { FormatGains } from "./types.ts";

/**
 * Rounds |n| to `decimals` places, half away from zero on the decimal the user reads: 1.005 is stored
 * as 1.00499999999999989…, and 15 significant digits restore the 1.005 that was meant.
 */
function roundAbs(n: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((Math.abs(n) * scale).toPrecision(15))) / scale;
}

function groupThousands(integer: string): string {
  let out = "";
  for (let i = 0; i < integer.length; i++) {
    if (i > 0 && (integer.length - i) % 3 === 0) out += ",";
    out += integer[i];
  }
  return out;
}

function digits(abs: number, decimals: number): string {
  const fixed = abs.toFixed(decimals);
  const dot = fixed.indexOf(".");
  return dot < 0 ? groupThousands(fixed) : groupThousands(fixed.slice(0, dot)) + fixed.slice(dot);
}

const SIGNS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/**
 * '$1,234.50', '-$12.00', '€3.00', 'CHF 1,234.50': the currency's sign, or its code and a space; an amount
 * that rounds to zero shows as '$0.00', never '-$0.00'.
 */
export function formatMoney(n: number, currency = "USD"): string {
  const abs = roundAbs(n, 2);
  const sign = SIGNS[currency] ?? `${currency} `;
  return (n < 0 && abs > 0 ? "-" : "") + sign + digits(abs, 2);
}

/** '12%', '12.35%', '-3.50%', '1,250%': whole after rounding to 2 decimals → no decimals. */
export function formatPercent(n: number): string {
  const abs = roundAbs(n, 2);
  const sign = n < 0 && abs > 0 ? "-" : "";
  return sign + digits(abs, Number.isInteger(abs) ? 0 : 2) + "%";
}

/** A currency input's display: 'NA' unless the amount is > 0 (spec §5). */
export function formatCurrencyOrNA(n: number | null | undefined): string {
  return typeof n === "number" && n > 0 ? formatMoney(n) : "NA";
}

/** A gain as the portfolio's formatGains asks: '%' a percent, '$' an amount in `currency`; 'NA' when unknown. */
export function formatGain(amount: number | null, percent: number | null, formatGains: FormatGains, currency = "USD"): string {
  if (formatGains === "%") return percent === null ? "NA" : formatPercent(percent);
  return amount === null ? "NA" : formatMoney(amount, currency);
}
