/**
 * The worker side of a WorkerPool (worker-pool.ts): a worker module calls `serveTasks(handler)` once, and each
 * task the pool sends is answered with the handler's result, or with its failure's name, message and code.
 * One task at a time: the pool sends the next only after the answer.
 */
import { parentPort, type TransferListItem } from "node:worker_threads";
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
