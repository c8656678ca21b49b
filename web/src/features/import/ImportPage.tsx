import "./import.css";
import type { ImportedFrom } from "@folio/proto/constants";
import type { FileReply, ImportProblem } from "@folio/proto/import";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { NEW_SLUG } from "../../app/apiTypes.ts";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { Messages } from "../../app/messages.ts";
import { loginRequired, selectSignedIn } from "../auth/authSlice.ts";
import { useSavePortfolioMutation } from "../portfolio/portfolioApi.ts";
import { useLazyGetCloseQuery } from "../portfolio/pricingApi.ts";
import { lookUpClose } from "../portfolio/useSuggestedClose.ts";
import { showError, showSuccess } from "../toasts/toastsSlice.ts";
import { FileImport, FORMAT_NAMES } from "./FileImport.tsx";
import { ImportTable } from "./ImportTable.tsx";
import {
  askingClose,
  closeAnswered,
  closeWanted,
  fromFile,
  fromScreenshot,
  historySummary,
  type ImportRow,
  toAssets,
} from "./importRows.ts";
import { ReconciliationPanel } from "./ReconciliationPanel.tsx";
import { ScreenshotImport } from "./ScreenshotImport.tsx";
import { useImportPreview } from "./useImportPreview.ts";

type Source = "screenshot" | "file";

/**
 * What a broker file's history keeps (docs/numbers.md "Broker files": Trades): the rows saved as their buys and sales, and
 * the holdings it sold in full, so the realized gains of its sales survive the import.
 */
function HistoryNote({ rows, reply }: { rows: ImportRow[]; reply: FileReply | null }) {
  if (!reply) return null;
  const kept = historySummary(rows, reply.histories);
  if (kept.rows === 0 && kept.closed.length === 0) return null;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <p className="muted history-note" role="note">
      Saved with their history: {plural(kept.rows, "holding", "holdings")} as {plural(kept.buys, "purchase", "purchases")} and{" "}
      {plural(kept.sales, "sale", "sales")}
      {kept.closed.length > 0 ? `, including ${kept.closed.join(", ")}, sold in full` : ""}, so the realized gains of the sales are kept. A
      row you change is saved as one position.
    </p>
  );
}

/** /import: a portfolio from a screenshot or a broker file, through the shared import table. */
export function ImportPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectSignedIn);
  const [source, setSource] = useState<Source>("screenshot");
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [imported, setImported] = useState<ImportedFrom>("screenshot");
  // a broker file's reply: its checks against the file's totals are shown beside the table
  const [fileReply, setFileReply] = useState<FileReply | null>(null);
  // a new reading starts a new table (its name field and flashing); edits and removed rows keep it
  const [reading, setReading] = useState(0);
  const [save, { isLoading: saving }] = useSavePortfolioMutation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only
  useEffect(() => {
    if (!signedIn) dispatch(loginRequired());
  }, []);

  const [fetchClose] = useLazyGetCloseQuery();
  const preview = useImportPreview(rows);

  /**
   * Rows without a purchase price (a phone list that shows only the shares, a transfer in a broker's file)
   * are given the as-traded close of their date, as the Add window suggests it (lookUpClose), and again when
   * their ticker or date changes, until the user types a price; a ticker pricing does not know stays empty,
   * with the reason under the cell.
   */
  useEffect(() => {
    const wanted = (rows ?? []).map((r) => ({ id: r.id, ticker: r.ticker.trim(), date: r.date, key: closeWanted(r) })).filter((w) => w.key);
    if (wanted.length === 0) return;
    const keyOf = new Map(wanted.map((w) => [w.id, w.key as string]));
    setRows((current) => current?.map((r) => (keyOf.has(r.id) ? askingClose(r, keyOf.get(r.id) as string) : r)) ?? null);
    for (const w of wanted) {
      lookUpClose(fetchClose, w.ticker, w.date).then((found) =>
        setRows((current) => current?.map((r) => (r.id === w.id ? closeAnswered(r, w.key as string, found) : r)) ?? null),
      );
    }
  }, [rows, fetchClose]);

  const show = (read: ImportRow[]) => {
    setReading((n) => n + 1);
    setRows(read);
  };

  const pick = (next: Source) => {
    setSource(next);
    setRows(null);
    setProblems([]);
    setFileReply(null);
  };

  const create = async (name: string) => {
    if (!rows) return;
    const assets = toAssets(rows, fileReply?.histories);
    const result = await save({ slug: NEW_SLUG, body: { portfolio: { assets, imported }, newPortfolioName: name } });
    if (result.data?.message === "pcreated" && result.data.slug) {
      dispatch(showSuccess(Messages.portfolioCreated));
      navigate(`/p/${result.data.slug}`);
    } else if (!(result.error && isNoUser(result.error))) {
      dispatch(showError(errorMessage(result.error ?? { data: result.data }, Messages.saveFailed)));
    }
  };

  if (!signedIn) return <p className="muted">Log in to import a portfolio.</p>;

  const defaultName = imported === "screenshot" ? "Imported from a screenshot" : `Imported from ${FORMAT_NAMES[imported] ?? "a file"}`;
  return (
    <section className="import-page">
      <h1>Import a portfolio</h1>
      <div className="tabs" role="tablist">
        {(["screenshot", "file"] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={source === s}
            className={source === s ? "tab active" : "tab"}
            onClick={() => pick(s)}
          >
            {s === "screenshot" ? "Screenshot" : "Broker file"}
          </button>
        ))}
      </div>
      {source === "screenshot" ? (
        <ScreenshotImport
          onRows={(read, errors) => {
            setImported("screenshot");
            setFileReply(null);
            show(fromScreenshot(read, new Date()));
            setProblems(errors);
          }}
        />
      ) : (
        <FileImport
          onRows={(reply) => {
            setImported(reply.format);
            setFileReply(reply);
            show(fromFile(reply.message, reply.histories));
            setProblems(reply.errors);
          }}
        />
      )}
      {rows && (
        <div className={fileReply ? "import-review" : undefined}>
          <div>
            <h2>
              {rows.length} {rows.length === 1 ? "holding" : "holdings"} found
              {imported !== "screenshot" && <span className="muted"> · {FORMAT_NAMES[imported] ?? imported}</span>}
            </h2>
            <p className="muted">Check each row, fix what was misread, then create the portfolio.</p>
            <HistoryNote rows={rows} reply={fileReply} />
            <ImportTable
              key={reading}
              rows={rows}
              onChange={setRows}
              onCreate={create}
              defaultName={defaultName}
              busy={saving}
              preview={preview}
            />
          </div>
          {fileReply && <ReconciliationPanel reply={fileReply} rows={rows} />}
        </div>
      )}
      {problems.length > 0 && (
        <details className="import-problems" open={problems.length <= 5}>
          <summary>
            {problems.length} {problems.length === 1 ? "line was" : "lines were"} left out
          </summary>
          <ul>
            {problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id and never reorder
              <li key={i}>
                {p.line ? `Line ${p.line}: ` : ""}
                {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
