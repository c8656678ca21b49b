/**
 * What an asset may be: the rules the server enforces before it stores a portfolio and the web checks before
 * it calls, with the same words. Plain values, no TypeBox, so the web imports it. A user's mistake is told
 * in these words (the spec's where it has them, §5), never answered with a 500 or stored as it is.
 */
import { Messages } from "./constants.ts";

export const ASSET_LIMITS = {
  /** units of one asset */
  maxQuantity: 1e9,
  /** purchase price per unit, in the instrument's currency */
  maxPrice: 1e9,
  /**
   * the least purchase price above 0: far below any traded price (the smallest coins trade near 1e-10), and
   * large enough that price ÷ purchase price, which every return divides by, stays a finite number (5e-324
   * passed "above 0" and made the percent Infinity)
   */
  minPrice: 1e-12,
  /** a fund's yearly expense ratio, in percent */
  maxFeePercent: 100,
  /** a sale's fee in money, in the instrument's currency */
  maxSaleFee: 1e9,
  /** the first purchase date accepted; earlier dates are typos (0001-01-01) and would cost every read */
  earliestDate: "1970-01-01",
  /** assets in one portfolio */
  maxAssets: 500,
} as const;

export const AssetMessages = {
  quantityMissing: Messages.quantityMissing,
  dateMissing: Messages.dateMissing,
  priceMissing: Messages.priceMissing,
  quantityRange: "Quantity must be a number from 0 to 1,000,000,000",
  dateInvalid: "Purchase date is not a calendar date",
  dateTooEarly: "Purchase date must be Jan 1, 1970 or later",
  dateInFuture: "Purchase date cannot be in the future",
  priceTooHigh: "Purchase price must be at most 1,000,000,000",
  priceTooLow: "Purchase price must be at least 0.000000000001",
  feeRange: "Fee must be a percent from 0 to 100",
  tooManyAssets: `A portfolio holds at most ${ASSET_LIMITS.maxAssets} assets`,
  saleQuantity: "Quantity sold must be more than 0 and at most 1,000,000,000",
  saleDateMissing: "Sale date missing",
  saleDateInvalid: "Sale date is not a calendar date",
  saleDateTooEarly: "Sale date must be Jan 1, 1970 or later",
  saleDateInFuture: "Sale date cannot be in the future",
  salePriceMissing: "Sale price missing",
  salePriceTooHigh: "Sale price must be at most 1,000,000,000",
  saleFeeRange: "Sale fee must be an amount from 0 to 1,000,000,000",
  /** the words: a sale of more than the buys before it hold (docs/numbers.md "Sales") */
  oversold: "You cannot sell more than you hold on that date",
} as const;
export type AssetProblem = keyof typeof AssetMessages;

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Spec §5: a non-numeric quantity becomes 0; numeric text ("12", " 1.5 ") is read as a number. */
export function parseQuantity(quantity: number | string | null | undefined): number {
  if (typeof quantity === "number") return Number.isFinite(quantity) ? quantity : 0;
  if (typeof quantity !== "string") return 0;
  const text = quantity.trim();
  if (!NUMERIC.test(text)) return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/**
 * A fee as a percent value. The fee is the fund's expense ratio and the pricing service reports it in
 * percent, so a number and a percent string mean the same: 0.03 and "0.03%" are both 0.03 %.
 * Null, empty or unreadable → null (unknown, which the weighted fee counts as 0).
 */
export function parseFee(fee: number | string | null | undefined): number | null {
  if (typeof fee === "number") return Number.isFinite(fee) ? fee : null;
  if (typeof fee !== "string") return null;
  let text = fee.trim();
  if (text.endsWith("%")) text = text.slice(0, -1).trim();
  if (!NUMERIC.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** `YYYY-MM-DD` that names a real day (2021-02-30 and 2021-13-01 do not). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day after `today` (`YYYY-MM-DD`): the latest purchase date accepted, a day of slack for time zones. */
export function latestPurchaseDate(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export interface AssetFields {
  quantity: number | string;
  PoA: number;
  DoA: string;
  fee?: number | string | null;
  /** "sell": a sale (absent or "buy": a purchase) */
  side?: "buy" | "sell" | null;
}

/**
 * The first problem of one asset, in the spec's order (quantity, date, price), then the fee; null when it
 * may be stored. `isNew`: an asset being added must have a non-zero quantity (spec §5); an existing one may
 * be set to 0. `today` is the server's (or the browser's) date, `YYYY-MM-DD`.
 */
export function assetProblem(asset: AssetFields, today: string, isNew: boolean): AssetProblem | null {
  if (asset.side === "sell") return saleProblem(asset, today);
  // what was given as a number (text that is not a number is 0, spec §5)
  const text = typeof asset.quantity === "string" ? asset.quantity.trim() : "";
  const given = typeof asset.quantity === "number" ? asset.quantity : NUMERIC.test(text) ? Number(text) : 0;
  if (!Number.isFinite(given) || given < 0 || given > ASSET_LIMITS.maxQuantity) return "quantityRange";
  if (isNew && given === 0) return "quantityMissing";
  const date = asset.DoA.trim();
  if (date === "") return "dateMissing";
  if (!isCalendarDate(date)) return "dateInvalid";
  if (date < ASSET_LIMITS.earliestDate) return "dateTooEarly";
  if (date > latestPurchaseDate(today)) return "dateInFuture";
  if (!(typeof asset.PoA === "number" && Number.isFinite(asset.PoA) && asset.PoA > 0)) return "priceMissing";
  if (asset.PoA > ASSET_LIMITS.maxPrice) return "priceTooHigh";
  if (asset.PoA < ASSET_LIMITS.minPrice) return "priceTooLow";
  if (asset.fee !== undefined && asset.fee !== null && asset.fee !== "") {
    const fee = parseFee(asset.fee);
    if (fee === null || fee < 0 || fee > ASSET_LIMITS.maxFeePercent) return "feeRange";
  }
  return null;
}

/** A sale's fee in money: a number, or numeric text; null when it is neither. */
export function parseSaleFee(fee: number | string | null | undefined): number | null {
  if (fee === undefined || fee === null || fee === "") return 0;
  if (typeof fee === "number") return Number.isFinite(fee) ? fee : null;
  const text = fee.trim();
  return NUMERIC.test(text) ? Number(text) : null;
}

/**
 * The first problem of a sale (docs/numbers.md "Sales"): the shares sold (> 0), its date, its price, then its fee in
 * money. Whether it sells more than was held is the portfolio's question (the service matches the sales).
 */
export function saleProblem(asset: AssetFields, today: string): AssetProblem | null {
  const text = typeof asset.quantity === "string" ? asset.quantity.trim() : "";
  const given = typeof asset.quantity === "number" ? asset.quantity : NUMERIC.test(text) ? Number(text) : 0;
  if (!Number.isFinite(given) || !(given > 0) || given > ASSET_LIMITS.maxQuantity) return "saleQuantity";
  const date = asset.DoA.trim();
  if (date === "") return "saleDateMissing";
  if (!isCalendarDate(date)) return "saleDateInvalid";
  if (date < ASSET_LIMITS.earliestDate) return "saleDateTooEarly";
  if (date > latestPurchaseDate(today)) return "saleDateInFuture";
  if (!(typeof asset.PoA === "number" && Number.isFinite(asset.PoA) && asset.PoA > 0)) return "salePriceMissing";
  if (asset.PoA > ASSET_LIMITS.maxPrice) return "salePriceTooHigh";
  const fee = parseSaleFee(asset.fee);
  if (fee === null || fee < 0 || fee > ASSET_LIMITS.maxSaleFee) return "saleFeeRange";
  return null;
}
