import { type FormEvent, useId, useState } from "react";
import type { Asset } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { Modal } from "../../components/Modal.tsx";
import { formatCurrencyOrNA } from "../../lib/format.ts";
import { showError } from "../toasts/toastsSlice.ts";
import { localIsoDate, purchasePriceOn } from "./acquisition.ts";
import { assetEdited } from "./portfolioSlice.ts";
import { formatMonth } from "./valuationView.ts";

function numeric(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}

/**
 * What an edit of quantity and date of acquisition gives, or the spec's message (§5, in its order). A new
 * date takes that month's close as the purchase price when the history has it; otherwise the price stays.
 */
export function checkAssetEdit(
  asset: Pick<Asset, "PoA" | "DoA" | "latestPrice" | "historical_data">,
  form: { quantity: string; date: string },
  today: string,
): { ok: true; quantity: number; DoA: string; PoA: number } | { ok: false; message: string } {
  const quantity = numeric(form.quantity);
  if (quantity === null || quantity === 0) return { ok: false, message: Messages.quantityMissing };
  const DoA = form.date.trim();
  if (!DoA) return { ok: false, message: Messages.dateMissing };
  const PoA = DoA === asset.DoA.slice(0, 10) ? asset.PoA : (purchasePriceOn(DoA, asset, today) ?? asset.PoA);
  return { ok: true, quantity, DoA, PoA };
}

interface EditAssetModalProps {
  asset: Asset;
  index: number;
  onClose: () => void;
}

/** The edit-asset modal (spec §2): quantity and date of acquisition. */
export function EditAssetModal({ asset, index, onClose }: EditAssetModalProps) {
  const dispatch = useAppDispatch();
  const [quantity, setQuantity] = useState(String(asset.quantity));
  const [date, setDate] = useState(asset.DoA.slice(0, 10));
  const ids = { quantity: useId(), date: useId() };
  const today = localIsoDate(new Date());
  const preview = checkAssetEdit(asset, { quantity: quantity || "1", date }, today);
  const previewPrice = preview.ok ? preview.PoA : asset.PoA;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAssetEdit(asset, { quantity, date }, today);
    if (!check.ok) {
      dispatch(showError(check.message));
      return;
    }
    dispatch(assetEdited({ index, quantity: check.quantity, DoA: check.DoA, PoA: check.PoA }));
    onClose();
  };

  return (
    <Modal title={`Edit ${asset.ticker}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={ids.quantity}>Quantity</label>
        <input id={ids.quantity} inputMode="decimal" autoComplete="off" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        <label htmlFor={ids.date}>Purchase date</label>
        <input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        <p className="muted" aria-live="polite">
          Purchase price <span className="money">{formatCurrencyOrNA(previewPrice)}</span>
          {date && previewPrice !== asset.PoA ? ` (price in ${formatMonth(date.slice(0, 7))})` : ""}
        </p>
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Apply
          </button>
        </div>
      </form>
    </Modal>
  );
}
