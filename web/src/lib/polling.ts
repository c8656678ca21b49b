/**
 * Asking again while the server says the work is still going on, the one way the app does it: the first
 * answer that says "not yet" starts the clock; the next ask comes after `firstWaitMs` (else `intervalMs`),
 * then every `intervalMs`, and the asking stops once an answer says it is done, on an error, or when the next
 * ask would land past `capMs` after that first "not yet" (the page then says it gave up waiting).
 *
 * - poll(): the loop asks itself, each ask after the previous answer (net worth: a POST that must reach the
 *   server every time, spec §4);
 * - usePolling(): the same schedule for an RTK Query read's `pollingInterval`, given whether the page is
 *   still waiting (the dashboard's list while portfolios are valued or imported, the plan after checkout).
 *
 * Timing comes from injected timers, so tests drive it with a fake clock.
 */
import { useEffect, useState } from "react";

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** epoch milliseconds */
  now(): number;
}

/** The browser's timers, looked up on each use (so a test's fake timers apply). */
export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface PollSchedule {
  /** the wait after the first "not yet" (else intervalMs) */
  firstWaitMs?: number;
  intervalMs: number;
  /** how long after the first "not yet" asking may go on (absent: until done) */
  capMs?: number;
}

export type PollEvent<T> =
  /** not done yet: asked again after the schedule's wait */
  | { state: "waiting"; answer: T }
  | { state: "done"; answer: T }
  /** the cap passed while still not done; `answer` is the last */
  | { state: "timedOut"; answer: T }
  | { state: "error"; error: unknown };

export interface PollOptions<T> {
  /** one ask; `first` for the first of the loop */
  ask: (first: boolean) => Promise<T>;
  /** whether this answer says the work is still going on */
  waiting: (answer: T) => boolean;
  schedule: PollSchedule;
  onEvent: (event: PollEvent<T>) => void;
  timers?: Timers;
}

/** Starts asking; returns a cancel function after which nothing more is asked or reported. */
export function poll<T>({ ask, waiting, schedule, onEvent, timers = browserTimers }: PollOptions<T>): () => void {
  let cancelled = false;
  let pending: unknown = null;
  let waitingSince: number | null = null;

  const next = async (first: boolean) => {
    pending = null;
    let answer: T;
    try {
      answer = await ask(first);
    } catch (error) {
      if (!cancelled) onEvent({ state: "error", error });
      return;
    }
    if (cancelled) return;
    if (!waiting(answer)) {
      onEvent({ state: "done", answer });
      return;
    }
    const firstWait = waitingSince === null;
    if (firstWait) waitingSince = timers.now();
    const wait = firstWait ? (schedule.firstWaitMs ?? schedule.intervalMs) : schedule.intervalMs;
    // the next ask would land past the cap: stop now rather than ask once more too late
    if (schedule.capMs !== undefined && timers.now() + wait - (waitingSince as number) > schedule.capMs) {
      onEvent({ state: "timedOut", answer });
      return;
    }
    onEvent({ state: "waiting", answer });
    pending = timers.setTimeout(() => void next(false), wait);
  };

  void next(true);
  return () => {
    cancelled = true;
    if (pending !== null) timers.clearTimeout(pending);
  };
}

/**
 * The `pollingInterval` for an RTK Query read while `waiting` (0 otherwise), on the same schedule: every
 * `intervalMs` for at most `capMs` since waiting began; `gaveUp` once the cap passed while still waiting.
 */
export function usePolling(waiting: boolean, schedule: PollSchedule): { pollingInterval: number; gaveUp: boolean } {
  const [since, setSince] = useState<number | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  if (waiting && since === null) setSince(Date.now());
  if (!waiting && since !== null) {
    setSince(null);
    setGaveUp(false);
  }
  const { capMs } = schedule;
  useEffect(() => {
    if (since === null || capMs === undefined) return;
    const timer = setTimeout(() => setGaveUp(true), Math.max(0, since + capMs - Date.now()));
    return () => clearTimeout(timer);
  }, [since, capMs]);
  return { pollingInterval: waiting && !gaveUp ? schedule.intervalMs : 0, gaveUp: waiting && gaveUp };
}
