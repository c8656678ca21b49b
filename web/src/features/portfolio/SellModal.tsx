import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Asset } from "../../app/apiTypes.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { Modal } from "../../components/Modal.tsx";
import { formatDate, formatQuantity } from "../../lib/format.ts";
import { localIsoDate } from "./acquisition.ts";
import { checkSale, saleDateProblem } from "./assetValidation.ts";
import { CurrencyInput } from "./CurrencyInput.tsx";
import { saleAdded, saleEdited } from "./portfolioSlice.ts";
import { heldOn } from "./sales.ts";
import { useSuggestedClose } from "./useSuggestedClose.ts";

interface SellModalProps {
  /** the portfolio's entries, to count what was held on the chosen day */
  assets: Asset[];
  ticker: string;
  /** the instrument's currency (the price's and the fee's) */
  currency?: string | undefined;
  /** a sale being changed: its index and entry; absent for a new sale */
  editing?: { index: number; sale: Asset };
  onClose: () => void;
}

/**
 * "Sell" on a holding (docs/numbers.md "Sales"): how many shares, on which day, at what price (that day's as-traded close
 * is suggested, as in the Add window, until the user types one) and the fee the sale cost, in money. The shares
 * held that day are shown, counted in that day's shares (after the splits before it); selling more is refused
 * in the server's words before anything changes, and the server checks it again on save.
 */
export function SellModal({ assets, ticker, currency, editing, onClose }: SellModalProps) {
  const dispatch = useAppDispatch();
  const today = useMemo(() => localIsoDate(new Date()), []);
  const [date, setDate] = useState(editing ? editing.sale.DoA.slice(0, 10) : today);
  const [quantity, setQuantity] = useState(editing ? String(editing.sale.quantity) : "");
  const [fee, setFee] = useState(editing && typeof editing.sale.fee === "number" && editing.sale.fee > 0 ? String(editing.sale.fee) : "");
  const { price, note, suggest, type } = useSuggestedClose(editing ? String(editing.sale.PoA) : "");
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const ids = { quantity: useId(), date: useId(), price: useId(), fee: useId(), note: useId(), error: useId(), held: useId() };
  const held = date && !saleDateProblem(date, today) ? heldOn(assets, ticker, date, editing?.index) : null;
  const asked = useRef(false);

  // a new sale opens on today's close
  useEffect(() => {
    if (editing || asked.current) return;
    asked.current = true;
    void suggest(ticker, today);
  }, [editing, suggest, ticker, today]);

  const chooseDate = (next: string) => {
    setProblem(null);
    setDate(next);
    const refused = next ? saleDateProblem(next, today) : null;
    if (refused) {
      setProblem({ field: "date", message: refused });
      return;
    }
    if (next) void suggest(ticker, next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkSale(ticker, { quantity, price, date, fee }, today, held ?? 0);
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      const focus = { quantity: ids.quantity, date: ids.date, price: ids.price, fee: ids.fee, ticker: ids.quantity }[check.field];
      document.getElementById(focus)?.focus();
      return;
    }
    dispatch(editing ? saleEdited({ index: editing.index, sale: check.sale }) : saleAdded(check.sale));
    onClose();
  };

  const errorFor = (field: string) => (problem?.field === field ? ids.error : undefined);
  return (
    <Modal title={editing ? `Edit the sale of ${ticker}` : `Sell ${ticker}`} onClose={onClose}>
      <form className="form sell-form" onSubmit={submit} noValidate>
        <label htmlFor={ids.date}>Sale date</label>
        <input
          id={ids.date}
          type="date"
          max={today}
          value={date}
          aria-invalid={errorFor("date") ? true : undefined}
          aria-describedby={[errorFor("date"), ids.held].filter(Boolean).join(" ")}
          onChange={(e) => chooseDate(e.target.value)}
        />
        <p id={ids.held} className="muted small held-then" role="status">
          {held === null
            ? "Pick the day of the sale to see what you held then."
            : `You held ${formatQuantity(held)} ${ticker} on ${formatDate(date)}${editing ? " (besides this sale)" : ""}.`}
        </p>
        <label htmlFor={ids.quantity}>Quantity sold</label>
        <div className="input-with-action">
          <input
            id={ids.quantity}
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            aria-invalid={errorFor("quantity") ? true : undefined}
            aria-describedby={errorFor("quantity")}
            onChange={(e) => {
              setProblem(null);
              setQuantity(e.target.value);
            }}
          />
          {held !== null && held > 0 && (
            <button
              type="button"
              className="button secondary small"
              onClick={() => {
                setProblem(null);
                setQuantity(String(Number(held.toPrecision(12))));
              }}
            >
              All {formatQuantity(held)}
            </button>
          )}
        </div>
        <label htmlFor={ids.price}>Sale price</label>
        <CurrencyInput
          id={ids.price}
          value={price}
          currency={currency}
          noteId={note ? ids.note : undefined}
          errorId={errorFor("price")}
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
        <label htmlFor={ids.fee}>Fee (optional)</label>
        <input
          id={ids.fee}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={fee}
          aria-invalid={errorFor("fee") ? true : undefined}
          aria-describedby={[errorFor("fee"), `${ids.fee}-what`].filter(Boolean).join(" ")}
          onChange={(e) => {
            setProblem(null);
            setFee(e.target.value.replace(/[$€£,\s]/g, ""));
          }}
        />
        <p id={`${ids.fee}-what`} className="muted small">
          What the sale cost you in money ({currency ?? "USD"}): commission and charges. The shares sold are taken from your earliest
          purchases first.
        </p>
        {problem && (
          <p id={ids.error} className="field-error" role="alert">
            {problem.message}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            {editing ? "Apply" : "Sell"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
