import { useCallback, useEffect, useRef, useState } from "react";
import { type NetWorthStatus, pollNetWorth, type Timers } from "./netWorthPolling.ts";
import { useGetNetWorthMutation } from "./networthApi.ts";

/**
 * The user's net worth, asked on mount and followed while the server calculates (spec §4).
 * `recalculate` asks for a fresh computation (`force`).
 */
export function useNetWorth(timers?: Timers) {
  const [getNetWorth] = useGetNetWorthMutation();
  const [status, setStatus] = useState<NetWorthStatus>({ state: "loading" });
  const cancel = useRef<(() => void) | null>(null);

  const start = useCallback(
    (force: boolean) => {
      cancel.current?.();
      cancel.current = pollNetWorth({
        request: (withForce) => getNetWorth({ force: withForce }).unwrap(),
        force,
        onStatus: setStatus,
        timers,
      });
    },
    [getNetWorth, timers],
  );

  useEffect(() => {
    start(false);
    return () => cancel.current?.();
  }, [start]);

  return { status, recalculate: useCallback(() => start(true), [start]) };
}
