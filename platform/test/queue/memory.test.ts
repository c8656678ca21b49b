import { ManualClock } from "../../src/clock.ts";
import { MemoryQueue } from "../../src/queue/memory.ts";
import { runQueueContract } from "./contract.ts";

/** A few turns of the event loop: enough for the queue to start handlers and for them to settle. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
};

runQueueContract("MemoryQueue", async () => {
  const clock = new ManualClock();
  const queue = new MemoryQueue(clock);
  return {
    queue,
    // workers of one process share its in-memory queue
    peer: async () => queue,
    close: () => queue.close(),
    now: () => clock.now(),
    async tick(ms) {
      await turns();
      clock.advance(ms);
      await turns();
    },
  };
});
