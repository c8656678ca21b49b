import { useLayoutEffect, useRef, useState } from "react";
import { formatCurrencyOrNA } from "../../lib/format.ts";

interface CurrencyInputProps {
  id: string;
  /** the amount as typed (digits and a dot) */
  value: string;
  onChange: (value: string) => void;
  /** the amount's currency (ISO code); USD when not known */
  currency?: string | undefined;
  disabled?: boolean;
  /** the id of the message that says what is wrong with the amount, when something is */
  errorId?: string | undefined;
  /** the id of a note about the amount (where a suggested amount comes from) */
  noteId?: string | undefined;
}

/**
 * An amount of money. While it has the focus it shows the amount as digits, all selected, so typing
 * replaces it (a suggested price is not appended to); otherwise the money ('$1,234.50'), or 'NA' when the
 * amount is not > 0 (spec §5).
 */
export function CurrencyInput({ id, value, onChange, currency = "USD", disabled, errorId, noteId }: CurrencyInputProps) {
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const amount = value.trim() === "" ? null : Number(value);
  const shown = editing ? value : formatCurrencyOrNA(amount !== null && Number.isFinite(amount) ? amount : null, currency);
  // selected once the digits replaced the money on focus (selecting before would select the old text)
  useLayoutEffect(() => {
    if (editing && input.current === document.activeElement) input.current?.select();
  }, [editing]);
  const describedBy = [errorId, noteId].filter(Boolean).join(" ") || undefined;
  return (
    <input
      ref={input}
      id={id}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      disabled={disabled}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={describedBy}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      // "$1,234.50" pasted or typed is the amount 1234.50
      onChange={(e) => onChange(e.target.value.replace(/[$€£,\s]/g, ""))}
    />
  );
}
