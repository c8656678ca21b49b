import { MemoryQueue } from "../../src/queue/memory.ts";
import { runQueueContract } from "./contract.ts";

runQueueContract("MemoryQueue", async () => {
  const queue = new MemoryQueue();
  return {
    queue,
    // workers of one process share its in-memory queue
    peer: async () => queue,
    close: () => queue.close(),
  };
});
