/**
 * Broker files → the import table's rows, the ledger, questions and checks. Up to IMPORT_MAX_FILES files of
 * one import (a history and its positions download settle together). Each file's bytes are decoded as UTF-8
 * (UTF-16 when it starts with that byte-order mark; Windows-1252 when it is not valid UTF-8, as older broker
 * exports are), refused when they are binary; then parsed by the format's parser (domain/files): files of
 * up to WORKER_BYTES together here (a CSV read with papaparse in slices of rows, a pause between them), larger
 * ones on a worker thread (file-worker.ts, the context's `fileWorker`) so they never hold the event loop,
 * stopped after WORKER_TIMEOUT_MS (a 422) and held to WORKER_HEAP_MB of memory. A generic CSV uses the mapping
 * sent, else the caller's saved mapping made for the same columns, else the one proposed from its header.
 * Tickers that are ISINs (DEGIRO, some IBKR queries) are looked up through the pricing search; one not found
 * stays an ISIN with an error asking for the ticker. Nothing of the file is stored.
 */

import { Worker } from "node:worker_threads";
import { lazyCheck } from "@folio/platform/check";
import { HttpError, notFound } from "@folio/platform/http/errors";
import { ImportMessages } from "@folio/proto/constants";
import { ErrorCodes, ImportErrorCodes } from "@folio/proto/error-codes";
import type { ColumnMapping, FileReply, ImportFormat, OpeningAnswer } from "@folio/proto/import";
import { ColumnMapping as MappingSchema, OpeningAnswers } from "@folio/proto/import";
import Papa from "papaparse";
import type { ImportContext } from "./context.ts";
import { CsvCollector, cleanText, headerKey, papaOptions, sniffSeparator } from "./domain/files/csv.ts";
import {
  type CsvRow,
  type FileImportOptions,
  FileProblem,
  type FileResult,
  looksLikeCsv,
  settleFiles,
  sourceFile,
} from "./domain/files/index.ts";
import type { SourceFile } from "./domain/files/port.ts";
import type { WorkerInput, WorkerOutput } from "./file-worker.ts";
import { isIsin } from "./resolve.ts";

const mappingCheck = lazyCheck(MappingSchema);
const openingsCheck = lazyCheck(OpeningAnswers);
/** rows read between two pauses */
const SLICE_ROWS = 1000;
/** files larger than this together are read on a worker thread */
export const WORKER_BYTES = 128 * 1024;
export const WORKER_TIMEOUT_MS = 30_000;
export const WORKER_HEAP_MB = 512;

/** Starts the worker thread that reads `input` (file-worker.ts). */
export type WorkerStarter = (input: WorkerInput) => Worker;

/**
 * The built worker beside the bundle (dist/server/import-file-worker.js); null under the sources (tsx, the
 * tests), where there is no built worker: files are then read in place unless the caller gives a starter
 * (the tests start the TypeScript module through tsx: test/file-worker.ts).
 */
export function builtWorker(): WorkerStarter | null {
  if (import.meta.url.endsWith(".ts")) return null;
  const url = new URL("./import-file-worker.js", import.meta.url);
  return (input) => new Worker(url, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}

/** settleFiles on a worker thread; a FileProblem there is one here, a hang past the timeout a 422. */
export function settleOnWorker(texts: string[], options: FileImportOptions, start: WorkerStarter): Promise<FileResult> {
  const worker = start({ texts, options });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new FileProblem(`Reading the file took longer than ${WORKER_TIMEOUT_MS / 1000} s. Export a shorter period.`));
    }, WORKER_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    worker.once("message", (out: WorkerOutput) => {
      done();
      worker.terminate();
      if (out.ok) resolve(out.result);
      else if ("problem" in out) reject(new FileProblem(out.problem.message, out.problem.status));
      else reject(new Error(`reading a broker file failed: ${out.error}`));
    });
    worker.once("error", (err) => {
      done();
      // a worker past its memory limit stops with ERR_WORKER_OUT_OF_MEMORY: the file is too much to read
      if ((err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY") {
        reject(new FileProblem("The file is too large to read. Export a shorter period.", 413));
      } else reject(err);
    });
  });
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
    throw new HttpError(400, ErrorCodes.validation, `body/${field} must be JSON: ${shape}`);
  }
  if (!check.Check(value)) throw new HttpError(400, ErrorCodes.validation, `body/${field} is not valid: ${shape}`);
  return value;
}

/** The CSV rows of a text, read in slices of SLICE_ROWS with a pause between them. */
export function readCsvRows(text: string): Promise<CsvRow[]> {
  const collector = new CsvCollector(text);
  let count = 0;
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(text, {
      ...papaOptions(sniffSeparator(text)),
      step: (result, parser) => {
        try {
          collector.add(result.data, result.meta.cursor);
        } catch (err) {
          // rejected before the abort: papaparse calls `complete` from inside abort()
          reject(err);
          parser.abort();
          return;
        }
        if (++count % SLICE_ROWS === 0) {
          parser.pause();
          setImmediate(() => parser.resume());
        }
      },
      complete: () => resolve(collector.rows),
    });
  });
}

