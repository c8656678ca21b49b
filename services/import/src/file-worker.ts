/**
 * The import's file threads (a WorkerPool, file-import.ts): each reads uploads of broker files, from the
 * multipart bytes to the settled ledger (file-task.ts), so a large file never holds the service's event loop.
 * Built as its own entry (`dist/server/import-file-worker.js`, scripts/build-server.mjs).
 */
import { serveTasks } from "@folio/platform/worker-task";
import { type FileTaskInput, readBrokerFiles } from "./file-task.ts";

serveTasks((input: FileTaskInput) => readBrokerFiles(input));
