/**
 * Purchase dates (spec §5: acquisition presets) and the purchase price suggested for one: the close the
 * share actually traded at that day (GET /v1/get/{ticker}/close, "as traded": not adjusted for later
 * splits or dividends, which would make a 2023 NVDA purchase look bought at a tenth of what was paid).
 */

import type { CloseReply } from "../../app/apiTypes.ts";
import { formatDate } from "../../lib/format.ts";

export interface AcquisitionPreset {
  /** the button's text and accessible name: "Today", "1 Jan 2025" */
  label: string;
  /** `YYYY-MM-DD` */
  date: string;
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

/**
 * A close as the purchase price field holds it: to the cent, as it is shown and saved (445.7899933 →
 * "445.79"); a price under one unit keeps four significant digits, so a cheap coin is not rounded to 0.
 */
export function priceText(close: number): string {
  if (!Number.isFinite(close) || close <= 0) return "";
  return close >= 1 ? close.toFixed(2) : String(Number(close.toPrecision(4)));
}

/**
 * What the suggested price is: "Close on Sep 11, 2023 (as traded)"; for a day without trading, the day
 * used: "Close on Sep 08, 2023 (as traded), the last trading day before Sep 10, 2023".
 */
export function closeNote(reply: Pick<CloseReply, "date">, asked: string): string {
  const base = `Close on ${formatDate(reply.date)} (as traded)`;
  return reply.date === asked ? base : `${base}, the last trading day before ${formatDate(asked)}`;
}

/** Why no price was suggested, from the close call's failure: the field stays empty and the user types it. */
export function closeFailureNote(status: number | string | undefined, ticker: string, date: string): string {
  if (status === 404) return `No close found for ${ticker} on or before ${formatDate(date)}: type the price you paid.`;
  if (status === 400) return "No close for this date: type the price you paid.";
  return "The close could not be loaded: type the price you paid.";
}
