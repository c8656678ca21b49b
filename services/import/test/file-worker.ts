/**
 * The tests' file threads: the sources have no built worker (dist/server/import-file-worker.js), so the
 * TypeScript module runs through tsx's loader in each thread. The same pool, task and limits as the built app's.
 */
import { tsxWorker } from "../../../test/support/tsx-worker.ts";
import { type FileTasks, filePool } from "../src/file-import.ts";

export const sourceFiles = (): FileTasks => filePool(tsxWorker(new URL("../src/file-worker.ts", import.meta.url)));
