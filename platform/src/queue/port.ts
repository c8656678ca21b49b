/**
 * The Queue port: long work as jobs with progress and retries (net-worth recompute, OCR, brokerage sync,
 * the hourly price refresh). Workers of one queue share its jobs (BullMQ) or run in process (memory).
 */
export type JobState = "waiting" | "delayed" | "active" | "completed" | "failed";

export interface JobOptions {
  /**
   * a job with the same id while one is waiting/delayed/active is not added again (de-duplication, debounce);
   * once it has completed or failed, the same id starts a new job. Not an integer, no ':' (BullMQ's rules).
   */
  jobId?: string;
  delayMs?: number;
  /** attempts including the first; default 3 */
  attempts?: number;
  /** first retry delay, doubled each attempt; default 1000 ms */
  backoffMs?: number;
}

export interface JobContext<D = unknown> {
  id: string;
  name: string;
  data: D;
  attempt: number;
  updateProgress(progress: number): Promise<void>;
}

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  progress: number;
  result?: unknown;
  failedReason?: string;
  /** attempts run so far, one in progress included */
  attemptsStarted?: number;
}

export type JobHandler<D = unknown, R = unknown> = (job: JobContext<D>) => Promise<R>;

export interface Queue {
  add(queue: string, name: string, data: unknown, options?: JobOptions): Promise<string>;
  /** Runs `handler` for the queue's jobs, `concurrency` at a time. */
  process(queue: string, handler: JobHandler, concurrency?: number): void;
  /** Adds a job every `everyMs`, the first after `everyMs` (idempotent by key across restarts and replicas). */
  repeat(queue: string, name: string, data: unknown, everyMs: number, key: string): Promise<void>;
  getJob(queue: string, id: string): Promise<JobInfo | null>;
  /** Resolves when no job is waiting, delayed or active (tests, graceful shutdown). */
  drain?(queue: string): Promise<void>;
  close(): Promise<void>;
}
