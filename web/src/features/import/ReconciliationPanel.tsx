import type { FileCheck, FileReply } from "@folio/proto/import";
import { formatQuantity } from "../../lib/format.ts";
import { cellNumber, type ImportRow } from "./importRows.ts";

interface ReconciliationPanelProps {
  reply: FileReply;
  /** the table as it is now (the user may have edited or removed rows) */
  rows: ImportRow[];
}

const amount = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shown = (c: FileCheck, n: number) => (c.kind === "quantity" ? formatQuantity(n) : amount.format(n));

/** The quantity the table has now for a check's holding (null when the table has no such row). */
function tableQuantity(check: FileCheck, rows: ImportRow[]): number | null {
  const matching = rows.filter((r) => r.ticker === check.ticker && (check.account === "" || r.account === check.account));
  if (matching.length === 0) return null;
  return matching.reduce((sum, r) => sum + (cellNumber(r.quantity) ?? 0), 0);
}

/**
 * The import against what the file states (docs/numbers.md "Broker files"): each difference first, with what was done
 * about it; the holdings whose quantity in the table now differs from the file's positions; the checks that
 * agree; the rows the reading could not fully fill. Shown beside the import table, before Create.
 */
export function ReconciliationPanel({ reply, rows }: ReconciliationPanelProps) {
  const checks = reply.checks ?? [];
  const differences = checks.filter((c) => !c.ok);
  const agreeing = checks.filter((c) => c.ok);
  const edited = checks
    .filter((c) => c.kind === "quantity" && c.ticker)
    .map((c) => ({ check: c, now: tableQuantity(c, rows) }))
    .filter(({ check, now }) => now === null || Math.abs(now - check.stated) > 1e-6);
  // the rows the file could not fully fill, as read (the table flags the same cells until each is settled)
  const noted = reply.message.filter((r) => r.flags.length > 0);
  return (
    <aside className="reconciliation card" aria-label="Checked against the file">
      <h2>Checked against the file</h2>
      {checks.length === 0 && <p className="muted">This file states no totals or positions to check the import against.</p>}
      {differences.length > 0 && (
        <section aria-label="Differences">
          <h3>
            {differences.length} {differences.length === 1 ? "difference" : "differences"}
          </h3>
          <ul className="checks">
            {differences.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: checks have no id and never reorder
              <li key={i} className="check differs">
                <strong>{c.label}</strong>
                {c.account ? <span className="muted"> · {c.account}</span> : null}
                <dl>
                  <dt>The file</dt>
                  <dd>{shown(c, c.stated)}</dd>
                  <dt>Imported</dt>
                  <dd>{c.computed === null ? "—" : shown(c, c.computed)}</dd>
                  {c.difference !== null && (
                    <>
                      <dt>Difference</dt>
                      <dd>{shown(c, c.difference)}</dd>
                    </>
                  )}
                </dl>
                {c.note && <p className="small">{c.note}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {edited.length > 0 && (
        <section aria-label="Edited since reading">
          <h3>The table now differs from the file's positions</h3>
          <ul className="checks">
            {edited.map(({ check, now }) => (
              <li key={`${check.account}:${check.ticker}`} className="check differs">
                <strong>{check.ticker}</strong>: the file's positions say {formatQuantity(check.stated)}, the table{" "}
                {now === null ? "has no row for it" : `has ${formatQuantity(now)}`}
              </li>
            ))}
          </ul>
        </section>
      )}
      {agreeing.length > 0 && (
        <section aria-label="Agreeing">
          <h3>{agreeing.length} agreeing</h3>
          <ul className="checks">
            {agreeing.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: checks have no id and never reorder
              <li key={i} className="check agrees">
                <span aria-hidden="true">✓ </span>
                {c.label}: {shown(c, c.stated)}
                {c.note && <span className="muted small"> ({c.note})</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {noted.length > 0 && (
        <section aria-label="Rows to look at">
          <h3>Rows to look at</h3>
          <ul className="checks">
            {noted.map((r) => (
              <li key={`${r.account}:${r.ticker}`} className="check">
                <strong>{r.ticker}</strong>
                {r.account ? <span className="muted"> · {r.account}</span> : null}: {r.flags.map((f) => f.message).join(" ")}
              </li>
            ))}
          </ul>
        </section>
      )}
    </aside>
  );
}
