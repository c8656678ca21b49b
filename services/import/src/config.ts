/**
 * The import service's configuration: its variables, declared once (docs/configuration.md is written from
 * this schema) and read with the platform's rule: a bad value stops the start naming the variable.
 */
import type { Config } from "@folio/platform/config";
import { Env, environment, feature, readEnv } from "@folio/platform/env";
import { ImportMessages } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/error-codes";

/** The feature IMPORT_MANUAL_TO enables; unset, its route answers 503 naming the variable. */
export const MANUAL_PROCESSING = "manual processing of screenshots";

export const ImportEnvironment = environment("Import", "Read by the import service (screenshots and broker files).", {
  IMPORT_MANUAL_TO: Env.text({
    trim: true,
    pattern: "^[^\\s@<>]+@[^\\s@<>]+$",
    refusal: "must be an e-mail address",
    feature: MANUAL_PROCESSING,
    description: "Who receives screenshots sent for manual processing (the automatic import works without it).",
  }),
  IMPORT_MANUAL_RETENTION_DAYS: Env.integer({
    default: 30,
    minimum: 1,
    maximum: 3650,
    description: "How long a screenshot sent for manual processing is kept for the operator.",
  }),
  IMPORT_OCR_CONCURRENCY: Env.integer({
    default: 1,
    minimum: 1,
    maximum: 16,
    description:
      "Screenshot jobs one import worker runs at once (its one tesseract.js worker still reads one image at a time: more only overlaps preparation and name look-ups).",
  }),
  IMPORT_SCREENSHOT_WAIT_SECONDS: Env.integer({
    default: 30,
    minimum: 0,
    maximum: 120,
    description:
      "How long `POST /v2/import/portfolio/screenshot` waits for its reading to answer the rows itself; past it (or with `Prefer: respond-async`) it answers 202 and the status route.",
  }),
  IMPORT_FILE_THREADS: Env.integer({
    default: 1,
    minimum: 1,
    maximum: 64,
    description: "Worker threads reading uploaded broker files (from the multipart bytes to the settled ledger).",
  }),
  IMPORT_FILE_QUEUE: Env.integer({
    default: 8,
    minimum: 1,
    maximum: 10_000,
    description: "Uploads that may wait for a file thread; past it 503 with `Retry-After`.",
  }),
});

/** Manual processing: its variable, and the 503 naming it (with the generic `unavailable` code, as it always had). */
export const ManualProcessingFeature = feature(ImportEnvironment, MANUAL_PROCESSING, {
  code: ErrorCodes.unavailable,
  message: () => ImportMessages.manualUnconfigured,
});

export interface ImportSettings {
  manualTo: string | null;
  manualRetentionMs: number;
  ocrConcurrency: number;
  screenshotWaitMs: number;
}

export function importSettings(config: Config): ImportSettings {
  const env = readEnv(ImportEnvironment, config.env);
  return {
    manualTo: env.IMPORT_MANUAL_TO ?? null,
    manualRetentionMs: env.IMPORT_MANUAL_RETENTION_DAYS * 86_400_000,
    ocrConcurrency: env.IMPORT_OCR_CONCURRENCY,
    screenshotWaitMs: env.IMPORT_SCREENSHOT_WAIT_SECONDS * 1000,
  };
}
