/**
 * Reading an upload of broker files as one task of CPU, from the form's bytes to the import's rows, ledger,
 * questions and checks: the multipart form read (multipart.ts, the import's one reader), each file's bytes decoded (UTF-8; UTF-16 with its byte-order
 * mark; Windows-1252 when not valid UTF-8; refused when binary), the format's parser and the settling
 * (domain/files), with the mapping sent, the caller's saved mapping named (`mappingId`) or made for the same
 * columns. The ledger, tens of thousands of transactions for a 5 MB history, comes back as JSON text.
 *
 * It runs on the import's file threads (file-worker.ts, a WorkerPool) in the built app, so neither the form's
 * megabytes nor the parsing hold the service's event loop; in place under the sources (the service tests).
 * What it cannot read is a refusal with its status and words, never a thrown error.
 */
import { lazyCheck } from "@folio/platform/check";
import { ErrorCodes, ImportErrorCodes } from "@folio/proto/error-codes";
import type { ColumnMapping, OpeningAnswer } from "@folio/proto/import";
import { FileHistory, FileTransaction, ColumnMapping as MappingSchema, OpeningAnswers } from "@folio/proto/import";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { cleanText, headerKey } from "./domain/files/csv.ts";
import { type FileImportOptions, FileProblem, type FileResult, settleFiles, sourceFile } from "./domain/files/index.ts";
import { isIsin } from "./domain/isin.ts";
import { FormUnreadable, formFiles } from "./multipart.ts";

const mappingCheck = lazyCheck(MappingSchema);
const openingsCheck = lazyCheck(OpeningAnswers);
const Transactions = Type.Array(FileTransaction);
const Histories = Type.Array(FileHistory);

/** A saved mapping of the caller's, as the task needs it. */
export interface SavedLayout {
  id: string;
  name: string;
  columns: string[];
  mapping: ColumnMapping;
}

export interface FileTaskInput {
  /** the request's multipart body */
  body: Uint8Array;
  contentType: string;
  /** the form field holding the files, and how many it may hold */
  field: string;
  maxFiles: number;
  /** the caller's saved mappings (a `mappingId` names one of them; a layout they saved one for is read with it) */
  mappings: SavedLayout[];
  /** the day the import is as of */
  today: string;
}

/** The task's answer: the result (its ledger as JSON text), or why the upload is refused. */
export type FileTaskOutput =
  | {
      ok: true;
      result: Omit<FileResult, "transactions" | "histories">;
      /** JSON of the ledger's transactions, cleaned against FileTransaction */
      transactions: string;
      /** JSON of the holdings' histories (their buys and sales: as many as the ledger's), cleaned against FileHistory */
      histories: string;
      /** the histories' tickers that are ISINs (named through the pricing search by the service) */
      historyIsins: string[];
      saved?: { id: string; name: string };
    }
  | { ok: false; status: number; code: string; message: string };

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function decodeText(bytes: Uint8Array): string | null {
  // Excel's "Unicode text" and some Windows exports are UTF-16 with a byte-order mark
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function jsonField<T>(raw: string | undefined, field: string, check: { Check(v: unknown): v is T }, shape: string): T | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Refused(400, ErrorCodes.validation, `body/${field} must be JSON: ${shape}`);
  }
  if (!check.Check(value)) throw new Refused(400, ErrorCodes.validation, `body/${field} is not valid: ${shape}`);
  return value;
}

const sameColumns = (a: string[], b: string[]) => {
  const key = (cols: string[]) => cols.map(headerKey).filter(Boolean).sort().join("|");
  return key(a) === key(b);
};

async function read(input: FileTaskInput): Promise<FileTaskOutput> {
  let form: ReturnType<typeof formFiles>;
  try {
    form = formFiles(input.body, input.contentType, input.field, input.maxFiles);
  } catch (err) {
    if (err instanceof FormUnreadable) throw new Refused(400, ErrorCodes.validation, err.message);
    throw err;
  }
  const uploads = form.files.map((f) => f.bytes);
  const { fields } = form;
  if (uploads.length === 0 || uploads.every((b) => b.length === 0)) throw new Refused(400, ImportErrorCodes.emptyFile, "The file is empty");
  const texts: string[] = [];
  for (const bytes of uploads) {
    const text = bytes.length ? decodeText(bytes) : "";
    if (text === null) {
      throw new Refused(
        415,
        ImportErrorCodes.notABrokerFile,
        "The file is not a CSV, OFX, QFX, QIF or XML export (it is binary). Export the positions or transactions as CSV or OFX.",
      );
    }
    texts.push(cleanText(text));
  }
  let mapping: ColumnMapping | undefined = jsonField(
    fields.get("mapping"),
    "mapping",
    mappingCheck,
    '{"ticker": "<column>", "quantity": "<column>", …}',
  );
  const openings: OpeningAnswer[] | undefined = jsonField(
    fields.get("openings"),
    "openings",
    openingsCheck,
    '[{"account": "", "key": "<ticker>", "quantity": 10}, …]',
  );
  let saved: { id: string; name: string } | undefined;
  const mappingId = fields.get("mappingId");
  if (mappingId) {
    const record = input.mappings.find((m) => m.id === mappingId);
    if (!record) throw new Refused(404, ErrorCodes.notFound, "No such saved mapping");
    mapping = record.mapping;
    saved = { id: record.id, name: record.name };
  }
  const files = texts.map((t) => sourceFile(t));
  const settleWith = (options: FileImportOptions) => settleFiles(files, options);
  let result = settleWith({ asOf: input.today, mapping, openings });
  if (result.needsMapping || (!mapping && result.mapping && result.columns)) {
    // a layout the user saved a mapping for is read with it
    const match = input.mappings.find((m) => sameColumns(m.columns, result.columns ?? []));
    if (match) {
      saved = { id: match.id, name: match.name };
      result = settleWith({ asOf: input.today, mapping: match.mapping, openings });
    }
  }
  // the ledger and the histories go back as text: as objects, copying them to the service's thread and
  // serialising them there held its event loop for a second on a 4 MB history
  const { transactions, histories, ...rest } = result;
  return {
    ok: true,
    result: rest,
    transactions: JSON.stringify(Value.Clean(Transactions, transactions)),
    histories: JSON.stringify(Value.Clean(Histories, histories)),
    historyIsins: [...new Set(histories.map((h) => h.ticker).filter(isIsin))],
    ...(saved ? { saved } : {}),
  };
}

/** The upload read and settled, or why it is refused (a FileProblem's status and words). */
export async function readBrokerFiles(input: FileTaskInput): Promise<FileTaskOutput> {
  try {
    return await read(input);
  } catch (err) {
    if (err instanceof Refused) return { ok: false, status: err.status, code: err.code, message: err.message };
    if (err instanceof FileProblem) return { ok: false, status: err.status, code: ImportErrorCodes.unreadableFile, message: err.message };
    throw err;
  }
}
