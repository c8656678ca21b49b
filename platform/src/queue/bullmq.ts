import { Queue as BullMQQueue, type Job, Worker } from "bullmq";
import { Redis } from "ioredis";
import { createLogger, type Logger } from "../log.ts";
import { DependencyUnavailableError } from "../unavailable.ts";
import type { JobHandler, JobInfo, JobOptions, JobState, Queue } from "./port.ts";
import { checkAttempts, checkInterval, checkJobId, DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, KEEP_FINISHED } from "./rules.ts";

export interface BullQueueOptions {
  url: string;
  /** BullMQ key prefix; replicas of one deployment share it, parallel test runs each use their own */
  prefix?: string;
  /** where worker and connection errors go; default a logger named "queue" */
  log?: Logger;
  /** how often drain() looks at the job counts */
  drainPollMs?: number;
}

/** How long a call adding or reading a job may wait for Redis before it fails (the request answers 503). */
const PRODUCER_TIMEOUT_MS = 500;

/** ioredis's rejection of a command not answered within commandTimeout */
const isCommandTimeout = (err: unknown): boolean => err instanceof Error && err.message === "Command timed out";

const STATES: Record<string, JobState> = {
  waiting: "waiting",
  prioritized: "waiting",
  "waiting-children": "waiting",
  delayed: "delayed",
  active: "active",
  completed: "completed",
  failed: "failed",
};

/**
 * The queue shared by the replicas of a deployment, on BullMQ: one BullMQ Queue per queue name (made on first
 * use), one Worker per process() call. Two connections: the Queues' (adding and reading jobs: a request or an
 * event handler waits on it) fails fast while Redis is unreachable, with DependencyUnavailableError, so a
 * request answers 503 and a handler is retried; the Workers' (each adds its own blocking one) waits out a
 * reconnect, as BullMQ requires, and picks up where it stopped once Redis is back.
 */
export class BullQueue implements Queue {
  private readonly connection: Redis;
  private readonly producer: Redis;
  private readonly prefix: string;
  private readonly log: Logger;
  private readonly drainPollMs: number;
  private readonly queues = new Map<string, BullMQQueue>();
  private readonly workers: Worker[] = [];
  private closed = false;

  constructor(options: BullQueueOptions) {
    this.prefix = options.prefix ?? "bull";
    this.log = options.log ?? createLogger("queue");
    this.drainPollMs = options.drainPollMs ?? 50;
    // BullMQ requires maxRetriesPerRequest: null for workers: their blocking commands wait out reconnects.
    this.connection = new Redis(options.url, { maxRetriesPerRequest: null });
    this.producer = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: PRODUCER_TIMEOUT_MS,
      // reconnect soon after an outage, then every second at most
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    // every call waiting for a connection listens for it
    this.producer.setMaxListeners(0);
    let down = false;
    for (const c of [this.connection, this.producer]) {
      c.on("error", (err) => {
        // one line per outage, not one per reconnect attempt
        if (!down) this.log.error({ err }, "queue: Redis connection error");
        down = true;
      });
      c.on("ready", () => {
        if (down) this.log.info("queue: Redis connection back");
        down = false;
      });
    }
  }

  /**
   * A call on the Queues' connection: given a moment for a connection being made (the first one, or after an
   * outage), else a Redis gone is DependencyUnavailableError, at once.
   */
  private async produce<T>(queue: string, call: () => Promise<T>): Promise<T> {
    try {
      if (this.producer.status !== "ready") await this.connected(PRODUCER_TIMEOUT_MS);
      return await call();
    } catch (err) {
      await this.forgetIfBroken(queue);
      // a connection being made, or one that did not answer in time (a busy Redis): a moment to wait, not a bug
      if (this.producer.status !== "ready" || isCommandTimeout(err)) throw new DependencyUnavailableError("queue", err);
      throw err;
    }
  }

  /**
   * A BullMQ Queue checks Redis's version once, on its first use, and keeps that check's failure for its whole
   * life: a check that timed out (a busy Redis, a blip) would fail every later call on that queue, for as long
   * as the process runs (a start that schedules a job would never succeed). Such a Queue is dropped; the next
   * call makes a fresh one, which checks again.
   */
  private async forgetIfBroken(name: string): Promise<void> {
    const q = this.queues.get(name);
    if (
      !q ||
      (await q.waitUntilReady().then(
        () => true,
        () => false,
      ))
    )
      return;
    if (this.queues.get(name) === q) this.queues.delete(name);
    await q.close().catch(() => {});
  }

