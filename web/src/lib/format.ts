const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 8 });
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Money with $ and 2 decimals (spec §9): 1234.5 → "$1,234.50". */
export function formatMoney(value: number): string {
  return usd.format(value);
}

/** A currency value that is not > 0 shows 'NA' (spec §5), e.g. a purchase price nobody entered. */
export function formatCurrencyOrNA(value: number | null | undefined): string {
  return typeof value === "number" && value > 0 ? usd.format(value) : "NA";
}

/** No decimals when whole, otherwise 2 (spec §9): 12 → "12%", 12.5 → "12.50%". */
export function formatPercent(value: number): string {
  return Number.isInteger(value) ? `${value}%` : `${value.toFixed(2)}%`;
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
