import { AssetMessages, assetProblem } from "@folio/proto/asset-rules";
import { type FormEvent, useId, useMemo, useState } from "react";
import type { Asset } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Modal } from "../../components/Modal.tsx";
import { localIsoDate } from "./acquisition.ts";
import { CurrencyInput } from "./CurrencyInput.tsx";
import { assetEdited } from "./portfolioSlice.ts";
import { useSuggestedClose } from "./useSuggestedClose.ts";

function numeric(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}

export type AssetEdit = { ok: true; quantity: number; DoA: string; PoA: number } | { ok: false; message: string };

/**
 * What an edit of quantity, date of acquisition and purchase price gives, or the first rule it breaks, in
 * the server's words and order (proto asset-rules.ts; a quantity of 0 is 'Quantity missing', spec §5).
 */
export function checkAssetEdit(form: { quantity: string; date: string; price: string }, today: string): AssetEdit {
  const PoA = numeric(form.price) ?? 0;
  const problem = assetProblem({ quantity: form.quantity, PoA, DoA: form.date }, today, true);
  if (problem) return { ok: false, message: AssetMessages[problem] };
  return { ok: true, quantity: numeric(form.quantity) ?? 0, DoA: form.date.trim(), PoA };
}

interface EditAssetModalProps {
  asset: Asset;
  index: number;
  onClose: () => void;
}

/**
 * The edit-asset modal (spec §2): quantity and date of acquisition, and the purchase price, which a new date
 * replaces with that day's as-traded close (until the user types one), as in the Add window.
 */
export function EditAssetModal({ asset, index, onClose }: EditAssetModalProps) {
  const dispatch = useAppDispatch();
  const [quantity, setQuantity] = useState(String(asset.quantity));
  const [date, setDate] = useState(asset.DoA.slice(0, 10));
  const { price, note, suggest, type } = useSuggestedClose(asset.PoA > 0 ? String(asset.PoA) : "");
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { quantity: useId(), date: useId(), price: useId(), note: useId(), error: useId() };
  const today = useMemo(() => localIsoDate(new Date()), []);

  const chooseDate = (next: string) => {
    setProblem(null);
    setDate(next);
    if (next && next !== asset.DoA.slice(0, 10) && !assetProblem({ quantity: 1, PoA: 1, DoA: next }, today, true)) {
      void suggest(asset.ticker, next);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAssetEdit({ quantity, date, price }, today);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    dispatch(assetEdited({ index, quantity: check.quantity, DoA: check.DoA, PoA: check.PoA }));
    onClose();
  };

  return (
    <Modal title={`Edit ${asset.ticker}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={ids.quantity}>Quantity</label>
        <input
          id={ids.quantity}
          inputMode="decimal"
          autoComplete="off"
          value={quantity}
          onChange={(e) => {
            setProblem(null);
            setQuantity(e.target.value);
          }}
        />
        <label htmlFor={ids.date}>Purchase date</label>
        <input id={ids.date} type="date" max={today} value={date} onChange={(e) => chooseDate(e.target.value)} />
        <label htmlFor={ids.price}>Purchase price</label>
        <CurrencyInput
          id={ids.price}
          value={price}
          currency={asset.currency}
          noteId={note ? ids.note : undefined}
          errorId={problem ? ids.error : undefined}
          onChange={(text) => {
            setProblem(null);
            type(text);
          }}
        />
        {note && (
          <p id={ids.note} className={`muted small price-note ${note.kind}`} role="status">
            {note.text}
          </p>
        )}
        {problem && (
          <p id={ids.error} className="field-error" role="alert">
            {problem}
          </p>
        )}
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
