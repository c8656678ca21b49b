/**
 * The import service's own configuration (deps.config.env), with the platform's rule: a bad value stops the
 * start with a message naming the variable.
 * - IMPORT_MANUAL_TO: who receives screenshots sent for manual processing; unset → that route answers 503
 *   naming the variable (the automatic import works without it).
 * - IMPORT_MANUAL_RETENTION_DAYS: how long a manual upload is kept for the operator (default 30).
 * - IMPORT_OCR_CONCURRENCY: screenshots one worker reads at a time (default 1: OCR takes a core).
 * - IMPORT_SCREENSHOT_WAIT_SECONDS: how long POST /v2/import/portfolio/screenshot waits for its reading before
 *   answering 202 with the status route instead (default 30).
 */
import { type Config, ConfigError, wholeNumber } from "@folio/platform/config";

export interface ImportSettings {
  manualTo: string | null;
  manualRetentionMs: number;
  ocrConcurrency: number;
  screenshotWaitMs: number;
}

export function importSettings(config: Config): ImportSettings {
  const to = (config.env.IMPORT_MANUAL_TO ?? "").trim();
  if (to && !/^[^\s@<>]+@[^\s@<>]+$/.test(to)) throw new ConfigError("IMPORT_MANUAL_TO", `must be an e-mail address, got '${to}'`);
  return {
    manualTo: to || null,
    manualRetentionMs: wholeNumber(config.env, "IMPORT_MANUAL_RETENTION_DAYS", 30, 1, 3650) * 86_400_000,
    ocrConcurrency: wholeNumber(config.env, "IMPORT_OCR_CONCURRENCY", 1, 1, 16),
    screenshotWaitMs: wholeNumber(config.env, "IMPORT_SCREENSHOT_WAIT_SECONDS", 30, 0, 120) * 1000,
  };
}
