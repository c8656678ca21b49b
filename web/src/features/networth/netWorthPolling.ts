/**
 * Spec §4 net worth: when the server reports `calculating`, wait 2 s, then poll every 5 s; stop when
 * calculating is false, on error, or after 120 s. Timing comes from injected timers, so tests drive it
 * with a fake clock.
 */
import type { NetWorthReply } from "@folio/proto/networth";

/** Spec §9 */
export const NET_WORTH_FIRST_WAIT_MS = 2_000;
export const NET_WORTH_POLL_INTERVAL_MS = 5_000;
export const NET_WORTH_POLL_CAP_MS = 120_000;

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

export type NetWorthStatus =
  | { state: "loading" }
  | { state: "calculating"; reply: NetWorthReply }
  | { state: "done"; reply: NetWorthReply }
  /** the 120 s cap passed while the server was still calculating; `reply` is the last answer */
  | { state: "timedOut"; reply: NetWorthReply }
  | { state: "error"; error: unknown };

export interface NetWorthPollOptions {
  /** one POST /v1/get/netWorth */
  request: (force: boolean) => Promise<NetWorthReply>;
  /** ask for a recompute now; only the first request carries it, the polls only ask how it is going */
  force: boolean;
  onStatus: (status: NetWorthStatus) => void;
  timers?: Timers;
}

/** Starts asking; returns a cancel function after which nothing more is requested or reported. */
export function pollNetWorth({ request, force, onStatus, timers = browserTimers }: NetWorthPollOptions): () => void {
  let cancelled = false;
  let pending: unknown = null;
  let calculatingSince: number | null = null;

  const ask = async (withForce: boolean) => {
    pending = null;
    let reply: NetWorthReply;
    try {
      reply = await request(withForce);
    } catch (error) {
      if (!cancelled) onStatus({ state: "error", error });
      return;
    }
    if (cancelled) return;
    if (!reply.calculating) {
      onStatus({ state: "done", reply });
      return;
    }
    const first = calculatingSince === null;
    if (first) calculatingSince = timers.now();
    const wait = first ? NET_WORTH_FIRST_WAIT_MS : NET_WORTH_POLL_INTERVAL_MS;
    // the next poll would land past the cap: stop now rather than ask once more too late
    if (timers.now() + wait - (calculatingSince as number) > NET_WORTH_POLL_CAP_MS) {
      onStatus({ state: "timedOut", reply });
      return;
    }
    onStatus({ state: "calculating", reply });
    pending = timers.setTimeout(() => void ask(false), wait);
  };

  onStatus({ state: "loading" });
  void ask(force);
  return () => {
    cancelled = true;
    if (pending !== null) timers.clearTimeout(pending);
  };
}
