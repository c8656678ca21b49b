import type { ImportFlag } from "@folio/proto/import";
import { useId, useRef, useState } from "react";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { signedMoney } from "../portfolio/receiptView.ts";
import {
  type Column,
  confirmRow,
  dateOptions,
  editRow,
  emptyRow,
  flagColumn,
  flaggedRows,
  type ImportRow,
  invalidCells,
} from "./importRows.ts";
import { useFlash } from "./useFlash.ts";
import type { ImportPreview, RowFigures } from "./useImportPreview.ts";

interface ImportTableProps {
  rows: ImportRow[];
  onChange: (rows: ImportRow[]) => void;
  /** the rows passed the checks: create the portfolio */
  onCreate: (name: string) => void;
  defaultName: string;
  busy: boolean;
  /** the server's figures of the rows (useImportPreview) */
  preview: ImportPreview;
  today?: Date;
}

const HEADERS: Array<[Column | "cost", string]> = [
  ["ticker", "Ticker"],
  ["quantity", "Quantity"],
  ["price", "Purchase price"],
  ["cost", "Cost"],
  ["date", "Purchase date"],
];
const label = (column: Column | "cost") => HEADERS.find(([k]) => k === column)?.[1] ?? column;

/** Column 4: the row's cost and today's value as the server's valuation gives them, or why there are none. */
function Figures({ figures, currency }: { figures: RowFigures | "valuing" | undefined; currency: string }) {
  if (figures === undefined) return <span className="muted">—</span>;
  if (figures === "valuing") return <span className="muted">Being valued…</span>;
  return (
    <>
      <span>{figures.cost === null ? "NA" : formatMoney(figures.cost, currency)}</span>
      <div className="muted small">
        {figures.unpriced
          ? `No price (${figures.unpriced})`
          : figures.marketValue === null
            ? ""
            : `${formatMoney(figures.marketValue, currency)} today`}
      </div>
    </>
  );
}

/**
 * The rows read from a screenshot or a file, editable, checked before they become a portfolio (spec §5).
 * A flagged cell (something the reading was not sure of) says why under its input, is marked invalid for
 * assistive technology with the reason as its description, and keeps Create waiting until the user corrects
 * it or confirms the row ("Looks right"). On a phone each row is a card, so nothing scrolls sideways.
 */
