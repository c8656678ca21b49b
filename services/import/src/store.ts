/**
 * The import service's one collection: each screenshot read on the queue, whose it is (the status route
 * answers its owner only) and, once read, its outcome. Nothing else is kept: broker files are parsed in
 * memory and never stored. Records are deleted by the sweep an hour after they were made (the web fetches
 * the result within seconds).
 */
import type { Store } from "@folio/platform/store/port";
import type { ImportProblem, ScreenshotRow } from "@folio/proto/import";

export type ScreenshotOutcome =
  | { kind: "completed"; message: ScreenshotRow[]; errors: ImportProblem[] }
  | { kind: "failed"; error: string; code: string; hint: string; errors: ImportProblem[] };

export interface ScreenshotRecord {
  _id: string;
  _v?: number;
  uid: string;
  /** ms since the epoch */
  createdAt: number;
  outcome?: ScreenshotOutcome;
}

export const screenshots = (store: Store) => store.collection<ScreenshotRecord>("import_screenshots", [{ fields: ["uid"] }]);
export type Screenshots = ReturnType<typeof screenshots>;
