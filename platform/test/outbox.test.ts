import { afterEach, describe, expect, it } from "vitest";
import type { Bus, EventEnvelope } from "../src/bus/port.ts";
import { createLogger } from "../src/log.ts";
import { OutboxRelay } from "../src/outbox.ts";
import { scopedStore } from "../src/scope.ts";
import { EmbeddedStore } from "../src/store/embedded.ts";
import type { WriteOp } from "../src/store/port.ts";

/** Records what it is given; `failing` makes publish reject, `gate` holds publish until released. */
class FakeBus implements Bus {
  published: EventEnvelope[] = [];
  calls = 0;
  failing = false;
  gate: Promise<void> | undefined;
  async publish(events: EventEnvelope[]): Promise<void> {
    this.calls++;
    if (this.gate) await this.gate;
    if (this.failing) throw new Error("broker unreachable");
    this.published.push(...events);
  }
  subscribe(): void {}
  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

const silent = createLogger("outbox-test", "silent");
let n = 0;
const event = (key = "u1"): EventEnvelope => ({
  id: `e${++n}`,
  type: "portfolio.saved",
  version: 1,
  occurredAt: "2026-01-02T12:00:00.000Z",
  key,
  payload: { n },
});
const publish = (e: EventEnvelope): WriteOp => ({ op: "publish", event: e });

/** Waits for a condition driven by the relay's own triggers (onCommit, timer), failing after a bound. */
async function until(check: () => boolean | Promise<boolean>, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("OutboxRelay", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  function setup(intervalMs = 60_000) {
    const store = new EmbeddedStore(":memory:");
    const bus = new FakeBus();
    // A long interval by default, so the tests see what flush() and onCommit do, not the timer.
    const relay = new OutboxRelay(store, bus, { log: silent, intervalMs, batchSize: 3 });
    cleanup.push(
      () => store.close(),
      () => relay.stop(),
    );
    return { store, bus, relay };
  }

  it("publishes pending events in commit order, across batches, and marks them relayed", async () => {
    const { store, bus, relay } = setup();
    const events = Array.from({ length: 8 }, () => event());
    await store.commit([publish(events[0]), publish(events[1])]);
    await store.commit(events.slice(2).map(publish));
    await relay.flush();
    expect(bus.published).toEqual(events);
    expect(await store.pendingEvents(10)).toEqual([]);
    await relay.flush();
    expect(bus.published).toHaveLength(8);
  });

  it("after a bus failure keeps events pending, then delivers them in order on retry", async () => {
    const { store, bus, relay } = setup();
    const [a, b, c] = [event(), event(), event()];
    await store.commit([publish(a), publish(b)]);
    bus.failing = true;
    await relay.flush();
    expect(bus.published).toEqual([]);
    expect((await store.pendingEvents(10)).map((p) => p.event.id)).toEqual([a.id, b.id]);
    await store.commit([publish(c)]);
    bus.failing = false;
    await relay.flush();
    expect(bus.published.map((e) => e.id)).toEqual([a.id, b.id, c.id]);
    expect(await store.pendingEvents(10)).toEqual([]);
  });

  it("relays only its own services' events when the store is shared (one DATA_DIR for several services)", async () => {
    const store = new EmbeddedStore(":memory:");
    const [portfolioBus, accountsBus] = [new FakeBus(), new FakeBus()];
    const relays = [
      new OutboxRelay(scopedStore(store, "portfolio"), portfolioBus, { log: silent, intervalMs: 60_000, sources: ["portfolio"] }),
      new OutboxRelay(scopedStore(store, "accounts"), accountsBus, { log: silent, intervalMs: 60_000, sources: ["accounts"] }),
    ];
    cleanup.push(() => store.close(), ...relays.map((r) => () => r.stop()));
    const [saved, registered] = [event(), { ...event(), type: "account.registered" }];
    // each service writes through its scoped store, which records it as the publisher
    await scopedStore(store, "portfolio").commit([publish(saved)]);
    await scopedStore(store, "accounts").commit([publish(registered)]);
    await Promise.all(relays.map((r) => r.flush()));
    expect(portfolioBus.published).toEqual([saved]);
    expect(accountsBus.published).toEqual([registered]);
    expect(await store.pendingEvents(10)).toEqual([]);
  });

  it("once started, relays at once after a commit that published", async () => {
    const { store, bus, relay } = setup();
    relay.start();
    const e = event();
    await store.commit([publish(e)]);
    await until(() => bus.published.length === 1);
    expect(bus.published).toEqual([e]);
  });

  it("once started, the timer retries what a failed attempt left behind", async () => {
    const { store, bus, relay } = setup(20);
    bus.failing = true;
    relay.start();
    const e = event();
    await store.commit([publish(e)]);
    await until(() => bus.calls >= 2);
    expect(bus.published).toEqual([]);
    bus.failing = false;
    await until(() => bus.published.length === 1);
    expect(bus.published).toEqual([e]);
    expect(await store.pendingEvents(10)).toEqual([]);
  });

  it("runs one flush at a time; a flush asked for meanwhile also covers events committed since", async () => {
    const { store, bus, relay } = setup();
    let release = () => {};
    bus.gate = new Promise<void>((r) => {
      release = r;
    });
    const [a, b] = [event(), event()];
    await store.commit([publish(a)]);
    const first = relay.flush();
    await until(() => bus.calls === 1);
    await store.commit([publish(b)]);
    const second = relay.flush();
    expect(bus.calls).toBe(1);
    release();
    bus.gate = undefined;
    await Promise.all([first, second]);
    expect(bus.published.map((e) => e.id)).toEqual([a.id, b.id]);
    expect(bus.calls).toBe(2);
  });

  it("loses nothing when stopped mid-outage: a new relay on the same store sends what is pending", async () => {
    const { store, bus, relay } = setup();
    bus.failing = true;
    const events = [event(), event(), event(), event()];
    await store.commit(events.map(publish));
    await relay.flush();
    await relay.stop();
    const nextBus = new FakeBus();
    const next = new OutboxRelay(store, nextBus, { log: silent, intervalMs: 60_000 });
    cleanup.push(() => next.stop());
    next.start();
    await until(() => nextBus.published.length === 4);
    expect(nextBus.published).toEqual(events);
  });

  it("stop() waits for the flush in progress and stops reacting to commits", async () => {
    const { store, bus, relay } = setup();
    relay.start();
    let release = () => {};
    bus.gate = new Promise<void>((r) => {
      release = r;
    });
    const e = event();
    await store.commit([publish(e)]);
    await until(() => bus.calls === 1);
    let stopped = false;
    const stopping = relay.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(bus.published).toEqual([e]);
    bus.gate = undefined;
    await store.commit([publish(event())]);
    await new Promise((r) => setTimeout(r, 20));
    expect(bus.published).toHaveLength(1);
  });
});
