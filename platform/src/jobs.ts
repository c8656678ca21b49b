/**
 * Jobs as services see them: typed by the one job map in proto (`JobPayloads`), job data checked against it
 * when a job is added and again before its handler runs, so a handler never casts its data and a queue is
 * never named by a bare string. The Queue port underneath stays untyped: its adapters know nothing of the
 * product's queues.
 */
import { type JobData, JobPayloads, type JobQueue } from "@folio/proto/jobs";
import { lazyCheck } from "./check.ts";
import type { JobContext, JobHandler, JobInfo, JobOptions, Queue } from "./queue/port.ts";

export type { JobData, JobQueue };

const validators = new Map(Object.entries(JobPayloads).map(([queue, schema]) => [queue, lazyCheck(schema)]));

export class InvalidJobError extends Error {
  constructor(queue: string, detail: string) {
    super(`invalid ${queue} job: ${detail}`);
    this.name = "InvalidJobError";
  }
}

export function checkJobData<Q extends JobQueue>(queue: Q, data: unknown): JobData<Q> {
  const validator = validators.get(queue);
  if (!validator) throw new InvalidJobError(queue, "unknown queue");
  if (!validator.Check(data)) {
    const first = [...validator.Errors(data)][0];
    throw new InvalidJobError(queue, first ? `${first.instancePath || "data"} ${first.message}` : "data does not match");
  }
  return data as JobData<Q>;
}

/** The product's queues, typed: what ServiceDeps offers services in place of the raw Queue port. */
export class Jobs {
  constructor(private readonly queue: Queue) {}

  async add<Q extends JobQueue>(queue: Q, data: JobData<Q>, options?: JobOptions): Promise<string> {
    return this.queue.add(queue, queue, checkJobData(queue, data), options);
  }

  /** A job every `everyMs`, idempotent by `key` across restarts and replicas. */
  async repeat<Q extends JobQueue>(queue: Q, data: JobData<Q>, everyMs: number, key: string): Promise<void> {
    return this.queue.repeat(queue, queue, checkJobData(queue, data), everyMs, key);
  }

  get(queue: JobQueue, id: string): Promise<JobInfo | null> {
    return this.queue.getJob(queue, id);
  }
}

const checked: unique symbol = Symbol("checked job");

/** A queue's handler, made only by `job()`, so every handler the host runs receives checked, typed data. */
export interface JobDefinition {
  readonly queue: JobQueue;
  readonly handler: JobHandler;
  readonly concurrency?: number;
  readonly [checked]: true;
}

export function job<Q extends JobQueue, R>(
  queue: Q,
  handler: (job: JobContext<JobData<Q>>) => Promise<R>,
  options: { concurrency?: number } = {},
): JobDefinition {
  return {
    queue,
    handler: async (context) => handler({ ...context, data: checkJobData(queue, context.data) }),
    concurrency: options.concurrency,
    [checked]: true,
  };
}
