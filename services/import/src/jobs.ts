/**
 * The import queue jobs.
 *
 * `import.screenshot` (jobId = the upload's id, random): reads one uploaded screenshot (image preparation,
 * tesseract.js, the text reader, names resolved through pricing), reporting progress 5 → 20 → 55 → 85 → 100,
 * and stores the outcome in the screenshot's record for the status route. A screenshot with nothing to
 * import (blank, undecodable, no holdings) is an outcome too, not a failure: it is not retried. The file is
 * deleted as soon as the outcome is stored, or after the last attempt when reading keeps failing.
 *
 * `import.sweep` (repeatable, every 15 minutes): deletes queued uploads and records older than an hour and
 * manual uploads older than their retention.
 */
import { type JobDefinition, job } from "@folio/platform/jobs";
import { NotFoundError, VersionConflictError } from "@folio/platform/store/port";
import { ImportMessages } from "@folio/proto/constants";
import { ImportErrorCodes } from "@folio/proto/error-codes";
import type { ImportProblem, ScreenshotRow } from "@folio/proto/import";
import type { ImportContext } from "./context.ts";
import type { CheckedHolding } from "./domain/screenshot/checks.ts";
import { BlankImageError } from "./ocr/prepare.ts";
import { readScreenshot, UnreadableImageError } from "./screenshot.ts";
import type { ScreenshotOutcome, ScreenshotRecord } from "./store.ts";

export const SCREENSHOT_QUEUE = "import.screenshot";
export const SWEEP_QUEUE = "import.sweep";
export const SCREENSHOT_ATTEMPTS = 2;
export const SWEEP_EVERY_MS = 15 * 60_000;
/** how long an unread upload and a screenshot's record are kept */
export const RESULT_TTL_MS = 60 * 60_000;

const problem = (e: { line?: number; message: string }): ImportProblem =>
  e.line ? { line: e.line, message: e.message } : { message: e.message };

/** a checked holding as the spec's row (proto ScreenshotRow) */
export const toRow = (r: CheckedHolding): ScreenshotRow => ({
  ticker: r.ticker,
  name: r.name,
  quantity: r.quantity,
  price: r.price,
  marketValue: r.marketValue,
  confidence: r.confidence,
  flags: r.flags,
});

export function failedOutcome(code: string, error: string, errors: ImportProblem[] = []): ScreenshotOutcome {
  const hint =
    code === ImportErrorCodes.noHoldings
      ? ImportMessages.noHoldingsHint
      : "Take a new screenshot of the positions list (PNG, JPEG or WebP) and try again.";
  return { kind: "failed", code, error, hint, errors };
}

async function read(ctx: ImportContext, bytes: Uint8Array, progress: (p: number) => Promise<void>): Promise<ScreenshotOutcome> {
  try {
    const { message, errors } = await readScreenshot(ctx.reader(), bytes, ctx.search, progress);
    const rows: ScreenshotRow[] = message.map(toRow);
    if (rows.length === 0) return failedOutcome(ImportErrorCodes.noHoldings, ImportMessages.noHoldings, errors.map(problem));
    return { kind: "completed", message: rows, errors: errors.map(problem) };
  } catch (err) {
    if (err instanceof BlankImageError) return failedOutcome(ImportErrorCodes.blank, ImportMessages.blankImage);
    if (err instanceof UnreadableImageError) {
      return failedOutcome(ImportErrorCodes.notAnImage, "The file could not be read as an image (damaged or cut short)");
    }
    throw err;
  }
}

export function importJobs(ctx: ImportContext): JobDefinition[] {
  const { deps, uploads, screenshots } = ctx;
  return [
    job(
      SCREENSHOT_QUEUE,
      async (j) => {
        const { upload } = j.data;
        const record = await screenshots.get(upload);
        if (!record || record.outcome) {
          await uploads.remove("queue", upload);
          return { skipped: true };
        }
        const bytes = await uploads.read("queue", upload);
        let outcome: ScreenshotOutcome;
        if (!bytes) outcome = failedOutcome(ImportErrorCodes.notAnImage, ImportMessages.importFailed);
        else {
          await j.updateProgress(5);
          try {
            outcome = await read(ctx, bytes, (p) => j.updateProgress(p));
          } catch (err) {
            if (j.attempt >= SCREENSHOT_ATTEMPTS) await uploads.remove("queue", upload);
            throw err;
          }
        }
        const done: ScreenshotRecord = { ...record, outcome };
        await deps.store.commit([{ op: "replace", collection: screenshots.name, doc: done }]);
        await uploads.remove("queue", upload);
        await j.updateProgress(100);
        return { rows: outcome.kind === "completed" ? outcome.message.length : 0 };
      },
      { concurrency: ctx.settings.ocrConcurrency },
    ),
    job(SWEEP_QUEUE, async () => sweep(ctx)),
  ];
}

export async function sweep(ctx: ImportContext): Promise<{ uploads: number; manual: number; records: number }> {
  const now = ctx.deps.clock.now();
  const uploads = await ctx.uploads.sweep("queue", now - RESULT_TTL_MS);
  const manual = await ctx.uploads.sweep("manual", now - ctx.settings.manualRetentionMs);
  const old = (await ctx.screenshots.find({}, { limit: 10_000 })).filter((r) => r.createdAt < now - RESULT_TTL_MS);
  if (old.length) await ctx.deps.store.commit(old.map((r) => ({ op: "delete" as const, collection: ctx.screenshots.name, id: r._id })));
  // slots whose screenshot was made that long ago (read or swept by now): free, and not kept for ever
  const oldSlots = (await ctx.slots.find({}, { limit: 10_000 })).filter((s) => s.createdAt < now - RESULT_TTL_MS);
  for (const s of oldSlots) {
    // one by one with its version: a slot taken over meanwhile is left to its new screenshot
    try {
      await ctx.deps.store.commit([{ op: "delete", collection: ctx.slots.name, id: s._id, expectedVersion: s._v }]);
    } catch (err) {
      if (!(err instanceof VersionConflictError || err instanceof NotFoundError)) throw err;
    }
  }
  return { uploads, manual, records: old.length };
}
