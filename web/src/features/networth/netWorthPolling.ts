/**
 * Spec §4 net worth: when the server reports `calculating`, wait 2 s, then poll every 5 s; stop when
 * calculating is false, on error, or after 120 s (the app's one polling schedule: lib/polling.ts).
 */
import type { NetWorthReply } from "@folio/proto/networth";
import { poll, type Timers } from "../../lib/polling.ts";

/** Spec §9 */
export const NET_WORTH_FIRST_WAIT_MS = 2_000;
export const NET_WORTH_POLL_INTERVAL_MS = 5_000;
export const NET_WORTH_POLL_CAP_MS = 120_000;

export { browserTimers, type Timers } from "../../lib/polling.ts";

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

/** Starts asking (lib/polling.ts poll); returns a cancel function after which nothing more is requested or reported. */
export function pollNetWorth({ request, force, onStatus, timers }: NetWorthPollOptions): () => void {
  onStatus({ state: "loading" });
  return poll({
    // only the first request carries `force`; the polls only ask how it is going
    ask: (first) => request(first ? force : false),
    waiting: (reply) => reply.calculating,
    schedule: { firstWaitMs: NET_WORTH_FIRST_WAIT_MS, intervalMs: NET_WORTH_POLL_INTERVAL_MS, capMs: NET_WORTH_POLL_CAP_MS },
    onEvent: (event) =>
      onStatus(event.state === "error" ? event : { state: event.state === "waiting" ? "calculating" : event.state, reply: event.answer }),
    timers,
  });
}
