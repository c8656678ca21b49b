import { useId, useState } from "react";
import { type Column, dateOptions, editRow, emptyRow, type ImportRow, invalidCells } from "./importRows.ts";
import { useFlash } from "./useFlash.ts";

interface ImportTableProps {
  rows: ImportRow[];
  onChange: (rows: ImportRow[]) => void;
  /** the rows passed the checks: create the portfolio */
  onCreate: (name: string) => void;
  defaultName: string;
  busy: boolean;
  today?: Date;
}

const HEADERS: Array<[Column, string]> = [
  ["ticker", "Ticker"],
  ["quantity", "Quantity"],
  ["price", "Purchase price"],
  ["cost", "Cost"],
  ["date", "Purchase date"],
];

/** The rows read from a screenshot or a file, editable, checked before they become a portfolio (spec §5). */
export function ImportTable({ rows, onChange, onCreate, defaultName, busy, today = new Date() }: ImportTableProps) {
  const [name, setName] = useState(defaultName);
  const { flash, lit, marked } = useFlash();
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();

  const set = (id: string, column: Column, text: string) => onChange(rows.map((r) => (r.id === id ? editRow(r, column, text) : r)));
  const remove = (id: string) => onChange(rows.filter((r) => r.id !== id));

  const create = () => {
    if (rows.length === 0) {
      setProblem("Add at least one row.");
      return;
    }
    const bad = invalidCells(rows);
    if (bad.size > 0) {
      setProblem(`${bad.size === 1 ? "One cell needs" : `${bad.size} cells need`} a value: each number above 0, a ticker and a date.`);
      flash(bad);
      return;
    }
    setProblem(null);
    onCreate(name.trim() || defaultName);
  };

  const cellClass = (id: string, column: Column) => {
    const cell = `${id}:${column}`;
    return marked(cell) ? (lit(cell) ? "invalid flash-on" : "invalid") : "";
  };

  return (
    <section className="import-results" aria-label="Import table">
      <div className="table-wrap">
        <table className="assets import-table">
          <thead>
            <tr>
              {HEADERS.map(([key, label]) => (
                <th key={key} scope="col">
                  {label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.id}>
                <td className={cellClass(r.id, "ticker")}>
                  <input
                    aria-label={`Ticker, row ${i + 1}`}
                    value={r.ticker}
                    maxLength={20}
                    onChange={(e) => set(r.id, "ticker", e.target.value)}
                  />
                  {r.name && <div className="muted small">{r.name}</div>}
                  {r.account && <div className="muted small">{r.account}</div>}
                </td>
                {(["quantity", "price", "cost"] as const).map((column) => (
                  <td key={column} className={cellClass(r.id, column)}>
                    <input
                      aria-label={`${HEADERS.find(([k]) => k === column)?.[1]}, row ${i + 1}`}
                      inputMode="decimal"
                      value={r[column]}
                      onChange={(e) => set(r.id, column, e.target.value)}
                    />
                  </td>
                ))}
                <td className={cellClass(r.id, "date")}>
                  <select aria-label={`Purchase date, row ${i + 1}`} value={r.date} onChange={(e) => set(r.id, "date", e.target.value)}>
                    <option value="">Choose…</option>
                    {dateOptions(r, today).map((o) => (
                      <option key={o.date} value={o.date}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <button type="button" className="button secondary small" aria-label={`Remove row ${i + 1}`} onClick={() => remove(r.id)}>
                    ✕
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="import-actions">
        <button type="button" className="button secondary" onClick={() => onChange([...rows, emptyRow(today)])}>
          Add a row
        </button>
        <label htmlFor={nameId}>Portfolio name</label>
        <input id={nameId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        <button type="button" className="button primary" disabled={busy} onClick={create}>
          Create portfolio
        </button>
      </div>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </section>
  );
}
