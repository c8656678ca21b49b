/**
 * Every queue's job data schema, by queue name: the one list of long work. A queue's name starts with the
 * name of the service that owns it and runs its jobs (`networth.recompute` is the networth service's). The
 * platform validates job data when a job is added and before its handler runs, and the start-up check
 * refuses to start a worker process in which a queue of a hosted service has no handler, or two.
 */
import { type Static, type TSchema, Type } from "typebox";
import { ScreenshotJobData } from "./import.ts";
import { RecomputeJobData } from "./networth.ts";

const Ticker = Type.String({ minLength: 1 });

export const JobPayloads = {
  /** one user's net worth from their portfolios' figures (jobId `networth-<uid>`, debounced per user) */
  "networth.recompute": RecomputeJobData,
  /** the hourly price refresh of every held ticker (a repeatable job) */
  "pricing.refresh": Type.Object({}),
  /** after a price.updated: a revaluation of every portfolio whose figures read the ticker */
  "portfolio.fanout": Type.Object({ ticker: Ticker }),
  /** one portfolio's figures from the latest prices (jobId per slug, debounced) */
  "portfolio.revalue": Type.Object({ slug: Type.String({ minLength: 1 }) }),
  /** the visitors' sample portfolios, seeded at start and retried with backoff while prices cannot be had */
  "portfolio.seed": Type.Object({}),
  /** one brokerage connection's holdings refreshed from Plaid (jobId per connection; webhook, daily sweep) */
  "brokerage.sync": Type.Object({ connectionId: Type.String({ minLength: 1 }) }),
  /** the daily sweep: a brokerage.sync for every connection (a repeatable job) */
  "brokerage.sync-all": Type.Object({}),
  /** one uploaded screenshot read by OCR (progress 0–100), its file deleted once read */
  "import.screenshot": ScreenshotJobData,
  /** every 15 minutes: uploads and results older than they are needed are deleted (a repeatable job) */
  "import.sweep": Type.Object({}),
} satisfies Record<string, TSchema>;

export type JobQueue = keyof typeof JobPayloads;
export type JobData<Q extends JobQueue> = Static<(typeof JobPayloads)[Q]>;

/** The service that owns a queue: the part of its name before the first dot. */
export const queueOwner = (queue: string): string => queue.slice(0, queue.indexOf("."));
