import { IMPORT_MAX_FILE_BYTES } from "@folio/proto/constants";
import type { FileReply, ImportProblem } from "@folio/proto/import";
import { useState } from "react";
import { DropZone } from "./DropZone.tsx";
import { importError, useImportFileMutation } from "./importApi.ts";

interface FileImportProps {
  onRows: (reply: FileReply) => void;
}

const FIELDS: Array<[string, string, boolean]> = [
  ["ticker", "Ticker or ISIN", true],
  ["quantity", "Quantity", true],
  ["name", "Name", false],
  ["price", "Price", false],
  ["date", "Date", false],
  ["action", "Buy/sell", false],
  ["account", "Account", false],
];

export const FORMAT_NAMES: Record<string, string> = {
  schwab: "Charles Schwab",
  fidelity: "Fidelity",
  vanguard: "Vanguard",
  etrade: "E*Trade",
  ofx: "OFX/QFX",
  ibkr: "Interactive Brokers",
  degiro: "DEGIRO",
  trading212: "Trading 212",
  etoro: "eToro",
  revolut: "Revolut",
  freetrade: "Freetrade",
  ghostfolio: "Ghostfolio",
  csv: "CSV",
};

/**
 * A broker's export (CSV, OFX/QFX): the server recognises the format; a CSV it does not know comes back with
 * its columns and a proposed mapping for the user to confirm.
 */
export function FileImport({ onRows }: FileImportProps) {
  const [file, setFile] = useState<File | null>(null);
  const [send, { isLoading }] = useImportFileMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<ImportProblem[]>([]);

  const read = async (chosen: File, confirmed?: Record<string, string>) => {
    setFailure(null);
    setFile(chosen);
    if (chosen.size > IMPORT_MAX_FILE_BYTES) {
      setFailure("The file is larger than 5 MB. Export the positions or transactions only and try again.");
      return;
    }
    const result = await send({ file: chosen, mapping: confirmed });
    if (!result.data) {
      const { message } = importError(result.error, "The file could not be read. Please try again.");
      console.error("file import failed:", message);
      setFailure(message);
      return;
    }
    const reply = result.data;
    if (reply.columns && reply.message.length === 0) {
      setColumns(reply.columns);
      setMapping(Object.fromEntries(Object.entries(reply.mapping ?? {}).filter((e): e is [string, string] => typeof e[1] === "string")));
      setProblems(reply.errors);
      return;
    }
    setColumns(null);
    setProblems([]);
    onRows(reply);
  };

  return (
    <div className="file-import">
      <DropZone
        label="Choose a broker file"
        accept=".csv,.ofx,.qfx,.txt,text/csv"
        hint="An export of positions or transactions (CSV, OFX or QFX) from Schwab, Fidelity, Vanguard, E*Trade, Interactive Brokers, DEGIRO, Trading 212, eToro, Revolut, Freetrade, Ghostfolio, or any CSV. Read in memory, never kept."
        onFile={(f) => read(f)}
        disabled={isLoading}
      />
      {isLoading && <p aria-live="polite">Reading {file?.name}…</p>}
      {failure && (
        <p role="alert" className="import-error">
          {failure}
        </p>
      )}
      {columns && file && (
        <form
          className="mapping card"
          aria-label="Column mapping"
          onSubmit={(e) => {
            e.preventDefault();
            read(file, mapping);
          }}
        >
          <p>This CSV's layout is not one we know. Which column holds what?</p>
          {problems.length > 0 && <p className="muted">{problems[0].message}</p>}
          {FIELDS.map(([field, label, required]) => (
            <label key={field} className="mapping-field">
              <span>
                {label}
                {required ? " *" : ""}
              </span>
              <select value={mapping[field] ?? ""} onChange={(e) => setMapping({ ...mapping, [field]: e.target.value })}>
                <option value="">{required ? "Choose…" : "(none)"}</option>
                {columns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button type="submit" className="button primary" disabled={!mapping.ticker || !mapping.quantity || isLoading}>
            Read with these columns
          </button>
        </form>
      )}
    </div>
  );
}
