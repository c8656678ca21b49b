/**
 * The Queue port and the one place that picks its adapter. The BullMQ adapter (and bullmq, ioredis) is loaded
 * only when chosen, so the embedded app never pays for it; import it from `@folio/platform/queue/bullmq`.
 */
import type { Clock } from "../clock.ts";
import { MemoryQueue } from "./memory.ts";
import type { Queue } from "./port.ts";

export type { BullQueueOptions } from "./bullmq.ts";
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

export async function createQueue(config: QueueConfig): Promise<Queue> {
  if (!config.redisUrl) return new MemoryQueue(config.clock);
  const { BullQueue } = await import("./bullmq.ts");
  return new BullQueue({ url: config.redisUrl, prefix: config.prefix });
}
