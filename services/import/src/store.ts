/**
 * The import service's collections:
 * - `import_screenshots`: each screenshot read on the queue, whose it is (the status route answers its owner
 *   only) and, once read, its outcome. Records are deleted by the sweep an hour after they were made (the
 *   web fetches the result within seconds).
 * - `import_screenshot_slots`: each user's slots for screenshots being read (`<uid>#0`…, limits.ts), each
 *   naming the screenshot that holds it; swept with the records.
 * - `import_mappings`: the column mappings users saved to read a CSV layout again (the header it was made
 *   for and which column is which; never any of a file's rows). Each belongs to one user; only that user
 *   lists, uses or deletes it.
 * Broker files themselves are parsed in memory and never stored.
 */
import type { Store } from "@folio/platform/store/port";
import type { ColumnMapping, ImportProblem, ScreenshotRow } from "@folio/proto/import";

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

export interface MappingRecord {
  _id: string;
  _v?: number;
  uid: string;
  name: string;
  columns: string[];
  mapping: ColumnMapping;
  /** ms since the epoch */
  createdAt: number;
}

export const mappings = (store: Store) => store.collection<MappingRecord>("import_mappings", [{ fields: ["uid"] }]);
export type Mappings = ReturnType<typeof mappings>;

/** One of a user's slots for a screenshot being read (limits.ts): its id `<uid>#<k>` is what makes the limit atomic. */
export interface SlotRecord {
  _id: string;
  _v?: number;
  /** the screenshot that holds it */
  screenshot: string;
  createdAt: number;
}

export const slots = (store: Store) => store.collection<SlotRecord>("import_screenshot_slots");
export type Slots = ReturnType<typeof slots>;
