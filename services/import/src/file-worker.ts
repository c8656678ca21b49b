/**
 * Reads broker files on a worker thread (file-import.ts sends files above WORKER_BYTES here), so a large
 * file never holds the service's event loop: the texts and the options come in `workerData`, the result (or
 * the FileProblem that stopped the reading) goes back as one message. Built as its own entry
 * (`dist/server/import-file-worker.js`, scripts/build-server.mjs).
 */
import { parentPort, workerData } from "node:worker_threads";
import { type FileImportOptions, FileProblem, settleFiles, sourceFile } from "./domain/files/index.ts";

export interface WorkerInput {
  texts: string[];
  options: FileImportOptions;
}

export type WorkerOutput =
  | { ok: true; result: ReturnType<typeof settleFiles> }
  | { ok: false; problem: { message: string; status: 413 | 422 } }
  | { ok: false; error: string };

const { texts, options } = workerData as WorkerInput;
let out: WorkerOutput;
try {
  out = {
    ok: true,
    result: settleFiles(
      texts.map((t) => sourceFile(t)),
      options,
    ),
  };
} catch (err) {
  out =
    err instanceof FileProblem
      ? { ok: false, problem: { message: err.message, status: err.status } }
      : { ok: false, error: (err as Error).message };
}
parentPort?.postMessage(out);
