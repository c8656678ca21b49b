/**
 * CPU-heavy work off the event loop: a pool of worker threads running one module's task, so no request holds
 * the loop for what its input costs (a 500-asset valuation, a 5 MB broker file). The one way the platform
 * does it:
 *
 * - a fixed number of threads (`threads`), started on first use and kept (their code compiled and warm),
 *   each running one task at a time; tasks wait their turn in a queue;
 * - a bounded queue: a request's task that finds `maxQueued` waiting is refused at once with PoolBusy (a 503
 *   with Retry-After, platform/src/unavailable.ts), so a burst costs its senders a retry rather than everyone
 *   a growing wait. Background work (`{ background: true }`: queue jobs, which their runner already bounds)
 *   always waits;
 * - a task that runs past `timeoutMs` has its thread ended (a thread cannot be interrupted otherwise) and is
 *   rejected with TaskTimeout; a thread that dies (out of memory, a crash) fails its task with the error and
 *   is replaced for the next one; threads idle for `idleMs` are ended, so a quiet process holds no extra heap;
 * - `TaskRunner` is what a service holds: this pool in the built app, or `InPlace` (the same function on the
 *   calling thread) under the sources, where there is no built worker file (the service tests).
 *
 * The worker side is `serveTasks(handler)` (worker-task.ts), in a module built as its own entry
 * (scripts/build-server.mjs).
 */
import { type TransferListItem, Worker, type WorkerOptions } from "node:worker_threads";
import { DependencyUnavailableError } from "./unavailable.ts";

export interface TaskRunner<In, Out> {
  run(input: In, options?: RunOptions): Promise<Out>;
  close(): Promise<void>;
}

export interface RunOptions {
  /** waits for a thread however long the queue (queue jobs); a request's task is refused past maxQueued */
  background?: boolean;
  /** objects moved to the thread rather than copied (ArrayBuffers) */
  transfer?: TransferListItem[];
}

/** Every thread is busy and maxQueued tasks already wait: try again in a moment (503 with Retry-After). */
export class PoolBusy extends DependencyUnavailableError {
  constructor(pool: string) {
    super(`${pool} threads`, new Error("every thread is busy and the queue is full"));
    this.name = "PoolBusy";
  }
}

/** The task ran past the pool's timeoutMs: its thread was ended. */
export class TaskTimeout extends Error {
  constructor(pool: string, ms: number) {
    super(`${pool}: a task ran longer than ${ms} ms and was stopped`);
    this.name = "TaskTimeout";
  }
}

/** The task's thread passed its heap limit (heapMb) and was ended: the task is too large to run. */
export class TaskOutOfMemory extends Error {
  constructor(pool: string, heapMb: number) {
    super(`${pool}: a task needed more than ${heapMb} MB and was stopped`);
    this.name = "TaskOutOfMemory";
  }
}

/** A task's own failure, as the thread reported it (its name, message and code). */
export class TaskFailed extends Error {
  constructor(
    name: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = name;
  }
}

export interface WorkerPoolOptions {
  /** for errors and logs: "valuation", "broker files" */
  name: string;
  /** the worker module: a built file's URL, or a starter (tests start the TypeScript module through tsx) */
  start: URL | ((options: WorkerOptions) => Worker);
  threads: number;
  /** request tasks that may wait for a thread; more are refused with PoolBusy */
  maxQueued: number;
  timeoutMs: number;
  /** each thread's heap limit */
  heapMb?: number;
  /** threads with nothing to do for this long are ended (default 60 s) */
  idleMs?: number;
}

/** Messages between the pool and its threads (worker-task.ts). */
export type TaskRequest<In> = { id: number; input: In };
export type TaskResponse<Out> =
  | { id: number; ok: true; output: Out }
  | { id: number; ok: false; name: string; message: string; code?: string };

interface Pending<In, Out> {
  id: number;
  input: In;
  transfer?: TransferListItem[];
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}

interface Thread<In, Out> {
  worker: Worker;
  task: Pending<In, Out> | null;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

export class WorkerPool<In, Out> implements TaskRunner<In, Out> {
  private readonly threads: Thread<In, Out>[] = [];
  private readonly queue: Pending<In, Out>[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.threads < 1) throw new RangeError(`${options.name}: a pool needs at least one thread`);
  }

