/**
 * The tests' starter for the import's worker thread: the sources have no built worker
 * (dist/server/import-file-worker.js), so the TypeScript module runs through tsx's loader, registered in the
 * worker first. The same module, message and limits as the built one.
 */
import { Worker } from "node:worker_threads";
import type { WorkerStarter } from "../src/file-import.ts";
import { WORKER_HEAP_MB } from "../src/file-import.ts";

const source = new URL("../src/file-worker.ts", import.meta.url).href;
const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;

export const sourceWorker: WorkerStarter = (input) =>
  new Worker(boot, { eval: true, workerData: input, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