  /** Resolves once the Queues' connection is ready, or after `timeoutMs`. */
  private connected(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.producer.off("ready", done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.producer.once("ready", done);
    });
  }

  async add(queue: string, name: string, data: unknown, options: JobOptions = {}): Promise<string> {
    this.assertOpen();
    const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
    checkAttempts(attempts);
    if (options.jobId !== undefined) checkJobId(options.jobId);
    return this.produce(queue, () => this.addJob(queue, name, data, attempts, options));
  }

  private async addJob(queue: string, name: string, data: unknown, attempts: number, options: JobOptions): Promise<string> {
    const q = this.queue(queue);
    const { jobId } = options;
    if (jobId !== undefined) {
      // BullMQ ignores an id it still holds in any state; ours starts a new job once the old one has finished.
      const state = await q.getJobState(jobId);
      if (state === "completed" || state === "failed") await q.remove(jobId);
      else if (state !== "unknown") return jobId;
    }
    const job = await q.add(name, data, {
      jobId,
      delay: options.delayMs && options.delayMs > 0 ? options.delayMs : undefined,
      attempts,
      backoff: { type: "exponential", delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
    });
    return job.id!;
  }

  process(queue: string, handler: JobHandler, concurrency = 1): void {
    this.assertOpen();
    const worker = new Worker(
      queue,
      async (job: Job) =>
        handler({
          id: job.id!,
          name: job.name,
          data: job.data,
          attempt: job.attemptsMade + 1,
          updateProgress: (progress) => job.updateProgress(progress),
        }),
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency,
        removeOnComplete: { count: KEEP_FINISHED },
        removeOnFail: { count: KEEP_FINISHED },
      },
    );
    worker.on("error", (err) => this.log.error({ err, queue }, "queue: worker error"));
    this.workers.push(worker);
  }

  async repeat(queue: string, name: string, data: unknown, everyMs: number, key: string): Promise<void> {
    this.assertOpen();
    checkInterval(everyMs);
    // startDate only places the first run of a new scheduler; an existing one keeps its rhythm on upsert.
    await this.produce(queue, () =>
      this.queue(queue).upsertJobScheduler(
        key,
        { every: everyMs, startDate: Date.now() + everyMs },
        { name, data, opts: { attempts: DEFAULT_ATTEMPTS, backoff: { type: "exponential", delay: DEFAULT_BACKOFF_MS } } },
      ),
    );
  }

  async getJob(queue: string, id: string): Promise<JobInfo | null> {
    return this.produce(queue, () => this.readJob(queue, id));
  }

  private async readJob(queue: string, id: string): Promise<JobInfo | null> {
    const job = await this.queue(queue).getJob(id);
    if (!job) return null;
    const state = STATES[await job.getState()];
    if (!state) return null;
    const info: JobInfo = {
      id: job.id!,
      name: job.name,
      state,
      progress: typeof job.progress === "number" ? job.progress : 0,
      attemptsStarted: job.attemptsStarted,
    };
    if (state === "completed") info.result = job.returnvalue ?? undefined;
    if (job.failedReason) info.failedReason = job.failedReason;
    return info;
  }

  /**
   * Polls the counts (one atomic script). Each job scheduler keeps its next run waiting in `delayed`; those
   * runs are not pending work, so `delayed` counts only beyond one per scheduler (the repeat() interval is
   * never changed to end a scheduler, so each one always has its next run queued).
   */
  async drain(queue: string): Promise<void> {
    const q = this.queue(queue);
    while (!this.closed) {
      const counts = await q.getJobCounts("waiting", "prioritized", "waiting-children", "active", "delayed");
      const busy = counts.waiting + counts.prioritized + counts["waiting-children"] + counts.active;
      if (busy === 0 && (counts.delayed === 0 || counts.delayed <= (await q.getJobSchedulersCount()))) return;
      await new Promise((resolve) => setTimeout(resolve, this.drainPollMs));
    }
  }

  /** Workers first (they finish their active jobs), then the queues, then the shared connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    for (const c of [this.producer, this.connection]) await c.quit().catch(() => c.disconnect());
  }

  private queue(name: string): BullMQQueue {
    let q = this.queues.get(name);
    if (!q) {
      q = new BullMQQueue(name, { connection: this.producer, prefix: this.prefix });
      q.on("error", (err) => this.log.error({ err, queue: name }, "queue: error"));
      this.queues.set(name, q);
    }
    return q;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error("BullQueue is closed");
  }
}
