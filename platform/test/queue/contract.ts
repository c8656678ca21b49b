/**
 * The Queue contract, run against every adapter. Each test gets a fresh namespace; `peer()` opens a second
 * client of it, as another replica would (for the memory queue, the same process). Time passes through the
 * fixture: the memory queue runs on a manual clock that `tick` moves, BullMQ on Redis's own clock, where
 * `tick` waits for real.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JobContext, JobInfo, Queue } from "../../src/queue/port.ts";

export interface QueueFixture {
  queue: Queue;
  /** another client on the same namespace: a second replica's view of the queues */
  peer(): Promise<Queue>;
  /** closes the queue and every peer */
  close(): Promise<void>;
  /** the queue's clock */
  now(): number;
  /** lets `ms` pass on the queue's clock */
  tick(ms: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves by hand, to hold a job active while it looks at it. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

export function runQueueContract(name: string, setup: () => Promise<QueueFixture>): void {
  describe(`Queue contract: ${name}`, () => {
    let fixture: QueueFixture;
    let queue: Queue;

    beforeEach(async () => {
      fixture = await setup();
      queue = fixture.queue;
    });
    afterEach(async () => {
      await fixture.close();
    });

    it("runs a job to completion with its result visible in getJob", async () => {
      const seen: JobContext[] = [];
      queue.process("sums", async (job) => {
        seen.push(job);
        const { a, b } = job.data as { a: number; b: number };
        return { sum: a + b };
      });
      const id = await queue.add("sums", "add-up", { a: 2, b: 3 });
      await queue.drain!("sums");
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id, name: "add-up", data: { a: 2, b: 3 }, attempt: 1 });
      const info = await queue.getJob("sums", id);
      expect(info).toMatchObject({ id, name: "add-up", state: "completed", result: { sum: 5 }, attemptsStarted: 1 });
      expect(info?.failedReason).toBeUndefined();
      expect(await queue.getJob("sums", "no-such-job")).toBeNull();
    });

    it("shows progress while a job runs", async () => {
      const hold = gate();
      queue.process("progress", async (job) => {
        await job.updateProgress(40);
        await hold.wait;
        await job.updateProgress(100);
        return "done";
      });
      const id = await queue.add("progress", "long", {});
      let info: JobInfo | null = null;
      await until("progress 40 is visible", async () => {
        info = await queue.getJob("progress", id);
        return info?.progress === 40;
      });
      expect(info).toMatchObject({ state: "active", progress: 40 });
      hold.open();
      await queue.drain!("progress");
      expect(await queue.getJob("progress", id)).toMatchObject({ state: "completed", progress: 100, result: "done" });
    });

    it("retries a failing job with exponential backoff until it succeeds", async () => {
      const starts: number[] = [];
      queue.process("flaky", async (job) => {
        starts.push(fixture.now());
        if (job.attempt < 3) throw new Error(`failure ${job.attempt}`);
        return { attempt: job.attempt };
      });
      const id = await queue.add("flaky", "try", {}, { attempts: 3, backoffMs: 40 });
      const drained = queue.drain!("flaky");
      await fixture.tick(40);
      await fixture.tick(80);
      await drained;
      expect(starts).toHaveLength(3);
      // backoff 40 ms, then doubled to 80 ms (a little slack for timer rounding)
      expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(35);
      expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(75);
      expect(await queue.getJob("flaky", id)).toMatchObject({ state: "completed", result: { attempt: 3 }, attemptsStarted: 3 });
    });

    it("fails a job that fails on every attempt, with the reason", async () => {
      let calls = 0;
      queue.process("doomed", async () => {
        calls++;
        throw new Error("upstream said no");
      });
      const id = await queue.add("doomed", "try", { x: 1 }, { attempts: 2, backoffMs: 5 });
      const drained = queue.drain!("doomed");
      await fixture.tick(5);
      await drained;
      expect(calls).toBe(2);
      expect(await queue.getJob("doomed", id)).toMatchObject({ state: "failed", failedReason: "upstream said no", attemptsStarted: 2 });
    });

    it("de-duplicates by jobId while waiting or active, and runs again once finished", async () => {
      const runs: unknown[] = [];
      const first = await queue.add("dedup", "recompute", { v: 1 }, { jobId: "user-7" });
      const second = await queue.add("dedup", "recompute", { v: 2 }, { jobId: "user-7" });
      expect(first).toBe("user-7");
      expect(second).toBe("user-7");
      expect(await queue.getJob("dedup", "user-7")).toMatchObject({ state: "waiting" });

      let hold = gate();
      queue.process("dedup", async (job) => {
        runs.push(job.data);
        await hold.wait;
        return job.data;
      });
      await until("the job is active", async () => (await queue.getJob("dedup", "user-7"))?.state === "active");
      await queue.add("dedup", "recompute", { v: 3 }, { jobId: "user-7" });
      hold.open();
      await queue.drain!("dedup");
      expect(runs).toEqual([{ v: 1 }]);

      hold = gate();
      hold.open();
      await queue.add("dedup", "recompute", { v: 4 }, { jobId: "user-7" });
      await queue.drain!("dedup");
      expect(runs).toEqual([{ v: 1 }, { v: 4 }]);
      expect(await queue.getJob("dedup", "user-7")).toMatchObject({ state: "completed", result: { v: 4 } });
    });

    it("refuses jobIds BullMQ can't hold", async () => {
      await expect(queue.add("ids", "x", {}, { jobId: "42" })).rejects.toThrow(/integer/);
      await expect(queue.add("ids", "x", {}, { jobId: "user:7" })).rejects.toThrow(/':'/);
    });

    it("holds a delayed job back for delayMs", async () => {
      let ranAt = 0;
      queue.process("later", async () => {
        ranAt = fixture.now();
      });
      const addedAt = fixture.now();
      // on Redis's clock a busy machine can stretch a 100 ms wait a good deal: the delay leaves room for that
      const id = await queue.add("later", "remind", {}, { delayMs: 1500 });
      expect(await queue.getJob("later", id)).toMatchObject({ state: "delayed" });
      await fixture.tick(100);
      expect(await queue.getJob("later", id)).toMatchObject({ state: "delayed" });
      await fixture.tick(1410);
      await queue.drain!("later");
      expect(ranAt - addedAt).toBeGreaterThanOrEqual(1495);
      expect(await queue.getJob("later", id)).toMatchObject({ state: "completed" });
    });

    it("never runs more jobs at once than the concurrency", async () => {
      let active = 0;
      let most = 0;
      queue.process(
        "busy",
        async () => {
          active++;
          most = Math.max(most, active);
          await sleep(30);
          active--;
        },
        2,
      );
      for (let i = 0; i < 6; i++) await queue.add("busy", "work", { i });
      await queue.drain!("busy");
      expect(most).toBe(2);
    });

    it("shares one queue's jobs between two workers without running any twice", async () => {
      const peer = await fixture.peer();
      const ran: Record<string, string[]> = { one: [], two: [] };
      const worker = (who: string) => async (job: JobContext) => {
        ran[who].push(job.id);
        await sleep(15);
      };
      queue.process("shared", worker("one"));
      peer.process("shared", worker("two"));
      const ids: string[] = [];
      for (let i = 0; i < 16; i++) ids.push(await peer.add("shared", "work", { i }));
      await until("every job ran", () => ran.one.length + ran.two.length >= ids.length);
      await queue.drain!("shared");
      const all = [...ran.one, ...ran.two];
      expect(new Set(all).size).toBe(all.length);
      expect([...all].sort()).toEqual([...ids].sort());
      expect(ran.one.length).toBeGreaterThan(0);
      expect(ran.two.length).toBeGreaterThan(0);
    });

    it("repeats a job every interval, and a second repeat() with the same key doesn't double it", async () => {
      const runs: number[] = [];
      queue.process("ticks", async (job) => {
        runs.push(fixture.now());
        expect(job).toMatchObject({ name: "tick", data: { source: "clock" } });
      });
      const start = fixture.now();
      await queue.repeat("ticks", "tick", { source: "clock" }, 100, "tick-every-100");
      await queue.repeat("ticks", "tick", { source: "clock" }, 100, "tick-every-100");
      await fixture.tick(50);
      expect(runs).toHaveLength(0);
      // advance until four runs happened (bounded: 5 s of 50 ms steps), however slow the machine is
      for (let step = 0; step < 100 && runs.length < 4; step++) await fixture.tick(50);
      expect(runs.length).toBeGreaterThanOrEqual(4);
      // one run per 100 ms slot at most: a doubled schedule would give two per slot
      const slots = Math.ceil((fixture.now() - start) / 100);
      expect(runs.length).toBeLessThanOrEqual(slots + 1);
      await queue.drain!("ticks");
    });

    it("drain resolves at once on an idle queue and waits for delayed and active jobs", async () => {
      await queue.drain!("idle");
      const done: string[] = [];
      queue.process("mixed", async (job) => {
        await sleep(20);
        done.push(job.name);
      });
      await queue.add("mixed", "now", {});
      await queue.add("mixed", "soon", {}, { delayMs: 60 });
      const drained = queue.drain!("mixed");
      await fixture.tick(60);
      await drained;
      expect(done.sort()).toEqual(["now", "soon"]);
    });
  });
}
