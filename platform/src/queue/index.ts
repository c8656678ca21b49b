import type { Clock } from "../clock.ts";
import { BullQueue } from "./bullmq.ts";
import { MemoryQueue } from "./memory.ts";
import type { Queue } from "./port.ts";

export { BullQueue, type BullQueueOptions } from "./bullmq.ts";
export { MemoryQueue } from "./memory.ts";
export type { JobContext, JobHandler, JobInfo, JobOptions, JobState, Queue } from "./port.ts";

export interface QueueConfig {
  /** what the in-process queue's delays, retries and repeats run on */
  clock: Clock;
  /** set → BullMQ on Redis, shared by every replica; unset → in this process */
  redisUrl?: string;
  /** BullMQ key prefix */
  prefix?: string;
}

export function createQueue(config: QueueConfig): Queue {
  return config.redisUrl ? new BullQueue({ url: config.redisUrl, prefix: config.prefix }) : new MemoryQueue(config.clock);
}
