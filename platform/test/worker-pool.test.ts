import { getPriority } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { tsxWorker } from "../../test/support/tsx-worker.ts";
import { InPlace, PoolBusy, TaskFailed, TaskTimeout, WorkerPool, type WorkerPoolOptions } from "../src/worker-pool.ts";
import { THREAD_NICENESS } from "../src/worker-task.ts";
import type { TestTask } from "./support/test-worker.ts";

const start = tsxWorker(new URL("./support/test-worker.ts", import.meta.url));
let pool: WorkerPool<TestTask, Record<string, unknown>> | undefined;
afterEach(async () => {
  await pool?.close();
});
const make = (over: Partial<WorkerPoolOptions> = {}) => {
  pool = new WorkerPool<TestTask, Record<string, unknown>>({ name: "test", start, threads: 1, maxQueued: 4, timeoutMs: 10_000, ...over });
  return pool;
};

describe("WorkerPool", () => {
  it("runs tasks on its threads while the caller's event loop stays free", async () => {
    const p = make();
    expect(await p.run({ op: "echo", value: { a: [1, 2] } })).toEqual({ echoed: { a: [1, 2] } });
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 10);
    await p.run({ op: "spin", ms: 400 });
    clearInterval(timer);
    delay.disable();
    // 400 ms of work on the thread: the loop kept ticking (it would have stalled for 400 ms in place)
    expect(ticks.length).toBeGreaterThan(10);
    expect(delay.max / 1e6).toBeLessThan(300);
  });

  it("runs at most `threads` tasks at once; a request's task past maxQueued is refused with PoolBusy (a 503), background work waits", async () => {
    const p = make({ threads: 1, maxQueued: 1 });
    const started = performance.now();
    const first = p.run({ op: "spin", ms: 150 });
    const second = p.run({ op: "spin", ms: 150 });
    await expect(p.run({ op: "echo", value: 1 })).rejects.toBeInstanceOf(PoolBusy);
    const background = p.run({ op: "echo", value: "later" }, { background: true });
    await Promise.all([first, second]);
    // one thread: the two spins ran one after the other
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(await background).toEqual({ echoed: "later" });
  });

  it("serves parties in turn: a flood of one party's tasks delays another party's task by the one running, not by the flood", async () => {
    const p = make({ threads: 1, maxQueued: 64 });
    const done: string[] = [];
    const task = (party: string, i: number) => p.run({ op: "spin", ms: 5 }, { party }).then(() => done.push(`${party}${i}`));
    // alice's twelve large saves, then bob's one and carol's one, then alice's again
    const all = Array.from({ length: 12 }, (_, i) => task("alice", i));
    all.push(task("bob", 0), task("carol", 0), task("bob", 1));
    await Promise.all(all);
    // alice0 held the thread when the others came; then each party in turn, the one served longest ago first
    expect(done.slice(0, 6)).toEqual(["alice0", "bob0", "carol0", "alice1", "bob1", "alice2"]);
    expect(done.slice(6)).toEqual(Array.from({ length: 9 }, (_, i) => `alice${i + 3}`));
    expect(p.queued).toBe(0);
  });

  it("weighs tasks by their cost: beside users sending large tasks one at a time, a small task goes after the task running", async () => {
    const p = make({ threads: 1, maxQueued: 64 });
    const done: string[] = [];
    let joined = -1;
    // three users saving large portfolios over and over, each sending the next save when the last is answered
    const saver = async (party: string) => {
      for (let i = 0; i < 4; i++) {
        await p.run({ op: "spin", ms: 5 }, { party, cost: 500 });
        done.push(`${party}${i}`);
        if (party === "alice" && i === 1) {
          // bob joins now, with one small save, while another saver's task runs
          joined = done.length;
          void p.run({ op: "spin", ms: 5 }, { party: "bob", cost: 10 }).then(() => done.push("bob"));
        }
      }
    };
    await Promise.all(["alice", "carol", "dave"].map(saver));
    await new Promise((r) => setTimeout(r, 50));
    // one task (the one running when he came) between bob's arrival and his answer; first in, first out, or in
    // turns without the costs, it was three
    expect(done.indexOf("bob")).toBe(joined + 1);
  });

  it("lets one party hold at most its share of the queue (maxQueuedPerParty): its next request's task is PoolBusy, another party's still waits", async () => {
    const p = make({ threads: 1, maxQueued: 4, maxQueuedPerParty: 2 });
    const running = p.run({ op: "spin", ms: 100 }, { party: "alice" });
    const waiting = [p.run({ op: "echo", value: 1 }, { party: "alice" }), p.run({ op: "echo", value: 2 }, { party: "alice" })];
    await expect(p.run({ op: "echo", value: 3 }, { party: "alice" })).rejects.toBeInstanceOf(PoolBusy);
    const bob = p.run({ op: "echo", value: "bob" }, { party: "bob" });
    // background work is never refused, whoever it is for
    const job = p.run({ op: "echo", value: "job" }, { party: "alice", background: true });
    expect(await bob).toEqual({ echoed: "bob" });
    await Promise.all([running, ...waiting, job]);
  });

  it("stops a task past timeoutMs (TaskTimeout) and runs the next on a fresh thread", async () => {
    // the limit counts from the task's start, so it must allow the thread's own start (tsx compiles it here)
    const p = make({ timeoutMs: 3000 });
    await p.run({ op: "echo", value: 1 });
    const started = performance.now();
    await expect(p.run({ op: "spin", ms: 60_000 })).rejects.toBeInstanceOf(TaskTimeout);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await p.run({ op: "echo", value: 2 })).toEqual({ echoed: 2 });
  });

  it("passes a task's failure on with its name, message and code, and survives a thread that dies", async () => {
    const p = make();
    const failed = await p.run({ op: "fail", message: "too big" }).catch((e) => e);
    expect(failed).toBeInstanceOf(TaskFailed);
    expect([failed.name, failed.message, failed.code]).toEqual(["RangeError", "too big", "TOO_BIG"]);
    await expect(p.run({ op: "exit" })).rejects.toThrow(/exited with 3/);
    expect(await p.run({ op: "echo", value: 3 })).toEqual({ echoed: 3 });
  });

  it.skipIf(process.platform !== "linux")("runs its threads at a lower priority than the thread serving requests", async () => {
    const p = make();
    const { tid, nice } = (await p.run({ op: "priority" })) as { tid: number; nice: number };
    expect(tid).not.toBe(process.pid);
    expect(nice).toBe(Math.min(19, getPriority(process.pid) + THREAD_NICENESS));
    // the process itself keeps its priority
    expect(getPriority(process.pid)).not.toBe(nice);
  });
});

describe("InPlace", () => {
  it("runs the same function on the calling thread", async () => {
    expect(await new InPlace((n: number) => n * 2).run(21)).toBe(42);
  });
});
