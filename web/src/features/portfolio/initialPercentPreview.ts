/**
 * What an initial percent will do, shown before it does it (README "Initial percents"): the amount it is of
 * the portfolio's total value, and the whole units that amount buys at the purchase month's close, as the
 * server will compute them on the next save. The browser has the asset's monthly closes (adjusted, in
 * today's shares) and its split factor; it has no exchange rates, so for an asset in another currency it
 * shows the amount only. The server's figure is the one applied; this one says what to expect.
 */
import type { Asset } from "../../app/apiTypes.ts";

export const INITIAL_PERCENT_MAX = 100;

export interface InitialPercentPreview {
  /** totalValue × percent / 100 */
  amount: number;
  /** the price of one unit as traded on DoA (close of DoA's month × split factor); null when unknown here */
  price: number | null;
  /** the month whose close is the price, `YYYY-MM` */
  priceMonth: string | null;
  /** round(amount / price), whole units; null when the price is unknown here */
  quantity: number | null;
}

/** An initial percent typed as text: a number 0 to 100, a trailing % allowed; empty is none. */
export type InitialPercentInput = { ok: true; value: number | null } | { ok: false; reason: string };

export function readInitialPercent(text: string): InitialPercentInput {
  const trimmed = text.trim().replace(/\s*%$/, "");
  if (trimmed === "") return { ok: true, value: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, reason: "An initial percent is a number from 0 to 100." };
  if (value < 0) return { ok: false, reason: "An initial percent cannot be negative." };
  if (value > INITIAL_PERCENT_MAX)
    return {
      ok: false,
      reason: "Over 100 % is refused: an initial percent is this asset's share of the portfolio's total value, which is 100 % at most.",
    };
  return { ok: true, value };
}

/** The close of `month`, or the last one before it (carried forward); null when there is none. */
function closeAt(history: Record<string, number> | undefined, month: string): { month: string; close: number } | null {
  if (!history) return null;
  let best: { month: string; close: number } | null = null;
  for (const [key, close] of Object.entries(history)) {
    if (key <= month && Number.isFinite(close) && close > 0 && (!best || key > best.month)) best = { month: key, close };
  }
  return best;
}

export function previewInitialPercent(
  asset: Pick<Asset, "DoA" | "historical_data" | "splitFactor" | "currency">,
  percent: number,
  totalValue: number,
  baseCurrency = "USD",
): InitialPercentPreview {
  const amount = (totalValue * percent) / 100;
  const foreign = asset.currency !== undefined && asset.currency !== baseCurrency;
  const found = foreign ? null : closeAt(asset.historical_data, asset.DoA.slice(0, 7));
  if (!found) return { amount, price: null, priceMonth: null, quantity: null };
  const price = found.close * (asset.splitFactor ?? 1);
  // whole units, half up, as the server rounds them
  return { amount, price, priceMonth: found.month, quantity: Math.floor(amount / price + 0.5) };
}
