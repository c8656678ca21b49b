/** Rules both queue adapters share, so a job behaves the same in process and on BullMQ. */

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
/** finished (completed or failed) jobs kept per queue, so getJob still answers after a job ends */
export const KEEP_FINISHED = 1000;

/**
 * BullMQ refuses integer ids (they would collide with its generated ones) and ids containing ':' (its key
 * separator); the memory queue refuses them too, so a bad id fails in the first test, not in the cluster.
 */
export function checkJobId(jobId: string): void {
  if (jobId === "") throw new Error("jobId must not be empty");
  if (String(Number.parseInt(jobId, 10)) === jobId) throw new Error(`jobId '${jobId}' must not be an integer`);
  if (jobId.includes(":")) throw new Error(`jobId '${jobId}' must not contain ':'`);
}

export function checkAttempts(attempts: number): void {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a whole number ≥ 1; got ${attempts}`);
}

export function checkInterval(everyMs: number): void {
  if (!Number.isFinite(everyMs) || everyMs <= 0) throw new RangeError(`repeat interval must be a positive number of ms; got ${everyMs}`);
}

export function failureReason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
