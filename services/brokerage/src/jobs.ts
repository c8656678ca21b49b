/**
 * The brokerage queue jobs. `brokerage.sync` (jobId per connection, so a burst of webhooks makes one job)
 * refreshes one connection's holdings and publishes them; `brokerage.sync-all` (daily, repeatable) adds a
 * sync for every connection in good standing. Without Plaid configured both do nothing.
 */
import { type JobDefinition, job } from "@folio/platform/jobs";
import { SYNC_ALL_QUEUE, SYNC_QUEUE, type SyncOutcome, syncJobId } from "./connections.ts";
import type { BrokerageContext } from "./context.ts";

export function brokerageJobs({ deps, settings, connections }: BrokerageContext): JobDefinition[] {
  return [
    job(SYNC_QUEUE, async ({ data }): Promise<SyncOutcome | { skipped: string }> => {
      if (!settings.configured) return { skipped: "Plaid is not configured" };
      try {
        return await connections.sync(data.connectionId);
      } catch (err) {
        // the queue retries; the reason is logged here (Plaid's codes only, never a token)
        deps.log.warn({ err: (err as Error).message, connectionId: data.connectionId }, "brokerage: sync failed");
        throw err;
      }
    }),
    job(SYNC_ALL_QUEUE, async (): Promise<{ queued: number }> => {
      if (!settings.configured) return { queued: 0 };
      const all = await connections.all();
      for (const c of all) await deps.jobs.add(SYNC_QUEUE, { connectionId: c._id }, { jobId: syncJobId(c._id) });
      return { queued: all.length };
    }),
  ];
}
