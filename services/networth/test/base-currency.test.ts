/**
 * Net worth as market values in the user's base currency (README "Net worth"): lots in today's shares after
 * splits, prices converted at the latest rate of `<CUR><BASE>=X`, and a total that settles when pricing is
 * down: bounded retries, then the last good price marked stale or the holding listed as unpriced.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { envelope } from "@folio/platform/ids";
import { ServiceUnavailableError } from "@folio/platform/internal";
import type { JobContext } from "@folio/platform/queue/port";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { RECOMPUTE_ATTEMPTS, RECOMPUTE_QUEUE, recomputeJobId } from "../src/jobs.ts";
import { PricingUnavailable, priceKey } from "../src/prices.ts";
import { type Harness, harness, hasRealData, lastClose, REAL_DATA_DIR } from "./helpers.ts";

let h: Harness | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await h?.close();
  h = undefined;
});

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** SAP.DE in euros, VUSA.L quoted in pence, NESN.SW in francs without a rate; hand-made rows. */
function currencyFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-networth-md-"));
  folders.push(dir);
  copyFileSync(join(REAL_DATA_DIR, "KO.csv"), join(dir, "KO.csv"));
  const rows = (lines: string[]) => `date,close\n${lines.join("\n")}\n`;
  writeFileSync(join(dir, "currencies.csv"), "ticker,currency\nSAP.DE,EUR\nVUSA.L,GBp\nNESN.SW,CHF\n");
  writeFileSync(join(dir, "SAP.DE.csv"), rows(["2024-01-31,150", "2026-07-13,200"]));
  writeFileSync(join(dir, "VUSA.L.csv"), rows(["2024-01-31,7000", "2026-07-13,9000"]));
  writeFileSync(join(dir, "NESN.SW.csv"), rows(["2024-01-31,100", "2026-07-13,90"]));
  writeFileSync(join(dir, "EURUSD=X.csv"), rows(["2024-01-31,1.08", "2026-07-13,1.17"]));
  writeFileSync(join(dir, "GBPUSD=X.csv"), rows(["2024-01-31,1.27", "2026-07-13,1.35"]));
  return dir;
}

const netWorth = async (uid: string) => (await (h as Harness).post(uid, "/v1/get/netWorth", { force: true })).json();

describe.skipIf(!hasRealData)("net worth in the base currency", () => {
  it("counts a lot bought before a split in today's shares", async () => {
    h = await harness();
    // 10 NVDA bought 2023-09-11, before the 10:1 split of 2024-06-10: 100 shares today
    await h.deliver(h.saved("alice", "main", [{ ticker: "NVDA", quantity: 10, DoA: "2023-09-11" }]));
    await h.settle();
    expect((await netWorth("alice")).netWorth).toBe(Math.round(100 * lastClose("NVDA") * 100) / 100);
  });

  it("converts at the latest rate, reads pence as pounds, lists a holding without a rate, and follows the user's currency", async () => {
    h = await harness({ MARKET_DATA_DIR: currencyFolder() });
    await h.deliver(
      h.saved("alice", "main", [
        { ticker: "SAP.DE", quantity: 10 },
        { ticker: "VUSA.L", quantity: 100 },
        { ticker: "NESN.SW", quantity: 5 },
      ]),
    );
    await h.settle();
    await h.settle();
    // SAP.DE 10 × €200 × 1.17 = $2,340; VUSA.L 9,000 pence = £90: 100 × £90 × 1.35 = $12,150; total $14,490
    expect(await netWorth("alice")).toMatchObject({
      netWorth: 14490,
      baseCurrency: "USD",
      stale: [],
      unpriced: [{ ticker: "NESN.SW", reason: "no-exchange-rate" }],
    });

    const currency = h.networth.consumers?.find((c) => c.types.includes("account.updated"));
    const now = h.deps.clock.now();
    await currency?.handle(
      envelope("account.updated", "alice", { uid: "alice", displayName: null, username: null, baseCurrency: "EUR" }, now),
    );
    await h.settle();
    // in euros: SAP.DE 10 × €200 = €2,000; there is no GBPEUR=X or CHFEUR=X file, so the others are left out
    expect(await netWorth("alice")).toMatchObject({
      netWorth: 2000,
      baseCurrency: "EUR",
      unpriced: [
        { ticker: "NESN.SW", reason: "no-exchange-rate" },
        { ticker: "VUSA.L", reason: "no-exchange-rate" },
      ],
    });
  });
});

describe.skipIf(!hasRealData)("net worth while pricing is down", () => {
  const attempt = (n: number): JobContext => ({
    id: recomputeJobId("alice"),
    name: "recompute",
    data: { uid: "alice" },
    attempt: n,
    updateProgress: async () => {},
  });
  const pricingDown = (x: Harness) =>
    vi.spyOn(x.deps.services, "call").mockRejectedValue(new ServiceUnavailableError("pricing", new Error("connection refused")));

  it("retries, then settles with the holding listed as unpriced: never a silent wrong total, never calculating forever", async () => {
    h = await harness();
    pricingDown(h);
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    // the queue's retries wait on the manual clock: 20 ms debounce, then 2 s and 4 s of backoff
    let job = await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice"));
    for (let step = 0; step < 20 && job?.state !== "completed" && job?.state !== "failed"; step++) {
      h.deps.clock.advance(1000);
      await new Promise((r) => setTimeout(r, 20));
      job = await h.deps.queue.getJob(RECOMPUTE_QUEUE, recomputeJobId("alice"));
    }
    expect(job).toMatchObject({ state: "completed", attemptsStarted: RECOMPUTE_ATTEMPTS });
    const reply = (await h.post("alice", "/v1/get/netWorth")).json();
    expect(reply).toMatchObject({ netWorth: 0, calculating: false, stale: [], unpriced: [{ ticker: "KO", reason: "unavailable" }] });
  });

  it("uses the last good price, marked stale, once pricing has failed its retries", async () => {
    h = await harness({}, { workers: false });
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 2 }]));
    h.startWorkers();
    await h.settle();
    const good = Math.round(2 * lastClose("KO") * 100) / 100;
    expect((await h.post("alice", "/v1/get/netWorth")).json()).toMatchObject({ netWorth: good, stale: [] });

    // an hour later the cached price is gone and pricing does not answer
    await h.svc.cache.del(priceKey("KO"));
    h.deps.clock.advance(2 * 60 * 60_000);
    pricingDown(h);
    const recompute = h.networth.jobs?.find((j) => j.queue === RECOMPUTE_QUEUE);
    await expect(recompute?.handler(attempt(1))).rejects.toBeInstanceOf(PricingUnavailable);
    await recompute?.handler(attempt(RECOMPUTE_ATTEMPTS));
    expect((await h.post("alice", "/v1/get/netWorth")).json()).toMatchObject({ netWorth: good, stale: ["KO"], unpriced: [] });
  });
});
