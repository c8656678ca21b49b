import { UPLOAD_PROGRESS_INTERVAL_MS, UPLOAD_PROGRESS_STEP } from "@folio/proto/constants";
import { useEffect, useState } from "react";

/**
 * Spec §4/§9: while `running`, the upload progress rises by 10 every 100 ms to 100, then `onDone` runs once.
 * `restart` (a number that changes per file) starts it again from 0.
 */
export function useUploadProgress(running: boolean, restart: number, onDone: () => void): number {
  const [progress, setProgress] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file restarts the bar
  useEffect(() => setProgress(0), [restart]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onDone is read when the bar is full
  useEffect(() => {
    if (!running) return;
    if (progress >= 100) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setProgress((p) => Math.min(100, p + UPLOAD_PROGRESS_STEP)), UPLOAD_PROGRESS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [running, progress]);
  return progress;
}
