import { describe, expect, it } from "vitest";
import { consumer, type Event, InvalidEventError, publishOp } from "../src/events.ts";
import { envelope } from "../src/ids.ts";
import { InvalidJobError, Jobs, job } from "../src/jobs.ts";
import { MemoryQueue } from "../src/queue/memory.ts";

const deleted = { uid: "u1", slug: "growth" };

describe("events are checked against proto's map when published and before a handler runs", () => {
  it("publishes a valid payload as an outbox write keyed as asked", () => {
    const op = publishOp("portfolio.deleted", "u1", deleted, Date.UTC(2026, 0, 2));
    expect(op).toMatchObject({ op: "publish", event: { type: "portfolio.deleted", key: "u1", payload: deleted, version: 1 } });
  });

  it("refuses to publish a payload consumers would reject, naming the field", () => {
    const broken = { uid: "u1" } as unknown as typeof deleted;
    expect(() => publishOp("portfolio.deleted", "u1", broken, 0)).toThrow(InvalidEventError);
    expect(() => publishOp("portfolio.deleted", "u1", broken, 0)).toThrow(/slug/);
  });

  it("hands a handler only checked events of its types", async () => {
    const seen: Event<"portfolio.deleted">[] = [];
    const c = consumer(["portfolio.deleted"], async (e) => void seen.push(e));
    await c.handle(envelope("portfolio.deleted", "u1", deleted, 0));
    expect(seen.map((e) => e.payload.slug)).toEqual(["growth"]);
    await expect(c.handle(envelope("portfolio.deleted", "u1", { uid: 7 }, 0))).rejects.toThrow(InvalidEventError);
    await expect(c.handle(envelope("portfolio.saved", "u1", deleted, 0))).rejects.toThrow(/not one of portfolio.deleted/);
    expect(seen).toHaveLength(1);
  });
});

describe("jobs are checked against proto's map when added and before a handler runs", () => {
  it("adds typed data, refuses data that does not match, and checks what a handler receives", async () => {
    const queue = new MemoryQueue();
    const jobs = new Jobs(queue);
    const received: string[] = [];
    const definition = job("networth.recompute", async ({ data }) => void received.push(data.uid));
    queue.process(definition.queue, definition.handler);
    const id = await jobs.add("networth.recompute", { uid: "u1" });
    await queue.drain("networth.recompute");
    expect(received).toEqual(["u1"]);
    expect((await jobs.get("networth.recompute", id))?.state).toBe("completed");
    await expect(jobs.add("networth.recompute", { user: "u1" } as never)).rejects.toThrow(InvalidJobError);
    // data that reached the queue some other way (an older release's job) fails its attempt instead of running
    const raw = await queue.add("networth.recompute", "networth.recompute", { uid: 3 }, { attempts: 1 });
    await queue.drain("networth.recompute");
    expect((await queue.getJob("networth.recompute", raw))?.failedReason).toMatch(/uid/);
    expect(received).toEqual(["u1"]);
    await queue.close();
  });
});