const sameColumns = (a: string[], b: string[]) => {
  const key = (cols: string[]) => cols.map(headerKey).filter(Boolean).sort().join("|");
  return key(a) === key(b);
};

export interface FileFields {
  mapping?: string;
  mappingId?: string;
  openings?: string;
}

export async function importFiles(
  ctx: ImportContext,
  uid: string,
  uploads: Uint8Array[],
  fields: FileFields,
  today: string,
): Promise<FileReply> {
  if (uploads.length === 0 || uploads.every((b) => b.length === 0))
    throw new HttpError(400, ImportErrorCodes.emptyFile, "The file is empty");
  const texts: string[] = [];
  for (const bytes of uploads) {
    const text = bytes.length ? decodeText(bytes) : "";
    if (text === null) {
      throw new HttpError(
        415,
        ImportErrorCodes.notABrokerFile,
        "The file is not a CSV, OFX, QFX, QIF or XML export (it is binary). Export the positions or transactions as CSV or OFX.",
      );
    }
    texts.push(cleanText(text));
  }
  let mapping: ColumnMapping | undefined = jsonField(
    fields.mapping,
    "mapping",
    mappingCheck,
    '{"ticker": "<column>", "quantity": "<column>", …}',
  );
  const openings: OpeningAnswer[] | undefined = jsonField(
    fields.openings,
    "openings",
    openingsCheck,
    '[{"account": "", "key": "<ticker>", "quantity": 10}, …]',
  );
  let saved: { id: string; name: string } | undefined;
  if (fields.mappingId) {
    const record = await ctx.mappings.get(fields.mappingId);
    if (!record || record.uid !== uid) throw notFound("No such saved mapping");
    mapping = record.mapping;
    saved = { id: record._id, name: record.name };
  }

  let result: FileResult;
  try {
    const worker = texts.reduce((n, t) => n + t.length, 0) > WORKER_BYTES ? ctx.fileWorker : null;
    const files: SourceFile[] = [];
    if (!worker) for (const text of texts) files.push(sourceFile(text, looksLikeCsv(text) ? await readCsvRows(text) : undefined));
    const settleWith = (options: FileImportOptions) =>
      worker ? settleOnWorker(texts, options, worker) : Promise.resolve(settleFiles(files, options));
    result = await settleWith({ asOf: today, mapping, openings });
    if (result.needsMapping || (!mapping && result.mapping && result.columns)) {
      // a layout the user saved a mapping for is read with it
      const mine = await ctx.mappings.find({ uid });
      const match = mine.find((m) => sameColumns(m.columns, result.columns ?? []));
      if (match) {
        saved = { id: match._id, name: match.name };
        result = await settleWith({ asOf: today, mapping: match.mapping, openings });
      }
    }
  } catch (err) {
    if (err instanceof FileProblem) throw new HttpError(err.status, ImportErrorCodes.unreadableFile, err.message);
    throw err;
  }

  const errors = result.errors.map((e) => (e.line ? { line: e.line, message: e.message } : { message: e.message }));
  const found = new Map<string, string>();
  const rows = [];
  for (const row of result.rows) {
    if (isIsin(row.ticker)) {
      const ticker = found.get(row.ticker) ?? (await ctx.resolve(row.ticker));
      if (ticker) {
        found.set(row.ticker, ticker);
        rows.push({ ...row, ticker });
      } else {
        // the row stays, flagged: the user types its ticker in the table
        const flag = {
          field: "ticker" as const,
          code: "no-ticker" as const,
          message: `No ticker found for ISIN ${row.ticker}${row.name ? ` (${row.name})` : ""}: type its ticker.`,
        };
        rows.push({ ...row, flags: [...(row.flags ?? []), flag] });
      }
    } else rows.push(row);
  }
  const named = <T extends { ticker?: string }>(x: T): T =>
    x.ticker && found.has(x.ticker) ? { ...x, ticker: found.get(x.ticker) as string } : x;
  const generic = result.columns ? { mapping: result.mapping, columns: result.columns } : {};
  if (rows.length === 0 && result.questions.length === 0 && !result.needsMapping) {
    throw new HttpError(
      422,
      ImportErrorCodes.noHoldings,
      `${ImportMessages.noFileHoldings}${errors.length ? `: ${errors[0].message}` : ""}`,
    );
  }
  return {
    format: result.format as ImportFormat,
    // every row with its flags, none as an empty list (the screenshot rows' shape)
    message: rows.map((r) => ({ ...r, flags: r.flags ?? [] })),
    errors,
    transactions: result.transactions.map(named),
    // named as their rows are; a holding sold in full whose ISIN names no ticker is left out (it could not be priced)
    histories: (
      await Promise.all(
        result.histories.map(async (c) => {
          if (!isIsin(c.ticker)) return c;
          const ticker = found.get(c.ticker) ?? (await ctx.resolve(c.ticker));
          if (ticker) found.set(c.ticker, ticker);
          return ticker ? { ...c, ticker } : null;
        }),
      )
    ).filter((c) => c !== null),
    questions: result.questions.map(named),
    checks: result.checks.map(named),
    ...generic,
    ...(saved ? { savedMapping: saved } : {}),
  };
}
