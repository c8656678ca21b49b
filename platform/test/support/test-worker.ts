/** A worker module for the pool's tests: echoes, computes for a while, or fails, as told. */
import { getPriority } from "node:os";
import { serveTasks, threadId } from "../../src/worker-task.ts";

export type TestTask =
  | { op: "echo"; value: unknown }
  | { op: "spin"; ms: number }
  | { op: "fail"; message: string }
  | { op: "exit" }
  | { op: "priority" };

serveTasks((task: TestTask) => {
  if (task.op === "priority") {
    const tid = threadId();
    return { tid, nice: tid === null ? null : getPriority(tid) };
  }
  if (task.op === "echo") return { echoed: task.value };
  if (task.op === "spin") {
    const until = performance.now() + task.ms;
    let n = 0;
    while (performance.now() < until) n++;
    return { spun: n > 0 };
  }
  if (task.op === "exit") process.exit(3);
  throw Object.assign(new RangeError(task.message), { code: "TOO_BIG" });
});
