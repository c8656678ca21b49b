import type { ColumnMapping } from "@folio/proto/import";
import { useId, useState } from "react";
import { useDeleteMappingMutation, useSavedMappingsQuery } from "./fileImportApi.ts";

export type Mapping = Partial<ColumnMapping>;

interface MappingFormProps {
  columns: string[];
  proposed: Mapping;
  /** what the server said is missing or wrong */
  problem?: string;
  busy: boolean;
  /** read the file with these columns; `saveAs`: keep the mapping under that name for files of this layout */
  onRead: (mapping: ColumnMapping, saveAs: string | null) => void;
  /** read the file with a mapping the user saved before */
  onUseSaved: (id: string) => void;
}

const FIELDS: Array<[keyof ColumnMapping & string, string, boolean]> = [
  ["ticker", "Ticker or ISIN", true],
  ["quantity", "Quantity", true],
  ["name", "Name", false],
  ["price", "Price", false],
  ["date", "Date", false],
  ["action", "Buy/sell", false],
  ["fee", "Fee", false],
  ["account", "Account", false],
];

/**
 * A CSV whose layout Folio does not know: which column holds what, how it writes dates and decimals, and
 * whether to keep the choice for the next file of this layout (saved on the server, for this user only).
 */
export function MappingForm({ columns, proposed, problem, busy, onRead, onUseSaved }: MappingFormProps) {
  const [mapping, setMapping] = useState<Mapping>(proposed);
  const [save, setSave] = useState(false);
  const [name, setName] = useState("");
  const saved = useSavedMappingsQuery();
  const [remove] = useDeleteMappingMutation();
  const nameId = useId();
  const mine = saved.data?.mappings ?? [];
  const complete = !!mapping.ticker && !!mapping.quantity;

  return (
    <form
      className="mapping card"
      aria-label="Column mapping"
      onSubmit={(e) => {
        e.preventDefault();
        if (!complete) return;
        onRead(mapping as ColumnMapping, save && name.trim() ? name.trim() : null);
      }}
    >
      <p>This CSV's layout is not one we know. Which column holds what?</p>
      {problem && <p className="muted">{problem}</p>}
      {mine.length > 0 && (
        <div className="saved-mappings">
          <span>Your saved mappings:</span>
          <ul>
            {mine.map((m) => (
              <li key={m.id}>
                <button type="button" className="button secondary small" disabled={busy} onClick={() => onUseSaved(m.id)}>
                  Use “{m.name}”
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  aria-label={`Delete the saved mapping ${m.name}`}
                  onClick={async () => {
                    await remove(m.id);
                    saved.refetch();
                  }}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {FIELDS.map(([field, label, required]) => (
        <label key={field} className="mapping-field">
          <span>
            {label}
            {required ? " *" : ""}
          </span>
          <select
            value={(mapping[field] as string | undefined) ?? ""}
            onChange={(e) => setMapping({ ...mapping, [field]: e.target.value || undefined })}
          >
            <option value="">{required ? "Choose…" : "(none)"}</option>
            {columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label className="mapping-field">
        <span>Dates like 03/04/2025 are</span>
        <select
          value={mapping.dateOrder ?? ""}
          onChange={(e) => setMapping({ ...mapping, dateOrder: (e.target.value || undefined) as Mapping["dateOrder"] })}
        >
          <option value="">Work it out from the file</option>
          <option value="mdy">month first (US)</option>
          <option value="dmy">day first</option>
        </select>
      </label>
      <label className="mapping-field">
        <span>Decimal mark</span>
        <select
          value={mapping.decimal ?? ""}
          onChange={(e) => setMapping({ ...mapping, decimal: (e.target.value || undefined) as Mapping["decimal"] })}
        >
          <option value="">Work it out from the file</option>
          <option value=".">point: 1,234.56</option>
          <option value=",">comma: 1.234,56</option>
        </select>
      </label>
      <label className="mapping-save">
        <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} /> Save these columns for my next file of this
        layout
      </label>
      {save && (
        <div className="mapping-field">
          <label htmlFor={nameId}>Save as</label>
          <input id={nameId} value={name} maxLength={80} placeholder="e.g. My bank" onChange={(e) => setName(e.target.value)} />
        </div>
      )}
      <button type="submit" className="button primary" disabled={!complete || busy || (save && !name.trim())}>
        Read with these columns
      </button>
    </form>
  );
}
