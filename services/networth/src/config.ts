/**
 * The networth service's configuration: its variables, declared once (docs/configuration.md is written
 * from this schema) and read with the platform's rule: a bad value stops the start naming the variable.
 */
import type { Config } from "@folio/platform/config";
import { Env, environment, readEnv } from "@folio/platform/env";

export const DEFAULT_DEBOUNCE_MS = 2000;
export const DEFAULT_CONCURRENCY = 8;

export const NetworthEnvironment = environment("Net worth", "Read by the networth service.", {
  NETWORTH_DEBOUNCE_MS: Env.integer({
    default: DEFAULT_DEBOUNCE_MS,
    minimum: 0,
    maximum: 600_000,
    description: "How long a recompute waits after the first portfolio change, so a burst of saves or ticks makes one job.",
  }),
  NETWORTH_CONCURRENCY: Env.integer({
    default: DEFAULT_CONCURRENCY,
    minimum: 1,
    maximum: 256,
    description: "Recompute jobs one worker runs at a time (each mostly waits on the store and cache).",
  }),
});

export interface NetworthSettings {
  /** how long a recompute waits after the first change, so a burst of saves or ticks makes one job */
  debounceMs: number;
  /** recompute jobs one worker runs at a time (each mostly waits on the store, cache and pricing) */
  concurrency: number;
}

export function networthSettings(config: Config): NetworthSettings {
  const env = readEnv(NetworthEnvironment, config.env);
  return { debounceMs: env.NETWORTH_DEBOUNCE_MS, concurrency: env.NETWORTH_CONCURRENCY };
}
