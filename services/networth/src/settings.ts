/**
 * The networth service's own configuration, read from the process environment (deps.config.env) with the
 * platform's rule: a bad value stops the start with a message naming the variable.
 */
import { type Config, wholeNumber } from "@folio/platform/config";

export interface NetworthSettings {
  /** how long a recompute waits after the first change, so a burst of saves or ticks makes one job */
  debounceMs: number;
  /** recompute jobs one worker runs at a time (each mostly waits on the store, cache and pricing) */
  concurrency: number;
}

export const DEFAULT_DEBOUNCE_MS = 2000;
export const DEFAULT_CONCURRENCY = 8;

export function networthSettings(config: Config): NetworthSettings {
  return {
    debounceMs: wholeNumber(config.env, "NETWORTH_DEBOUNCE_MS", DEFAULT_DEBOUNCE_MS, 0, 600_000),
    concurrency: wholeNumber(config.env, "NETWORTH_CONCURRENCY", DEFAULT_CONCURRENCY, 1, 256),
  };
}
