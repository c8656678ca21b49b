import { TICKER_MAX_LENGTH, TICKER_PATTERN } from "@folio/proto/constants";
import { Messages } from "../../app/messages.ts";
import type { AssetDraft } from "./portfolioModel.ts";

export interface AssetForm {
  ticker: string;
  quantity: string;
  price: string;
  date: string;
}

/** The field a message belongs next to. */
export type AssetField = "ticker" | "quantity" | "date" | "price";

export type AssetCheck = { ok: true; draft: AssetDraft } | { ok: false; message: string; field: AssetField };

const TICKER = new RegExp(TICKER_PATTERN);

function numeric(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}

/**
 * Spec §5, checked in this order: quantity numeric and non-zero; purchase date present; purchase price
 * numeric and > 0. The ticker comes first because without one there is nothing to add.
 */
export function checkNewAsset(form: AssetForm): AssetCheck {
  const ticker = form.ticker.trim().toUpperCase();
  if (!ticker) return { ok: false, message: Messages.tickerMissing, field: "ticker" };
  if (ticker.length > TICKER_MAX_LENGTH || !TICKER.test(ticker)) return { ok: false, message: Messages.tickerInvalid, field: "ticker" };
  const quantity = numeric(form.quantity);
  if (quantity === null || quantity === 0) return { ok: false, message: Messages.quantityMissing, field: "quantity" };
  const date = form.date.trim();
  if (!date) return { ok: false, message: Messages.dateMissing, field: "date" };
  const price = numeric(form.price);
  if (price === null || price <= 0) return { ok: false, message: Messages.priceMissing, field: "price" };
  return { ok: true, draft: { ticker, quantity, PoA: price, DoA: date } };
}
