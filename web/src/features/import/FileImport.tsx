import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILES } from "@folio/proto/constants";
import type { ColumnMapping, FileReply, OpeningAnswer } from "@folio/proto/import";
import { useState } from "react";
import { DropZone } from "./DropZone.tsx";
import { type ReadFilesArgs, useReadBrokerFilesMutation, useSaveMappingMutation } from "./fileImportApi.ts";
import { importError } from "./importApi.ts";
import { MappingForm } from "./MappingForm.tsx";
import { OpeningQuestions } from "./OpeningQuestions.tsx";

interface FileImportProps {
  onRows: (reply: FileReply) => void;
}

export const FORMAT_NAMES: Record<string, string> = {
  schwab: "Charles Schwab",
  fidelity: "Fidelity",
  vanguard: "Vanguard",
  etrade: "E*Trade",
  ofx: "OFX/QFX",
  qif: "QIF",
  ibkr: "Interactive Brokers",
  degiro: "DEGIRO",
  trading212: "Trading 212",
  etoro: "eToro",
  revolut: "Revolut",
  robinhood: "Robinhood",
  coinbase: "Coinbase",
  kraken: "Kraken",
  freetrade: "Freetrade",
  ghostfolio: "Ghostfolio",
  csv: "CSV",
};

const ACCEPT = ".csv,.ofx,.qfx,.qif,.xml,.txt,text/csv,text/xml,application/xml";
const TOO_LARGE = "The files are larger than 5 MB together. Export the positions or transactions only and try again.";

/**
 * Broker exports (CSV, OFX/QFX, QIF, IBKR Flex XML), one or several at once (a history and its positions
 * download settle together): the server recognises the format; a CSV it does not know comes back with its
 * columns and a proposed mapping for the user to confirm (and save); a history that starts mid-way comes
 * back with questions about what was held before it.
 */
export function FileImport({ onRows }: FileImportProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [send, { isLoading }] = useReadBrokerFilesMutation();
  const [saveMapping] = useSaveMappingMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [reply, setReply] = useState<FileReply | null>(null);
  const [asking, setAsking] = useState<{ columns: string[]; mapping: Partial<ColumnMapping>; problem?: string } | null>(null);
  const [used, setUsed] = useState<Omit<ReadFilesArgs, "files" | "openings">>({});
  const [notice, setNotice] = useState<string | null>(null);

  const read = async (chosen: File[], args: Omit<ReadFilesArgs, "files"> = {}, saveAs: string | null = null) => {
    setFailure(null);
    setNotice(null);
    setFiles(chosen);
    if (chosen.length > IMPORT_MAX_FILES) {
      setFailure(`Choose at most ${IMPORT_MAX_FILES} files at once.`);
      return;
    }
    if (chosen.reduce((n, f) => n + f.size, 0) > IMPORT_MAX_FILE_BYTES) {
      setFailure(
        chosen.length === 1 ? "The file is larger than 5 MB. Export the positions or transactions only and try again." : TOO_LARGE,
      );
      return;
    }
    const result = await send({ files: chosen, ...args });
    if (!result.data) {
      const { message } = importError(result.error, "The file could not be read. Please try again.");
      console.error("file import failed:", message);
      setFailure(message);
      return;
    }
    const data = result.data;
    setUsed({ mapping: args.mapping, mappingId: args.mappingId ?? data.savedMapping?.id });
    setReply(data);
    if (data.columns && data.message.length === 0 && (data.questions ?? []).length === 0) {
      setAsking({ columns: data.columns, mapping: data.mapping ?? {}, problem: data.errors[0]?.message });
      return;
    }
    setAsking(null);
    if (saveAs && args.mapping && data.columns) {
      const saved = await saveMapping({ name: saveAs, columns: data.columns, mapping: args.mapping });
      setNotice(saved.data ? `Saved as “${saved.data.name}” for your next file of this layout.` : "The columns could not be saved.");
    }
    onRows(data);
  };

  const answer = (openings: OpeningAnswer[]) => read(files, { ...used, openings });
  const generic = reply?.columns && reply.columns.length > 0;

  return (
    <div className="file-import">
      <DropZone
        label="Choose a broker file"
        accept={ACCEPT}
        hint={`An export of positions or transactions (CSV, OFX, QFX, QIF or IBKR Flex XML) from Schwab, Fidelity, Vanguard, E*Trade, Interactive Brokers, DEGIRO, Trading 212, Revolut, Robinhood, Coinbase, Kraken, eToro, Freetrade, or any CSV. Add the positions download with a history to check one against the other (up to ${IMPORT_MAX_FILES} files). Read in memory, never kept.`}
        onFile={(f) => read([f])}
        onFiles={(chosen) => read(chosen)}
        disabled={isLoading}
      />
      {isLoading && <p aria-live="polite">Reading {files.map((f) => f.name).join(", ")}…</p>}
      {failure && (
        <p role="alert" className="import-error">
          {failure}
        </p>
      )}
      {reply && !asking && (
        <div className="file-summary">
          <p>
            Read {files.map((f) => f.name).join(" and ")} as {FORMAT_NAMES[reply.format] ?? reply.format}
            {reply.savedMapping ? ` with your saved columns “${reply.savedMapping.name}”` : ""}.
          </p>
          {notice && <p aria-live="polite">{notice}</p>}
          <div className="file-actions">
            {files.length < IMPORT_MAX_FILES && (
              <label className="button secondary small">
                Add another file of this account
                <input
                  className="visually-hidden"
                  type="file"
                  accept={ACCEPT}
                  disabled={isLoading}
                  onChange={(e) => {
                    const extra = [...(e.target.files ?? [])];
                    e.target.value = "";
                    if (extra.length) read([...files, ...extra], used);
                  }}
                />
              </label>
            )}
            {generic && (
              <button
                type="button"
                className="button secondary small"
                onClick={() => setAsking({ columns: reply.columns ?? [], mapping: reply.mapping ?? {} })}
              >
                Change columns
              </button>
            )}
          </div>
        </div>
      )}
      {asking && files.length > 0 && (
        <MappingForm
          key={asking.columns.join("\u0000")}
          columns={asking.columns}
          proposed={asking.mapping}
          problem={asking.problem}
          busy={isLoading}
          onRead={(mapping, saveAs) => read(files, { mapping }, saveAs)}
          onUseSaved={(id) => read(files, { mappingId: id })}
        />
      )}
      {reply && !asking && (reply.questions ?? []).length > 0 && (
        <OpeningQuestions
          key={(reply.questions ?? []).map((q) => `${q.key}:${q.atLeast}:${q.answered ?? ""}`).join("|")}
          questions={reply.questions}
          busy={isLoading}
          onAnswer={answer}
        />
      )}
    </div>
  );
}
