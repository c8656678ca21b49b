/**
 * Broker files → the import table's rows, the ledger, questions and checks. Up to IMPORT_MAX_FILES files of
 * one import (a history and its positions download settle together). The whole reading, from the multipart
 * bytes to the settled ledger, is one task (file-task.ts) run on the import's file threads (file-worker.ts: a
 * WorkerPool of IMPORT_FILE_THREADS threads, default 1, at most IMPORT_FILE_QUEUE uploads waiting, each stopped
 * after FILE_TASK_TIMEOUT_MS with a 422 and held to FILE_HEAP_MB of memory), so no file, whatever its size,
 * holds the service's event loop; under the sources (the service tests) the task runs in place. Here: the
 * caller's saved mappings handed to the task, tickers that are ISINs (DEGIRO, some IBKR queries) looked up
 * through the pricing search (one not found stays an ISIN with an error asking for the ticker), and the reply
 * assembled with the ledger as the task wrote it. Nothing of the file is stored.
 */

import { readEnv } from "@folio/platform/env";
import { jsonWith } from "@folio/platform/http/encoded-reply";
import { HttpError } from "@folio/platform/http/errors";
import { InPlace, TaskOutOfMemory, type TaskRunner, TaskTimeout, WorkerPool } from "@folio/platform/worker-pool";
import { IMPORT_MAX_FILES, ImportMessages } from "@folio/proto/constants";
import { ImportErrorCodes } from "@folio/proto/error-codes";
import { FileReply, type ImportFormat } from "@folio/proto/import";
import { Type } from "typebox";
import { Value } from "typebox/value";
import { ImportEnvironment } from "./config.ts";
import type { ImportContext } from "./context.ts";
import { type FileTaskInput, type FileTaskOutput, readBrokerFiles } from "./file-task.ts";
import { isIsin } from "./resolve.ts";

const ReplyWithoutLedger = Type.Omit(FileReply, ["transactions", "histories"]);

export const FILE_TASK_TIMEOUT_MS = 30_000;
export const FILE_HEAP_MB = 512;
/** the file threads' nursery (worker-pool.ts youngMb): smaller than the main thread's default */
const FILE_YOUNG_MB = 16;

export type FileTasks = TaskRunner<FileTaskInput, FileTaskOutput>;

/** The built app's file threads (dist/server/import-file-worker.js beside the bundle), or the task in place under the sources. */
export function fileTasks(env: NodeJS.ProcessEnv): FileTasks {
  if (import.meta.url.endsWith(".ts")) return new InPlace(readBrokerFiles);
  return filePool(new URL("./import-file-worker.js", import.meta.url), env);
}

/** The pool of file threads, started from `start` (the built worker, or the sources through tsx in tests). */
export function filePool(start: ConstructorParameters<typeof WorkerPool>[0]["start"], env: NodeJS.ProcessEnv = {}): FileTasks {
  const settings = readEnv(ImportEnvironment, env);
  return new WorkerPool<FileTaskInput, FileTaskOutput>({
    name: "broker files",
    start,
    threads: settings.IMPORT_FILE_THREADS,
    maxQueued: settings.IMPORT_FILE_QUEUE,
    timeoutMs: FILE_TASK_TIMEOUT_MS,
    heapMb: FILE_HEAP_MB,
    youngMb: FILE_YOUNG_MB,
  });
}

/** The request body as the task's input: moved to the thread when it owns its memory, else copied. */
function bodyBytes(body: Buffer): Uint8Array {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return new Uint8Array(body.buffer);
  return new Uint8Array(body);
}

/** Runs the task; a thread out of memory or out of time is the file's problem (413, 422), as Plaid's are the fake's. */
async function run(tasks: FileTasks, input: FileTaskInput): Promise<FileTaskOutput> {
  try {
    return await tasks.run(input, { transfer: [input.body.buffer as ArrayBuffer] });
  } catch (err) {
    if (err instanceof TaskTimeout) {
      throw new HttpError(
        422,
        ImportErrorCodes.unreadableFile,
        `Reading the file took longer than ${FILE_TASK_TIMEOUT_MS / 1000} s. Export a shorter period.`,
      );
    }
    // a thread past its memory limit is ended: the file is too much to read
    if (err instanceof TaskOutOfMemory) {
      throw new HttpError(413, ImportErrorCodes.unreadableFile, "The file is too large to read. Export a shorter period.");
    }
    throw err;
  }
}

/** The reply's JSON (FileReply), the ledger spliced in as the task wrote it. */
export async function importFiles(ctx: ImportContext, uid: string, body: Buffer, contentType: string, today: string): Promise<string> {
  const mine = await ctx.mappings.find({ uid });
  const mappings = mine.map((m) => ({ id: m._id, name: m.name, columns: m.columns, mapping: m.mapping }));
  const out = await run(ctx.files, { body: bodyBytes(body), contentType, field: "file", maxFiles: IMPORT_MAX_FILES, mappings, today });
  if (!out.ok) throw new HttpError(out.status, out.code, out.message);
  const { result, saved } = out;
  let transactions = out.transactions;

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
  // the histories' ISINs: named as their rows are; a holding sold in full whose ISIN names no ticker is left
  // out (it could not be priced)
  let histories = out.histories;
  for (const isin of out.historyIsins) {
    const ticker = found.get(isin) ?? (await ctx.resolve(isin));
    if (ticker) found.set(isin, ticker);
  }
  const unnamed = out.historyIsins.filter((isin) => !found.has(isin));
  if (unnamed.length > 0) {
    const kept = (JSON.parse(histories) as { ticker: string }[]).filter((c) => !unnamed.includes(c.ticker));
    histories = JSON.stringify(kept);
  }
  // the ISINs in the ledger's and the histories' JSON: an ISIN is letters and digits, written as it is
  for (const [isin, ticker] of found) {
    const from = `"ticker":${JSON.stringify(isin)}`;
    const to = `"ticker":${JSON.stringify(ticker)}`;
    transactions = transactions.replaceAll(from, to);
    histories = histories.replaceAll(from, to);
  }
  const generic = result.columns ? { mapping: result.mapping, columns: result.columns } : {};
  if (rows.length === 0 && result.questions.length === 0 && !result.needsMapping) {
    throw new HttpError(
      422,
      ImportErrorCodes.noHoldings,
      `${ImportMessages.noFileHoldings}${errors.length ? `: ${errors[0].message}` : ""}`,
    );
  }
  const reply: Omit<FileReply, "transactions" | "histories"> = {
    format: result.format as ImportFormat,
    // every row with its flags, none as an empty list (the screenshot rows' shape)
    message: rows.map((r) => ({ ...r, flags: r.flags ?? [] })),
    errors,
    questions: result.questions.map(named),
    checks: result.checks.map(named),
    ...generic,
    ...(saved ? { savedMapping: saved } : {}),
  };
  // what the reply's schema allows, as the route's serialiser would have kept (the ledger was cleaned by the task)
  return jsonWith(Value.Clean(ReplyWithoutLedger, reply) as Record<string, unknown>, { transactions, histories });
}
