/** Purchase dates and the purchase price they imply (spec §5: acquisition presets). */

export interface AcquisitionPreset {
  /** the button's text and accessible name: "Today", "1 Jan 2025" */
  label: string;
  /** `YYYY-MM-DD` */
  date: string;
}

/** What the price look-up tells about a ticker's prices. */
export interface PriceHistory {
  latestPrice?: number | null | undefined;
  /** `YYYY-MM` → the last close of that month */
  historical_data?: Record<string, number> | undefined;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day the user sees (local time), `YYYY-MM-DD`. */
export function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Spec §5: preset 1 is today; presets 2 to 5 are 1 January of 1 to 4 years back. */
export function acquisitionPresets(today: Date): AcquisitionPreset[] {
  const year = today.getFullYear();
  return [
    { label: "Today", date: localIsoDate(today) },
    ...[1, 2, 3, 4].map((back) => ({ label: `1 Jan ${year - back}`, date: `${year - back}-01-01` })),
  ];
}

function positive(n: number | null | undefined): n is number {
  return typeof n === "number" && Number.isFinite(n) && n > 0;
}

/**
 * The purchase price to suggest for a date: the close of its month from the price history when there is
 * one; for a date in the current month (or later) without one yet, the latest price; otherwise none, and
 * the user types it. Never a price of another month.
 */
export function purchasePriceOn(date: string, prices: PriceHistory, today: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const month = date.slice(0, 7);
  const close = prices.historical_data?.[month];
  if (positive(close)) return close;
  if (month >= today.slice(0, 7) && positive(prices.latestPrice)) return prices.latestPrice;
  return null;
}
