import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { RedisServer, redisServerPath } from "../../../test/support/redis-server.ts";
import { createLogger } from "../../src/log.ts";
import { BullQueue } from "../../src/queue/bullmq.ts";
import { DependencyUnavailableError } from "../../src/unavailable.ts";
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

describe.skipIf(!redisServerPath())("BullQueue while Redis is away", () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-bull-away-"));
  let server: RedisServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to add or read a job within a second and a half, then the worker runs what was queued once Redis is back", async () => {
    server = await RedisServer.start("away-pass", dir);
    const queue = new BullQueue({ url: server.url, prefix: `away-${randomUUID()}`, log: createLogger("queue-test", "fatal") });
    const ran: string[] = [];
    try {
      await queue.add("networth.recompute", "recompute", { uid: "ann" }, { jobId: "ann" });
      await server.stop();
      for (const call of [
        () => queue.add("networth.recompute", "recompute", { uid: "bob" }),
        () => queue.getJob("networth.recompute", "ann"),
      ]) {
        const started = performance.now();
        await expect(call()).rejects.toBeInstanceOf(DependencyUnavailableError);
        expect(performance.now() - started).toBeLessThan(1500);
      }
      await server.resume();
      // the worker's connection waits out the outage: the job queued before it runs after
      queue.process("networth.recompute", async ({ data }) => {
        ran.push((data as { uid: string }).uid);
        return null;
      });
      const deadline = Date.now() + 15_000;
      while (ran.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(ran).toEqual(["ann"]);
      // adding works again once its own connection is back (it reconnects within a second)
      for (let tries = 0; ; tries++) {
        try {
          await queue.add("networth.recompute", "recompute", { uid: "cy" });
          break;
        } catch (err) {
          if (!(err instanceof DependencyUnavailableError) || tries > 20) throw err;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      await queue.drain("networth.recompute");
      expect(ran).toEqual(["ann", "cy"]);
    } finally {
      await queue.close();
    }
  });

  it("a Redis too busy to answer in time is unavailable too (a moment to wait), not an error of the call", async () => {
    server ??= await RedisServer.start("away-pass", dir);
    const queue = new BullQueue({ url: server.url, prefix: `busy-${randomUUID()}`, log: createLogger("queue-test", "fatal") });
    // another client has Redis hold every client's commands for 2 s (CLIENT PAUSE): the queue's connection stays
    // up and its command times out
    const { Redis } = await import("ioredis");
    const other = new Redis(server.url);
    try {
      await queue.add("networth.recompute", "recompute", { uid: "ann" });
      expect(await other.call("CLIENT", "PAUSE", "2000", "ALL")).toBe("OK");
      const started = performance.now();
      await expect(queue.add("networth.recompute", "recompute", { uid: "bob" })).rejects.toBeInstanceOf(DependencyUnavailableError);
      expect(performance.now() - started).toBeLessThan(1500);
      await other.call("CLIENT", "UNPAUSE");
    } finally {
      other.disconnect();
      await queue.close();
    }
  });

  it("a queue first used while Redis was too busy to answer works once Redis answers again", async () => {
    server ??= await RedisServer.start("away-pass", dir);
    const queue = new BullQueue({ url: server.url, prefix: `first-busy-${randomUUID()}`, log: createLogger("queue-test", "fatal") });
    const { Redis } = await import("ioredis");
    const other = new Redis(server.url);
    try {
      // the connection is up (another queue used it); pricing.refresh is used for the first time during the pause:
      // BullMQ's check of the Redis version, made on a queue's first use, times out
      await queue.add("networth.recompute", "recompute", { uid: "ann" });
      expect(await other.call("CLIENT", "PAUSE", "1500", "ALL")).toBe("OK");
      await expect(queue.repeat("pricing.refresh", "pricing.refresh", {}, 60_000, "refresh")).rejects.toBeInstanceOf(
        DependencyUnavailableError,
      );
      await other.call("CLIENT", "UNPAUSE");
      // the same queue, on the same process: scheduled, added and read again
      await queue.repeat("pricing.refresh", "pricing.refresh", {}, 60_000, "refresh");
      const id = await queue.add("pricing.refresh", "pricing.refresh", { now: true });
      expect((await queue.getJob("pricing.refresh", id))?.state).toBe("waiting");
    } finally {
      other.disconnect();
      await queue.close();
    }
  });
});
