import { AssetMessages, type AssetProblem, assetProblem, saleProblem } from "@folio/proto/asset-rules";
import { TICKER_MAX_LENGTH, TICKER_PATTERN } from "@folio/proto/constants";
import { Messages } from "../../app/messages.ts";
import type { AssetDraft, SaleDraft } from "./portfolioModel.ts";

export interface AssetForm {
  ticker: string;
  quantity: string;
  price: string;
  date: string;
}

/** The field a message belongs next to. */
export type AssetField = "ticker" | "quantity" | "date" | "price" | "fee";

export type AssetCheck = { ok: true; draft: AssetDraft } | { ok: false; message: string; field: AssetField };

const TICKER = new RegExp(TICKER_PATTERN);

function numeric(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}

/** The field each of the server's asset rules is about. */
const FIELD_OF: Record<AssetProblem, AssetField> = {
  quantityMissing: "quantity",
  quantityRange: "quantity",
  dateMissing: "date",
  dateInvalid: "date",
  dateTooEarly: "date",
  dateInFuture: "date",
  priceMissing: "price",
  priceTooHigh: "price",
  priceTooLow: "price",
  feeRange: "price",
  tooManyAssets: "ticker",
  saleQuantity: "quantity",
  oversold: "quantity",
  saleDateMissing: "date",
  saleDateInvalid: "date",
  saleDateTooEarly: "date",
  saleDateInFuture: "date",
  salePriceMissing: "price",
  salePriceTooHigh: "price",
  saleFeeRange: "fee",
};

/**
 * The server's asset rules (proto asset-rules.ts), in its words and order, checked before a row enters the
 * table: quantity a number from 0 to 1e9 and not 0 for a new asset (spec §5 'Quantity missing'); purchase
 * date present, a calendar day, not before 1970 and not in the future; purchase price a number > 0 and at
 * most 1e9. The ticker comes first because without one there is nothing to add. `today` is the user's day.
 */
export function checkNewAsset(form: AssetForm, today: string): AssetCheck {
  const ticker = form.ticker.trim().toUpperCase();
  if (!ticker) return { ok: false, message: Messages.tickerMissing, field: "ticker" };
  if (ticker.length > TICKER_MAX_LENGTH || !TICKER.test(ticker)) return { ok: false, message: Messages.tickerInvalid, field: "ticker" };
  const price = numeric(form.price) ?? 0;
  const problem = assetProblem({ quantity: form.quantity, PoA: price, DoA: form.date }, today, true);
  if (problem) return { ok: false, message: AssetMessages[problem], field: FIELD_OF[problem] };
  return { ok: true, draft: { ticker, quantity: numeric(form.quantity) ?? 0, PoA: price, DoA: form.date.trim() } };
}

/** What is wrong with a purchase date by itself (in the future, before 1970, not a day), or null. */
export function purchaseDateProblem(date: string, today: string): string | null {
  if (!date.trim()) return null;
  const problem = assetProblem({ quantity: 1, PoA: 1, DoA: date }, today, true);
  return problem && FIELD_OF[problem] === "date" ? AssetMessages[problem] : null;
}

export interface SaleForm {
  quantity: string;
  price: string;
  date: string;
  fee: string;
}

export type SaleCheck = { ok: true; sale: SaleDraft } | { ok: false; message: string; field: AssetField };

/**
 * A sale as the server's rules see it (proto asset-rules.ts saleProblem), in their words and order, then what
 * was held on its date (docs/numbers.md "Sales": "You cannot sell more than you hold on that date"); `held` is the
 * shares held that day as the Sell window counted them (sales.ts heldOn), which the server checks again.
 */
export function checkSale(ticker: string, form: SaleForm, today: string, held: number): SaleCheck {
  const PoA = numeric(form.price) ?? 0;
  const fee = form.fee.trim() === "" ? 0 : (numeric(form.fee) ?? Number.NaN);
  const problem = saleProblem(
    { side: "sell", quantity: form.quantity, PoA, DoA: form.date, fee: Number.isNaN(fee) ? form.fee : fee },
    today,
  );
  if (problem) return { ok: false, message: AssetMessages[problem], field: FIELD_OF[problem] };
  const quantity = numeric(form.quantity) ?? 0;
  if (quantity > held * (1 + 1e-9) + 1e-9) return { ok: false, message: AssetMessages.oversold, field: "quantity" };
  return { ok: true, sale: { ticker, quantity, PoA, DoA: form.date.trim(), fee } };
}

/** What is wrong with a sale date by itself (in the future, before 1970, not a day), or null. */
export function saleDateProblem(date: string, today: string): string | null {
  if (!date.trim()) return null;
  const problem = saleProblem({ side: "sell", quantity: 1, PoA: 1, DoA: date }, today);
  return problem && FIELD_OF[problem] === "date" ? AssetMessages[problem] : null;
}
