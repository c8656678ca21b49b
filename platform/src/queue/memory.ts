import { randomUUID } from "node:crypto";
import { type Clock, systemClock } from "../clock.ts";
import { exponentialDelay } from "../retry.ts";
import type { JobContext, JobHandler, JobInfo, JobOptions, JobState, Queue } from "./port.ts";
import { checkAttempts, checkInterval, checkJobId, DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, failureReason, KEEP_FINISHED } from "./rules.ts";

interface MemoryJob {
  id: string;
  name: string;
  /** a JSON copy, as a Redis-backed queue would hold */
  data: unknown;
  state: JobState;
  progress: number;
  result?: unknown;
  failedReason?: string;
  attemptsStarted: number;
  attempts: number;
  backoffMs: number;
  /** cancels the pending delay, when the job is delayed */
  cancel?: () => void;
}

interface Worker {
  handler: JobHandler;
  concurrency: number;
  active: number;
}

interface Repeat {
  name: string;
  data: unknown;
  everyMs: number;
  cancel: () => void;
}

/** One named queue's jobs and workers. */
class Line {
  readonly jobs = new Map<string, MemoryJob>();
  readonly waiting: MemoryJob[] = [];
  readonly finished: MemoryJob[] = [];
  readonly workers: Worker[] = [];
  readonly repeats = new Map<string, Repeat>();
  readonly running = new Set<Promise<void>>();
  readonly drainWaiters: Array<() => void> = [];
  delayed = 0;
  active = 0;
  dispatchScheduled = false;

  idle(): boolean {
    return this.waiting.length === 0 && this.delayed === 0 && this.active === 0;
  }
}

const copy = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * The in-process queue of the embedded mode: jobs live in this process's memory, with the same rules as the
 * BullMQ adapter (ids, de-duplication, delays, retries with exponential backoff, bounded history).
 * Delays, backoffs and repeats run on the injected clock, so a test moves time instead of sleeping.
 */
export class MemoryQueue implements Queue {
  private readonly lines = new Map<string, Line>();
  private closed = false;

  constructor(private readonly clock: Clock = systemClock) {}

  async add(queue: string, name: string, data: unknown, options: JobOptions = {}): Promise<string> {
    this.assertOpen();
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    checkAttempts(attempts);
    const line = this.line(queue);
    if (options.jobId !== undefined) {
      checkJobId(options.jobId);
      const existing = line.jobs.get(options.jobId);
      if (existing && existing.state !== "completed" && existing.state !== "failed") return existing.id;
    }
    const job: MemoryJob = {
      id: options.jobId ?? randomUUID(),
      name,
      data: copy(data),
      state: "waiting",
      progress: 0,
      attemptsStarted: 0,
      attempts,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
    };
    line.jobs.set(job.id, job);
    const delayMs = options.delayMs ?? 0;
    if (delayMs > 0) this.delay(line, job, delayMs);
    else this.enqueue(line, job);
    return job.id;
  }

  process(queue: string, handler: JobHandler, concurrency = 1): void {
    this.assertOpen();
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError(`concurrency must be a whole number ≥ 1; got ${concurrency}`);
    const line = this.line(queue);
    line.workers.push({ handler, concurrency, active: 0 });
    this.scheduleDispatch(line);
  }

  async repeat(queue: string, name: string, data: unknown, everyMs: number, key: string): Promise<void> {
    this.assertOpen();
    checkInterval(everyMs);
    const line = this.line(queue);
    const existing = line.repeats.get(key);
    if (existing && existing.everyMs === everyMs) {
      existing.name = name;
      existing.data = copy(data);
      return;
    }
    existing?.cancel();
    const entry: Repeat = { name, data: copy(data), everyMs, cancel: () => {} };
    // each run schedules the next, so a changed interval or a cancel takes effect at once
    const schedule = () => {
      entry.cancel = this.clock.after(everyMs, () => {
        this.fire(queue, entry);
        if (line.repeats.get(key) === entry && !this.closed) schedule();
      });
    };
    schedule();
    line.repeats.set(key, entry);
  }

