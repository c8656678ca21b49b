import { useState } from "react";
import { formatCurrencyOrNA } from "../../lib/format.ts";

interface CurrencyInputProps {
  id: string;
  /** the amount as typed (digits and a dot) */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** the id of the message that says what is wrong with the amount, when something is */
  errorId?: string;
}

/**
 * An amount in dollars. While it has the focus it shows what is typed; otherwise the money ('$1,234.50'),
 * or 'NA' when the amount is not > 0 (spec §5).
 */
export function CurrencyInput({ id, value, onChange, disabled, errorId }: CurrencyInputProps) {
  const [editing, setEditing] = useState(false);
  const amount = value.trim() === "" ? null : Number(value);
  const shown = editing ? value : formatCurrencyOrNA(amount !== null && Number.isFinite(amount) ? amount : null);
  return (
    <input
      id={id}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      disabled={disabled}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      // "$1,234.50" pasted or typed is the amount 1234.50
      onChange={(e) => onChange(e.target.value.replace(/[$,\s]/g, ""))}
    />
  );
}