export function ImportTable({ rows, onChange, onCreate, defaultName, busy, preview, today = new Date() }: ImportTableProps) {
  const [name, setName] = useState(defaultName);
  const { flash, lit, marked } = useFlash();
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const base = useId();
  const tableRef = useRef<HTMLTableElement>(null);

  const replace = (id: string, change: (r: ImportRow) => ImportRow) => onChange(rows.map((r) => (r.id === id ? change(r) : r)));
  const set = (id: string, column: Column, text: string) => replace(id, (r) => editRow(r, column, text));
  const remove = (id: string) => onChange(rows.filter((r) => r.id !== id));
  const flagged = flaggedRows(rows);

  const focusFirst = (selector: string) => tableRef.current?.querySelector<HTMLElement>(selector)?.focus();

  const create = () => {
    if (rows.length === 0) {
      setProblem("Add at least one row.");
      return;
    }
    const bad = invalidCells(rows);
    for (const r of flagged) for (const f of r.flags) bad.add(`${r.id}:${flagColumn(f)}`);
    if (bad.size > 0) {
      const parts = [];
      if (flagged.length > 0)
        parts.push(
          `${flagged.length === 1 ? "One row needs" : `${flagged.length} rows need`} a check: correct the flagged cells or confirm the row with "Looks right".`,
        );
      const empty = bad.size - flagged.reduce((n, r) => n + new Set(r.flags.map(flagColumn)).size, 0);
      if (empty > 0)
        parts.push(`${empty === 1 ? "One cell needs" : `${empty} cells need`} a value: each number above 0, a ticker and a date.`);
      setProblem(parts.join(" "));
      flash(bad);
      // after the cells are marked: the first one that needs the user, for keyboard and screen reader
      setTimeout(() => focusFirst('[aria-invalid="true"]'), 0);
      return;
    }
    setProblem(null);
    onCreate(name.trim() || defaultName);
  };

  const cellClass = (id: string, column: Column, flags: ImportFlag[]) => {
    const cell = `${id}:${column}`;
    const classes = [flags.length ? "flagged" : "", marked(cell) ? (lit(cell) ? "invalid flash-on" : "invalid") : ""];
    return classes.filter(Boolean).join(" ");
  };
  const flagsOf = (r: ImportRow, column: Column) => r.flags.filter((f) => flagColumn(f) === column);
  const reasonId = (r: ImportRow, column: Column) => `${base}-${r.id}-${column}`;
  const reasons = (r: ImportRow, column: Column) => {
    const flags = flagsOf(r, column);
    if (!flags.length) return null;
    return (
      <p className="flag-reason" id={reasonId(r, column)}>
        <span aria-hidden="true">⚠ </span>
        {flags.map((f) => f.message).join(" ")}
      </p>
    );
  };
  const describedBy = (r: ImportRow, column: Column) => (flagsOf(r, column).length ? reasonId(r, column) : undefined);
  // a cell is invalid while it is flagged, or after a Create that stopped on it, until it holds a value
  const empty = invalidCells(rows);
  const invalid = (r: ImportRow, column: Column) =>
    flagsOf(r, column).length > 0 || (marked(`${r.id}:${column}`) && empty.has(`${r.id}:${column}`)) || undefined;

  return (
    <section className="import-results" aria-label="Import table">
      {flagged.length > 0 && (
        <p className="import-flags-summary" role="status">
          <span aria-hidden="true">⚠ </span>
          {flagged.length === 1 ? "1 row to check" : `${flagged.length} rows to check`} before the portfolio can be created: the reading was
          not sure of the marked cells.{" "}
          <button type="button" className="link-button" onClick={() => focusFirst('[aria-invalid="true"]')}>
            Go to the first
          </button>
        </p>
      )}
      <div className="table-wrap">
        <table className="assets import-table" ref={tableRef}>
          <thead>
            <tr>
              {HEADERS.map(([key, text]) => (
                <th key={key} scope="col">
                  {text}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Check and remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const suggestion = r.flags.find((f) => f.suggestion && flagColumn(f) === "ticker")?.suggestion;
              return (
                <tr key={r.id} className={r.flags.length ? "row-flagged" : undefined}>
                  <td className={cellClass(r.id, "ticker", flagsOf(r, "ticker"))} data-label="Ticker">
                    <input
                      aria-label={`Ticker, row ${i + 1}`}
                      aria-invalid={invalid(r, "ticker")}
                      aria-describedby={describedBy(r, "ticker")}
                      value={r.ticker}
                      maxLength={20}
                      onChange={(e) => set(r.id, "ticker", e.target.value)}
                    />
                    {r.name && <div className="muted small">{r.name}</div>}
                    {r.account && <div className="muted small">{r.account}</div>}
                    {reasons(r, "ticker")}
                  </td>
                  {(["quantity", "price"] as const).map((column) => (
                    <td key={column} className={cellClass(r.id, column, flagsOf(r, column))} data-label={label(column)}>
                      <input
                        aria-label={`${label(column)}, row ${i + 1}`}
                        aria-invalid={invalid(r, column)}
                        aria-describedby={describedBy(r, column)}
                        inputMode="decimal"
                        value={r[column]}
                        onChange={(e) => set(r.id, column, e.target.value)}
                      />
                      {column === "price" && r.priceNote && (
                        <div
                          className={`muted small price-note ${r.priceNote.kind}`}
                          role={r.priceNote.kind === "failed" ? "note" : undefined}
                        >
                          {r.priceNote.text}
                        </div>
                      )}
                      {reasons(r, column)}
                    </td>
                  ))}
                  <td className="figures" data-label="Cost" aria-label={`Cost, row ${i + 1}`}>
                    <Figures figures={preview.rows.get(r.id)} currency={preview.currency} />
                  </td>
                  <td className={cellClass(r.id, "date", flagsOf(r, "date"))} data-label="Purchase date">
                    <select
                      aria-label={`Purchase date, row ${i + 1}`}
                      aria-invalid={invalid(r, "date")}
                      aria-describedby={describedBy(r, "date")}
                      value={r.date}
                      onChange={(e) => set(r.id, "date", e.target.value)}
                    >
                      <option value="">Choose…</option>
                      {dateOptions(r, today).map((o) => (
                        <option key={o.date} value={o.date}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                    {reasons(r, "date")}
                  </td>
                  <td className="row-actions">
                    {suggestion && suggestion !== r.ticker && (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={`Use ${suggestion} as the ticker of row ${i + 1}`}
                        onClick={() => set(r.id, "ticker", suggestion)}
                      >
                        Use {suggestion}
                      </button>
                    )}
                    {r.flags.length > 0 && (
                      <button
                        type="button"
                        className="button secondary small"
                        aria-label={`Row ${i + 1} looks right: confirm it as read`}
                        onClick={() => replace(r.id, confirmRow)}
                      >
                        Looks right
                      </button>
                    )}
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => remove(r.id)}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="import-totals muted" aria-live="polite">
        {preview.problem ??
          (preview.totals
            ? `Together: cost ${formatMoney(preview.totals.cost, preview.currency)}${
                preview.totals.marketValue === null ? "" : `, worth ${formatMoney(preview.totals.marketValue, preview.currency)} today`
              }${
                preview.totals.realizedProfitLoss ? `, realized ${signedMoney(preview.totals.realizedProfitLoss, preview.currency)}` : ""
              }${preview.totals.pricesAsOf ? ` (prices as of ${formatDate(preview.totals.pricesAsOf)})` : ""}: the figures the portfolio will show.`
            : "Costs and values are worked out by the server as rows are filled in.")}
      </p>
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
