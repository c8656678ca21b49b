import { useEffect, useId, useState } from "react";
import type { Asset } from "../../app/apiTypes.ts";
import { Modal } from "../../components/Modal.tsx";
import { formatDate, formatMoney, formatQuantity } from "../../lib/format.ts";
import { previewInitialPercent, readInitialPercent, roundsToZero } from "./initialPercentPreview.ts";
import { useGetCloseQuery } from "./pricingApi.ts";

interface InitialPercentCellProps {
  asset: Asset;
  totalValue: number;
  /** the currency the total value is in (the owner's base currency) */
  baseCurrency: string;
  onCommit: (value: number | null) => void;
}

/**
 * No silent change: while an initial percent is typed, the cell says what it applies to (the total value)
 * and the quantity the next save will set, at the price the asset traded at on its purchase date; a percent
 * that cannot be applied (over 100, negative, not a number) says why and is not applied; one that buys less
 * than half a unit asks before it sets the quantity to 0. Enter or leaving the field applies it.
 */
export function InitialPercentCell({ asset, totalValue, baseCurrency, onCommit }: InitialPercentCellProps) {
  const value = asset.initialPercent;
  const text0 = value === null ? "" : String(value);
  const [text, setText] = useState(text0);
  const [shown, setShown] = useState(value);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [askingZero, setAskingZero] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const noteId = useId();
  if (shown !== value) {
    setShown(value);
    setText(text0);
  }
  const read = readInitialPercent(text);
  const changed = text.trim() !== text0;
  const typed = changed && read.ok && read.value !== null ? read.value : null;
  const currency = asset.currency ?? baseCurrency;
  const sameCurrency = currency === baseCurrency;
  const date = asset.DoA.slice(0, 10);
  // the as-traded close of the purchase date: the price the server's save buys the units at
  const close = useGetCloseQuery({ ticker: asset.ticker, date }, { skip: typed === null || !sameCurrency });
  const preview = typed === null ? null : previewInitialPercent(typed, totalValue, close.data ?? null, sameCurrency);

  const apply = (percent: number | null) => {
    setRefusal(null);
    setText(percent === null ? "" : String(percent));
    onCommit(percent);
  };
  const commit = () => {
    if (!read.ok) {
      setRefusal(read.reason);
      return;
    }
    if (!changed) return;
    // the price the quantity follows from is on its way: decided once it is here (a 0 is asked about first)
    if (typed !== null && sameCurrency && close.isFetching) {
      setWaiting(true);
      return;
    }
    if (roundsToZero(read.value, preview)) {
      setAskingZero(true);
      return;
    }
    apply(read.value);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the awaited close has come (or failed)
  useEffect(() => {
    if (!waiting || close.isFetching) return;
    setWaiting(false);
    commit();
  }, [waiting, close.isFetching]);
  const problem = refusal ?? (changed && !read.ok ? read.reason : null);
  const amountText = preview ? `${typed}% of ${formatMoney(totalValue, baseCurrency)} = ${formatMoney(preview.amount, baseCurrency)}` : "";
  return (
    <div className="percent-cell">
      <input
        className="quantity-input"
        aria-label={`Initial percent of ${asset.ticker}`}
        aria-describedby={problem || preview ? noteId : undefined}
        aria-invalid={problem ? true : undefined}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setRefusal(null);
          setText(e.target.value);
        }}
        onBlur={() => {
          if (!askingZero) commit();
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") commit();
        }}
      />
      {problem ? (
        <span id={noteId} className="cell-note field-error" role="alert">
          {problem}
        </span>
      ) : (
        preview && (
          <span id={noteId} className="cell-note" role="status">
            {amountText}
            {preview.quantity !== null && preview.price !== null && preview.priceDate !== null
              ? ` → quantity ${formatQuantity(preview.quantity)} at ${formatMoney(preview.price, currency)} (close on ${formatDate(preview.priceDate)}, as traded), when saved`
              : close.isFetching
                ? "; looking up the purchase day's close…"
                : "; the quantity is set from the purchase day's price when saved"}
          </span>
        )
      )}
      {askingZero && preview && typed !== null && (
        <Modal title={`Set ${asset.ticker} to 0 units?`} onClose={() => setAskingZero(false)}>
          <p>
            {amountText} buys {Number((preview.units ?? 0).toPrecision(2))} of a unit of {asset.ticker} at{" "}
            {formatMoney(preview.price ?? 0, currency)}, which rounds to 0 whole units: its quantity would be 0.
          </p>
          <div className="modal-actions">
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setAskingZero(false);
                setText(text0);
              }}
            >
              Keep the quantity
            </button>
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setAskingZero(false);
                apply(typed);
              }}
            >
              Set to 0
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
