/**
 * CPU-heavy work off the event loop: a pool of worker threads running one module's task, so no request holds
 * the loop for what its input costs (a 500-asset valuation, a 5 MB broker file). The one way the platform
 * does it:
 *
 * - a fixed number of threads (`threads`), started on first use and kept (their code compiled and warm),
 *   each running one task at a time; tasks wait their turn in a queue;
 * - fair between parties: each task is run for a party (`{ party }`: the user, or a visitor's address) at a
 *   cost (`{ cost }`: what the caller knows of its size, a valuation's assets), each party's tasks wait in a
 *   queue of their own, and a free thread takes the next task by weighted fair queueing: a party's task is
 *   tagged with the virtual time at which it would finish (its start, the later of the pool's virtual time
 *   and the party's last finish, plus its cost) and the smallest tag goes first. Parties that send a task
 *   at a time and parties that flood share the threads alike, and a small task finishes before large ones
 *   queued: a user's ten-asset save waits for the task running, not for other users' 500-asset ones;
 * - a bounded queue: a request's task that finds `maxQueued` waiting, or its party's share of them
 *   (`maxQueuedPerParty`, default half) waiting already, is refused at once with PoolBusy (a 503 with
 *   Retry-After, platform/src/unavailable.ts), so a burst costs its senders a retry rather than everyone a
 *   growing wait, and one party cannot fill the queue for the others. Background work (`{ background: true }`:
 *   queue jobs, which their runner already bounds) always waits;
 * - a task that runs past `timeoutMs` has its thread ended (a thread cannot be interrupted otherwise) and is
 *   rejected with TaskTimeout; a thread that dies (out of memory, a crash) fails its task with the error and
 *   is replaced for the next one; threads idle for `idleMs` (default 15 s) are ended, so a quiet process holds
 *   no thread's heap nor what its allocator kept (a thread costs tens of MB of resident memory; starting one
 *   again is its module compiled, off the event loop);
 * - each thread's heap is bounded (`heapMb`) and its young generation kept small (`youngMb`): a task's garbage
 *   is short-lived, and the default nursery (the main thread's size) is memory each thread holds;
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
  /** whom the task is for (a user id, a visitor's address): parties share the threads fairly */
  party?: string;
  /** the task's size in the caller's units (a valuation's assets; default 1): a party's share is counted in it */
  cost?: number;
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
  /** request tasks one party may have waiting (default half of maxQueued, at least 1) */
  maxQueuedPerParty?: number;
  timeoutMs: number;
  /**
   * each thread's heap limit. In a process started with `--max-old-space-size` (as the app ships: 512, see
   * docs/operations.md "The runtime") V8 gives every thread that flag's limit instead: the flag wins over a
   * Worker's resourceLimits, so a pool's heapMb is the flag's value there (the valuation and file pools ask 512)
   */
  heapMb?: number;
  /**
   * each thread's young generation (V8's nursery, where a task's short-lived objects are made): kept small, since a
   * task's garbage is short-lived and the default (the main thread's, tens of MB) is memory held per thread
   */
  youngMb?: number;
  /** threads with nothing to do for this long are ended (default 15 s) */
  idleMs?: number;
}

/** Messages between the pool and its threads (worker-task.ts). */
export type TaskRequest<In> = { id: number; input: In };
export type TaskResponse<Out> =
  | { id: number; ok: true; output: Out }
  | { id: number; ok: false; name: string; message: string; code?: string };

/** parties whose last finish tag the pool remembers (the most recently served) */
const REMEMBERED = 4096;

/** how long a thread with nothing to do is kept */
export const IDLE_MS = 15_000;

interface Pending<In, Out> {
  id: number;
  party: string;
  cost: number;
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
  /** each party's waiting tasks (only parties with some), in the order they first waited */
  private readonly queues = new Map<string, Pending<In, Out>[]>();
  /**
   * each party's last finish tag (virtual time), the least recently served first; a party forgotten (past
   * REMEMBERED parties) or never seen starts at the pool's virtual time
   */
  private readonly finishes = new Map<string, number>();
  /** the start tag of the task last given a thread */
  private virtualTime = 0;
  private waiting = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    if (options.threads < 1) throw new RangeError(`${options.name}: a pool needs at least one thread`);
  }

  /** tasks waiting for a thread */
  get queued(): number {
    return this.waiting;
  }

  run(input: In, options: RunOptions = {}): Promise<Out> {
    if (this.closed) return Promise.reject(new PoolBusy(this.options.name));
    const party = options.party ?? "";
    const free = this.threads.find((t) => t.task === null);
    const canStart = free !== undefined || this.threads.length < this.options.threads;
    if (!canStart && !options.background) {
      const perParty = this.options.maxQueuedPerParty ?? Math.max(1, Math.floor(this.options.maxQueued / 2));
      if (this.waiting >= this.options.maxQueued || (this.queues.get(party)?.length ?? 0) >= perParty) {
        return Promise.reject(new PoolBusy(this.options.name));
      }
    }
    return new Promise<Out>((resolve, reject) => {
      const queue = this.queues.get(party);
      const cost = Number.isFinite(options.cost) && (options.cost as number) > 0 ? (options.cost as number) : 1;
      const task = { id: this.nextId++, party, cost, input, transfer: options.transfer, resolve, reject };
      if (queue) queue.push(task);
      else this.queues.set(party, [task]);
      this.waiting++;
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values()) for (const task of queue) task.reject(new PoolBusy(this.options.name));
    this.queues.clear();
    this.finishes.clear();
    this.waiting = 0;
    await Promise.all(this.threads.splice(0).map((t) => this.end(t)));
  }

  /** The next task: the first waiting of each party, tagged with its virtual finish; the smallest tag goes. */
  private next(): Pending<In, Out> | undefined {
    let chosen: string | undefined;
    let smallest = Number.POSITIVE_INFINITY;
    let chosenStart = 0;
    for (const [party, queue] of this.queues) {
      const start = Math.max(this.virtualTime, this.finishes.get(party) ?? 0);
      const tag = start + queue[0].cost;
      if (tag < smallest) {
        smallest = tag;
        chosen = party;
        chosenStart = start;
      }
    }
    if (chosen === undefined) return undefined;
    const queue = this.queues.get(chosen) as Pending<In, Out>[];
    const task = queue.shift() as Pending<In, Out>;
    if (queue.length === 0) this.queues.delete(chosen);
    this.waiting--;
    this.virtualTime = chosenStart;
    // the Map's order is the order of service: the party just served goes last, the one served longest ago is
    // the first to forget
    this.finishes.delete(chosen);
    this.finishes.set(chosen, smallest);
    if (this.finishes.size > REMEMBERED) this.finishes.delete(this.finishes.keys().next().value as string);
    return task;
  }

  private dispatch(): void {
    while (this.waiting > 0) {
      let thread = this.threads.find((t) => t.task === null);
      if (!thread) {
        if (this.threads.length >= this.options.threads) return;
        thread = this.spawn();
      }
      const task = this.next();
      if (!task) return;
      this.assign(thread, task);
    }
  }

  private spawn(): Thread<In, Out> {
    const { heapMb, youngMb } = this.options;
    const workerOptions: WorkerOptions = {
      resourceLimits: { ...(heapMb ? { maxOldGenerationSizeMb: heapMb } : {}), ...(youngMb ? { maxYoungGenerationSizeMb: youngMb } : {}) },
    };
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
    const idleMs = this.options.idleMs ?? IDLE_MS;
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
