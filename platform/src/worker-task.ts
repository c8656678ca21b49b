/**
 * The worker side of a WorkerPool (worker-pool.ts): a worker module calls `serveTasks(handler)` once, and each
 * task the pool sends is answered with the handler's result, or with its failure's name, message and code.
 * One task at a time: the pool sends the next only after the answer.
 *
 * The thread runs at a lower scheduling priority than the process (THREAD_NICENESS steps of `nice`, Linux: a
 * thread has its own nice value): when the cores are busy, the thread that serves requests and /healthz gets
 * the CPU first, and the heavy work waits, rather than the other way round.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort, type TransferListItem } from "node:worker_threads";

/** how much lower the task threads run (nice steps, 0–19 above the process's) */
export const THREAD_NICENESS = 10;

/** This thread's id (Linux: /proc/thread-self names it), or null where threads have no id of their own. */
export function threadId(): number | null {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isSafeInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Lowers this thread's priority by `steps` (never above 19); does nothing where it cannot. */
export function lowerThreadPriority(steps = THREAD_NICENESS): void {
  const tid = threadId();
  if (tid === null) return;
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + steps));
  } catch {
    // not permitted or not supported here: the thread keeps the process's priority
  }
}

import type { TaskRequest, TaskResponse } from "./worker-pool.ts";

/** A result with objects to move back to the pool rather than copy (ArrayBuffers). */
export interface Transferring<Out> {
  output: Out;
  transfer: TransferListItem[];
}

export const transferring = <Out>(output: Out, transfer: TransferListItem[]): Transferring<Out> => ({ output, transfer });

export function serveTasks<In, Out>(handler: (input: In) => Out | Transferring<Out> | Promise<Out | Transferring<Out>>): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  lowerThreadPriority();
  port.on("message", async ({ id, input }: TaskRequest<In>) => {
    let response: TaskResponse<Out>;
    let transfer: TransferListItem[] | undefined;
    try {
      const result = await handler(input);
      if (result && typeof result === "object" && "transfer" in result && "output" in result) {
        response = { id, ok: true, output: (result as Transferring<Out>).output };
        transfer = (result as Transferring<Out>).transfer;
      } else response = { id, ok: true, output: result as Out };
    } catch (err) {
      const e = err as { name?: string; message?: string; code?: unknown };
      response = {
        id,
        ok: false,
        name: e?.name ?? "Error",
        message: e?.message ?? String(err),
        ...(typeof e?.code === "string" || typeof e?.code === "number" ? { code: String(e.code) } : {}),
      };
    }
    port.postMessage(response, transfer);
  });
}
