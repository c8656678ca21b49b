import { FLASH_DURATION_MS, FLASH_TOGGLE_MS } from "@folio/proto/constants";
import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Spec §5/§9: invalid cells flash for 2 s, the highlight toggling every 200 ms. `flash(cells)` starts it;
 * `lit(cell)` says whether a cell is highlighted now. Flashing again restarts the 2 s.
 */
export function useFlash() {
  const [cells, setCells] = useState<Set<string>>(new Set());
  const [on, setOn] = useState(false);
  const timers = useRef<ReturnType<typeof setInterval>[]>([]);

  const stop = useCallback(() => {
    for (const t of timers.current) clearInterval(t);
    timers.current = [];
  }, []);
  useEffect(() => stop, [stop]);

  const flash = useCallback(
    (next: Set<string>) => {
      stop();
      setCells(next);
      setOn(true);
      let toggles = 1;
      const interval = setInterval(() => {
        toggles++;
        if (toggles > FLASH_DURATION_MS / FLASH_TOGGLE_MS) {
          stop();
          setOn(false);
          setCells(new Set());
          return;
        }
        setOn((v) => !v);
      }, FLASH_TOGGLE_MS);
      timers.current.push(interval);
    },
    [stop],
  );

  return { flash, lit: (cell: string) => on && cells.has(cell), marked: (cell: string) => cells.has(cell) };
}