  async getJob(queue: string, id: string): Promise<JobInfo | null> {
    const job = this.lines.get(queue)?.jobs.get(id);
    if (!job) return null;
    const info: JobInfo = { id: job.id, name: job.name, state: job.state, progress: job.progress, attemptsStarted: job.attemptsStarted };
    if (job.state === "completed") info.result = copy(job.result);
    if (job.failedReason !== undefined) info.failedReason = job.failedReason;
    return info;
  }

  drain(queue: string): Promise<void> {
    const line = this.line(queue);
    if (line.idle() || this.closed) return Promise.resolve();
    return new Promise((resolve) => line.drainWaiters.push(resolve));
  }

  /** Stops timers and schedules, drops jobs not yet started and waits for the running ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const line of this.lines.values()) {
      for (const repeat of line.repeats.values()) repeat.cancel();
      line.repeats.clear();
      for (const job of line.jobs.values()) job.cancel?.();
      line.delayed = 0;
      line.waiting.length = 0;
    }
    await Promise.all([...this.lines.values()].flatMap((line) => [...line.running]));
    for (const line of this.lines.values()) this.settle(line);
  }

  private line(queue: string): Line {
    let line = this.lines.get(queue);
    if (!line) {
      line = new Line();
      this.lines.set(queue, line);
    }
    return line;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("MemoryQueue is closed");
  }

  private fire(queue: string, repeat: Repeat): void {
    if (!this.closed) void this.add(queue, repeat.name, repeat.data);
  }

  private enqueue(line: Line, job: MemoryJob): void {
    job.state = "waiting";
    line.waiting.push(job);
    this.scheduleDispatch(line);
  }

  private delay(line: Line, job: MemoryJob, ms: number): void {
    job.state = "delayed";
    line.delayed++;
    job.cancel = this.clock.after(ms, () => {
      job.cancel = undefined;
      line.delayed--;
      this.enqueue(line, job);
    });
  }

  /** Handlers start on a later turn, never inside the caller's add(). */
  private scheduleDispatch(line: Line): void {
    if (line.dispatchScheduled) return;
    line.dispatchScheduled = true;
    setImmediate(() => {
      line.dispatchScheduled = false;
      this.dispatch(line);
    });
  }

  private dispatch(line: Line): void {
    while (!this.closed && line.waiting.length > 0) {
      const worker = this.freeWorker(line);
      if (!worker) return;
      this.run(line, worker, line.waiting.shift()!);
    }
  }

  /** the least busy worker with a free slot, so several workers on one queue all get jobs */
  private freeWorker(line: Line): Worker | undefined {
    let best: Worker | undefined;
    for (const w of line.workers) {
      if (w.active >= w.concurrency) continue;
      if (!best || w.active / w.concurrency < best.active / best.concurrency) best = w;
    }
    return best;
  }

  private run(line: Line, worker: Worker, job: MemoryJob): void {
    job.state = "active";
    job.attemptsStarted++;
    worker.active++;
    line.active++;
    const context: JobContext = {
      id: job.id,
      name: job.name,
      data: copy(job.data),
      attempt: job.attemptsStarted,
      updateProgress: async (progress) => {
        if (job.state === "active") job.progress = progress;
      },
    };
    const running = (async () => {
      try {
        const result = copy(await worker.handler(context));
        job.result = result ?? undefined;
        job.state = "completed";
        this.finish(line, job);
      } catch (err) {
        job.failedReason = failureReason(err);
        if (job.attemptsStarted < job.attempts && !this.closed) {
          this.delay(line, job, exponentialDelay(job.backoffMs, job.attemptsStarted));
        } else {
          job.state = "failed";
          this.finish(line, job);
        }
      } finally {
        worker.active--;
        line.active--;
      }
      this.dispatch(line);
      this.settle(line);
    })();
    line.running.add(running);
    void running.finally(() => line.running.delete(running));
  }

  private finish(line: Line, job: MemoryJob): void {
    line.finished.push(job);
    while (line.finished.length > KEEP_FINISHED) {
      const old = line.finished.shift()!;
      // the id may since belong to a newer job added with the same jobId
      if (line.jobs.get(old.id) === old) line.jobs.delete(old.id);
    }
  }

  private settle(line: Line): void {
    if (!line.idle() && !this.closed) return;
    for (const resolve of line.drainWaiters.splice(0)) resolve();
  }
}
