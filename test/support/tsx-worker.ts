/**
 * Starts a TypeScript worker module for a WorkerPool under the sources (the tests): tsx's loader registered in
 * the thread first, then the module, as the built app starts its compiled worker files (scripts/build-server.mjs).
 */
import { Worker, type WorkerOptions } from "node:worker_threads";

export function tsxWorker(module: URL): (options: WorkerOptions) => Worker {
  const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); });`;
  return (options) => new Worker(boot, { ...options, eval: true });
}
