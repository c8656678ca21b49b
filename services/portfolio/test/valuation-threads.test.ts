/**
 * Valuations run as tasks (valuation-task.ts) on the valuation threads (valuation-worker.ts through tsx here, as
 * the built app runs its compiled worker), and reads serve the stored valuation: a portfolio of 500 assets
 * dated 1970, the widest the rules allow, is valued once per revision, on a thread, and read again and again
 * without being valued.
 */

import { WorkerPool } from "@folio/platform/worker-pool";
import { afterEach, describe, expect, it } from "vitest";
import { tsxWorker } from "../../../test/support/tsx-worker.ts";
import type { PortfolioTasks } from "../src/valuation-service.ts";
import type { PortfolioTask } from "../src/valuation-task.ts";
import { type Harness, harness } from "./helpers.ts";
import { hasRealData, REAL_DATA_DIR } from "./market-data.ts";

const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);
const CSV_ONLY = { MARKET_DATA_DIR: REAL_DATA_DIR, MARKET_DATA_PROVIDERS: "csv" };
const TICKERS = ["SPY", "VTI", "BND", "KO", "JNJ", "NVDA", "AAPL", "SCHD", "O", "BTC-USD"];
const everything = Array.from({ length: 500 }, (_, i) => ({
  ticker: TICKERS[i % TICKERS.length],
  quantity: 1 + i,
  PoA: 10 + i,
  DoA: "1970-01-02",
}));

/** The valuation threads, counting the tasks they are given. */
function countingThreads(): { tasks: PortfolioTasks; kinds: string[] } {
  const pool = new WorkerPool<PortfolioTask, never>({
    name: "valuation",
    start: tsxWorker(new URL("../src/valuation-worker.ts", import.meta.url)),
    threads: 1,
    maxQueued: 8,
    timeoutMs: 120_000,
  });
  const kinds: string[] = [];
  return {
    kinds,
    tasks: {
      run: (task, options) => {
        kinds.push(task.kind);
        return pool.run(task, options);
      },
      close: () => pool.close(),
    },
  };
}

const opened: Harness[] = [];
afterEach(async () => {
  for (const h of opened.splice(0)) await h.close();
});

describe.skipIf(!hasRealData)("valuations on the valuation threads", () => {
  it("value a 500-asset portfolio dated 1970 on a thread with the figures valued in place; reads serve the stored valuation", {
    timeout: 120_000,
  }, async () => {
    const threads = countingThreads();
    const onThreads = await harness({ pricing: true, env: CSV_ONLY, tasks: threads.tasks });
    const inPlace = await harness({ pricing: true, env: CSV_ONLY });
    opened.push(onThreads, inPlace);
    for (const h of [onThreads, inPlace]) h.deps.clock.set(TODAY);

    const saved = await onThreads.as("alice").save("new", { assets: everything, privateMode: false }, "Since 1970");
    expect(saved.statusCode).toBe(200);
    expect(threads.kinds).toEqual(["value"]);
    const slug = saved.json().slug as string;
    const reference = await inPlace.as("alice").save("new", { assets: everything, privateMode: false }, "Since 1970");
    const strip = (body: { data: Record<string, unknown> }) => ({ ...body.data, slug: "", pName: "", created_at: "", updated_at: "" });
    expect(strip(saved.json())).toEqual(strip(reference.json()));

    // a minute later, loads and cachable reads by the owner, a reader and visitors: the stored valuation each time
    onThreads.deps.clock.advance(60_000);
    const reads = [
      await onThreads.as("alice").get(slug),
      await onThreads.as(null).get(slug),
      await onThreads.as("bob").get(slug),
      await onThreads.as(null).cachable(slug),
      await onThreads.as(null).get(slug),
    ];
    for (const r of reads) {
      expect(r.statusCode).toBe(200);
      expect(r.json().has_updates).toBe(false);
      expect(r.json().data.lastRefreshed).toBe(saved.json().data.lastRefreshed);
      expect(r.json().data.marketValue).toBe(saved.json().data.marketValue);
    }
    expect(reads[0].json().moderation).toMatchObject({ slug, unlisted: false });
    expect(threads.kinds).toEqual(["value"]);

    // a new revision is valued once more, on the thread; the playground's drafts too
    await onThreads.as("alice").save(slug, { assets: everything.slice(1), rev: 1 });
    const draft = await onThreads.app.inject({
      method: "POST",
      url: "/v1/playground/value",
      payload: { portfolio: { assets: everything } },
    });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data.marketValue).toBe(saved.json().data.marketValue);
    expect(threads.kinds).toEqual(["value", "value", "value"]);
  });
});
