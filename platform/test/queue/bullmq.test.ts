import { randomUUID } from "node:crypto";
import { describe, inject, it } from "vitest";
import { createLogger } from "../../src/log.ts";
import { BullQueue } from "../../src/queue/bullmq.ts";
import { runQueueContract } from "./contract.ts";

const redisUrl = inject("redisUrl");

if (redisUrl) {
  runQueueContract("BullQueue", async () => {
    // a fresh prefix per test, so tests (and parallel runs) never share a queue
    const options = {
      url: redisUrl,
      prefix: `folio-test-${randomUUID()}`,
      drainPollMs: 20,
      log: createLogger("queue-test", "fatal"),
    };
    const queue = new BullQueue(options);
    const peers: BullQueue[] = [];
    return {
      queue,
      async peer() {
        const peer = new BullQueue(options);
        peers.push(peer);
        return peer;
      },
      async close() {
        await Promise.all([queue, ...peers].map((q) => q.close()));
      },
      // BullMQ keeps time in Redis: time passes for real
      now: () => Date.now(),
      tick: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    };
  });
} else {
  console.warn("BullQueue contract skipped: no Redis (redis-server not found and REDIS_URL unset)");
  describe("Queue contract: BullQueue", () => {
    it.skip("skipped: no Redis (install redis-server or set REDIS_URL)", () => {});
  });
}
