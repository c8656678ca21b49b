/**
 * One return, labelled the same on every screen: the dashboard's cards, the community's cards and the
 * portfolio's header all show the total return, profit/loss (dividends included) over the cost of the
 * priced assets. The time- and money-weighted returns answer other questions and say so where they appear.
 */
import { formatPercent } from "./format.ts";

export const TOTAL_RETURN_LABEL = "Total return";

/** A return shows its sign, as a change does: "+12.50%", "-3%", "0%"; "NA" when unknown. */
export function formatReturn(percent: number | null | undefined): string {
  if (typeof percent !== "number" || !Number.isFinite(percent)) return "NA";
  const text = formatPercent(percent);
  return percent > 0 && text !== "0%" ? `+${text}` : text;
}

/** The class that colours a figure: gain, loss or neither. */
export function returnTone(value: number | null | undefined): "gain" | "loss" | "" {
  if (typeof value !== "number" || value === 0 || !Number.isFinite(value)) return "";
  return value > 0 ? "gain" : "loss";
}
