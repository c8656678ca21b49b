import { useEffect, useRef } from "react";
import { useAppSelector } from "../../app/hooks.ts";

/** Spec §4/§9: with autoSave on, a save runs 3 s after the last edit. */
export const AUTOSAVE_DELAY_MS = 3000;

/**
 * Debounced on the edit counter: every edit restarts the wait. One attempt per edit, so a save that
 * fails (or asks for a name) is not retried in a loop; the next edit tries again.
 */
export function useAutosave(save: () => void, enabled: boolean) {
  const { status, saving, hasChanges, editSeq, data } = useAppSelector((state) => state.portfolio);
  const autoSave = data?.autoSave ?? false;
  const attempted = useRef(-1);

  useEffect(() => {
    if (!enabled || !autoSave || !hasChanges || saving || status !== "ready" || attempted.current === editSeq) return;
    const timer = setTimeout(() => {
      attempted.current = editSeq;
      save();
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, autoSave, hasChanges, saving, status, editSeq, save]);
}