  /** tasks waiting for a thread */
  get queued(): number {
    return this.queue.length;
  }

  run(input: In, options: RunOptions = {}): Promise<Out> {
    if (this.closed) return Promise.reject(new PoolBusy(this.options.name));
    const free = this.threads.find((t) => t.task === null);
    const canStart = free !== undefined || this.threads.length < this.options.threads;
    if (!canStart && !options.background && this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new PoolBusy(this.options.name));
    }
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, transfer: options.transfer, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new PoolBusy(this.options.name));
    await Promise.all(this.threads.splice(0).map((t) => this.end(t)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let thread = this.threads.find((t) => t.task === null);
      if (!thread) {
        if (this.threads.length >= this.options.threads) return;
        thread = this.spawn();
      }
      const task = this.queue.shift() as Pending<In, Out>;
      this.assign(thread, task);
    }
  }

  private spawn(): Thread<In, Out> {
    const workerOptions: WorkerOptions = this.options.heapMb ? { resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb } } : {};
    const { start } = this.options;
    const worker = start instanceof URL ? new Worker(start, workerOptions) : start(workerOptions);
    const thread: Thread<In, Out> = { worker, task: null };
    worker.on("message", (message: TaskResponse<Out>) => this.answered(thread, message));
    worker.on("error", (err) => this.died(thread, err));
    worker.on("exit", (code) => this.died(thread, new Error(`${this.options.name} thread exited with ${code}`)));
    // an idle pool must not keep the process alive
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  private assign(thread: Thread<In, Out>, task: Pending<In, Out>): void {
    if (thread.idle) clearTimeout(thread.idle);
    thread.task = task;
    thread.timer = setTimeout(() => {
      this.remove(thread);
      void this.end(thread);
      task.reject(new TaskTimeout(this.options.name, this.options.timeoutMs));
      this.dispatch();
    }, this.options.timeoutMs);
    const message: TaskRequest<In> = { id: task.id, input: task.input };
    try {
      thread.worker.postMessage(message, task.transfer);
    } catch (err) {
      // the input cannot be sent (a value that does not clone): the task's own failure
      clearTimeout(thread.timer);
      thread.task = null;
      task.reject(err);
    }
  }

  private answered(thread: Thread<In, Out>, message: TaskResponse<Out>): void {
    const task = thread.task;
    if (!task || task.id !== message.id) return;
    clearTimeout(thread.timer);
    thread.task = null;
    if (message.ok) task.resolve(message.output);
    else task.reject(new TaskFailed(message.name, message.message, message.code));
    this.idleLater(thread);
    this.dispatch();
  }

  private died(thread: Thread<In, Out>, err: unknown): void {
    if (!this.remove(thread)) return;
    clearTimeout(thread.timer);
    if (thread.idle) clearTimeout(thread.idle);
    // Node ends a thread past its resourceLimits with this code
    const outOfMemory = (err as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
    thread.task?.reject(outOfMemory ? new TaskOutOfMemory(this.options.name, this.options.heapMb ?? 0) : err);
    thread.task = null;
    if (!this.closed) this.dispatch();
  }

  private idleLater(thread: Thread<In, Out>): void {
    const idleMs = this.options.idleMs ?? 60_000;
    thread.idle = setTimeout(() => {
      if (thread.task !== null) return;
      this.remove(thread);
      void this.end(thread);
    }, idleMs);
    thread.idle.unref();
  }

  /** takes a thread out of the pool; false when it was gone already */
  private remove(thread: Thread<In, Out>): boolean {
    const i = this.threads.indexOf(thread);
    if (i < 0) return false;
    this.threads.splice(i, 1);
    return true;
  }

  private async end(thread: Thread<In, Out>): Promise<void> {
    clearTimeout(thread.timer);
    if (thread.idle) clearTimeout(thread.idle);
    thread.worker.removeAllListeners("exit");
    await thread.worker.terminate();
  }
}

/** The task on the calling thread: what runs under the sources, where no worker file is built. */
export class InPlace<In, Out> implements TaskRunner<In, Out> {
  constructor(private readonly task: (input: In) => Out | Promise<Out>) {}
  async run(input: In): Promise<Out> {
    return this.task(input);
  }
  async close(): Promise<void> {}
}
