/**
 * The networth service's own configuration, read from the process environment (deps.config.env) with the
 * platform's rule: a bad value stops the start with a message naming the variable.
 */
import { type Config, ConfigError } from "@folio/platform/config";

export interface NetworthSettings {
  /** how long a recompute waits after the first change, so a burst of saves or ticks makes one job */
  debounceMs: number;
  /** recompute jobs one worker runs at a time (each mostly waits on the store, cache and pricing) */
  concurrency: number;
}

export const DEFAULT_DEBOUNCE_MS = 2000;
export const DEFAULT_CONCURRENCY = 8;

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got '${raw}'`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function networthSettings(config: Config): NetworthSettings {
  return {
    debounceMs: whole(config.env, "NETWORTH_DEBOUNCE_MS", DEFAULT_DEBOUNCE_MS, 0, 600_000),
    concurrency: whole(config.env, "NETWORTH_CONCURRENCY", DEFAULT_CONCURRENCY, 1, 256),
  };
}
