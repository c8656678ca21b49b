/**
 * The Bus contract, run against every adapter. Each test opens its own fixture, uses its own topic
 * (BUS_CONTRACT_TOPICS) and fresh group names, and ignores events that are not its own (a broker that
 * outlives one run still holds the previous run's events), so the tests run side by side.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it, type OnTestFinishedHandler } from "vitest";
import { type Bus, dlqTopic, type EventEnvelope, type EventHandler } from "../../src/bus/port.ts";
import { DependencyUnavailableError } from "../../src/unavailable.ts";
import { BUS_CONTRACT_TOPICS as T } from "./topics.ts";

export interface BusFixture {
  /** A Bus on the fixture's broker; each call stands for another process (several may share a group). */
  makeBus(): Bus;
  /** Resolves once the adapter has delivered whatever it is going to deliver of what was published. */
  settle(): Promise<void>;
  /** Closes every bus made. */
  teardown(): Promise<void>;
}

type OnFinished = (fn: OnTestFinishedHandler) => void;

/** Polls an assertion until it passes or the deadline is reached, then fails with its last error. */
export async function eventually(assertion: () => void, timeoutMs = 15_000, intervalMs = 10): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Names and events private to one test. */
function scope() {
  const run = randomUUID().slice(0, 8);
  let n = 0;
  return {
    group: (name: string) => `test-${name}-${run}`,
    event(type: string, key: string, payload: Record<string, unknown> = {}): EventEnvelope {
      n++;
      return {
        id: `${run}-${n}`,
        type,
        version: 1,
        occurredAt: new Date().toISOString(),
        key: `${run}-${key}`,
        payload: { n, ...payload },
      };
    },
    mine: (e: EventEnvelope) => e.id.startsWith(`${run}-`),
  };
}

/** A handler that records this test's events (and only those). */
function recorder(mine: (e: EventEnvelope) => boolean, inner?: EventHandler) {
  const events: EventEnvelope[] = [];
  const handler: EventHandler = async (e) => {
    if (!mine(e)) return;
    if (inner) await inner(e);
    events.push(e);
  };
  return { events, handler, ids: () => events.map((e) => e.id) };
}

const ids = (events: EventEnvelope[]) => events.map((e) => e.id);

export function runBusContract(name: string, setup: () => Promise<BusFixture>): void {
  async function open(onTestFinished: OnFinished): Promise<BusFixture> {
    const fixture = await setup();
    onTestFinished(() => fixture.teardown());
    return fixture;
  }

  describe.concurrent(name, () => {
    it("delivers the full envelope to a subscriber, and refuses subscriptions after start", async ({ onTestFinished }) => {
      const { makeBus } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      const got = recorder(s.mine);
      bus.subscribe(s.group("envelope"), [T.envelope], got.handler);
      await bus.start();
      expect(() => bus.subscribe(s.group("late"), [T.envelope], got.handler)).toThrow(/before start/);

      const e = s.event(T.envelope, "user-1", { text: "Zürich €", nested: { list: [1, 2.5, "x"], none: null }, flag: false });
      e.version = 3;
      await bus.publish([e]);
      await eventually(() => expect(got.events).toEqual([e]));
    });

    it("resolves publish once the events are accepted, before handlers finish", async ({ onTestFinished }) => {
      const { makeBus } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = 0;
      const got = recorder(s.mine, async () => {
        started++;
        await gate;
      });
      bus.subscribe(s.group("accepted"), [T.accepted], got.handler);
      await bus.start();

      await within(bus.publish([s.event(T.accepted, "k")]), 10_000, "publish");
      await eventually(() => expect(started).toBe(1));
      expect(got.events).toHaveLength(0);
      release();
      await eventually(() => expect(got.events).toHaveLength(1));
    });

    it("gives every consumer group every event", async ({ onTestFinished }) => {
      const { makeBus } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      const a = recorder(s.mine);
      const b = recorder(s.mine);
      bus.subscribe(s.group("groups-a"), [T.groups], a.handler);
      bus.subscribe(s.group("groups-b"), [T.groups], b.handler);
      await bus.start();

      const events = [s.event(T.groups, "k1"), s.event(T.groups, "k2"), s.event(T.groups, "k1"), s.event(T.groups, "k3")];
      await bus.publish(events);
      await eventually(() => {
        expect(a.ids().sort()).toEqual(ids(events).sort());
        expect(b.ids().sort()).toEqual(ids(events).sort());
      });
    });

    it("shares one group's events between its members, each event handled once and each key by one member", async ({ onTestFinished }) => {
      const { makeBus, settle } = await open(onTestFinished);
      const s = scope();
      const group = s.group("members");
      const first = makeBus();
      const second = makeBus();
      const a = recorder(s.mine);
      const b = recorder(s.mine);
      first.subscribe(group, [T.members], a.handler, { backoffMs: 5 });
      second.subscribe(group, [T.members], b.handler, { backoffMs: 5 });
      await Promise.all([first.start(), second.start()]);

      const events = Array.from({ length: 48 }, (_, i) => s.event(T.members, `key-${i % 16}`));
      await first.publish(events.slice(0, 24));
      await second.publish(events.slice(24));
      await eventually(() => expect(new Set([...a.ids(), ...b.ids()]).size).toBe(events.length));
      await settle();

      expect(a.events.length + b.events.length).toBe(events.length);
      expect(a.events.length).toBeGreaterThan(0);
      expect(b.events.length).toBeGreaterThan(0);
      const keysOfA = new Set(a.events.map((e) => e.key));
      expect(b.events.filter((e) => keysOfA.has(e.key))).toEqual([]);
    });

    it("delivers one key's events in publish order", async ({ onTestFinished }) => {
      const { makeBus } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      // Uneven handler times give an adapter that runs keys side by side every chance to reorder them.
      const got = recorder(s.mine, (e) => new Promise((resolve) => setTimeout(resolve, (e.payload as { n: number }).n % 3)));
      bus.subscribe(s.group("ordering"), [T.ordering], got.handler);
      await bus.start();

      const keys = ["a", "b", "c", "d"];
      const events = Array.from({ length: 100 }, (_, i) => s.event(T.ordering, keys[(i * 7) % 4] ?? "a"));
      for (let i = 0; i < events.length; i += 10) await bus.publish(events.slice(i, i + 10));
      await eventually(() => expect(got.events).toHaveLength(events.length), 20_000);

      for (const key of keys) {
        const sent = ids(events.filter((e) => e.key.endsWith(`-${key}`)));
        const received = ids(got.events.filter((e) => e.key.endsWith(`-${key}`)));
        expect(received).toEqual(sent);
      }
    });

    it("retries a failing handler with doubling backoff while later events of its key wait", async ({ onTestFinished }) => {
      const { makeBus } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      const flaky = s.event(T.retry, "k");
      const next = s.event(T.retry, "k");
      const attemptsAt: number[] = [];
      const got = recorder(s.mine, async (e) => {
        if (e.id !== flaky.id) return;
        attemptsAt.push(performance.now());
        if (attemptsAt.length <= 2) throw new Error(`transient failure ${attemptsAt.length}`);
      });
      bus.subscribe(s.group("retry"), [T.retry], got.handler, { maxAttempts: 5, backoffMs: 20 });
      await bus.start();

      await bus.publish([flaky, next]);
      await eventually(() => expect(got.ids()).toEqual([flaky.id, next.id]));
      expect(attemptsAt).toHaveLength(3);
      const [t1 = 0, t2 = 0, t3 = 0] = attemptsAt;
      // backoffMs 20 then doubled: at least 20 ms before the 2nd attempt and 40 ms before the 3rd (1 ms timer slack)
      expect(t2 - t1).toBeGreaterThanOrEqual(19);
      expect(t3 - t2).toBeGreaterThanOrEqual(39);
    });

    it("sends an event whose handler keeps failing to <type>.dlq after maxAttempts, then moves on", async ({ onTestFinished }) => {
      const { makeBus, settle } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      const poison = s.event(T.deadLetter, "k", { bad: true });
      const after = s.event(T.deadLetter, "k");
      let attempts = 0;
      const handled = recorder(s.mine, async (e) => {
        if (e.id !== poison.id) return;
        attempts++;
        throw new Error("cannot handle this");
      });
      const deadLetters = recorder(s.mine);
      bus.subscribe(s.group("dead-letter"), [T.deadLetter], handled.handler, { maxAttempts: 3, backoffMs: 5 });
      bus.subscribe(s.group("dead-letter-watch"), [dlqTopic(T.deadLetter)], deadLetters.handler);
      await bus.start();

      await bus.publish([poison, after]);
      await eventually(() => {
        expect(deadLetters.events).toEqual([{ ...poison, type: dlqTopic(T.deadLetter) }]);
        expect(handled.ids()).toEqual([after.id]);
      });
      await settle();
      expect(attempts).toBe(3);
      expect(deadLetters.events).toHaveLength(1);
    });

    it("waits out a dependency that is down without counting those tries: no dead letter for an outage", async ({ onTestFinished }) => {
      const { makeBus, settle } = await open(onTestFinished);
      const s = scope();
      const bus = makeBus();
      const during = s.event(T.unavailable, "k");
      let tries = 0;
      const handled = recorder(s.mine, async (e) => {
        if (e.id !== during.id) return;
        tries++;
        // Redis down for six tries, twice maxAttempts
        if (tries <= 6) throw new DependencyUnavailableError("cache", new Error("Connection is closed."));
      });
      const deadLetters = recorder(s.mine);
      bus.subscribe(s.group("unavailable"), [T.unavailable], handled.handler, { maxAttempts: 3, backoffMs: 5 });
      bus.subscribe(s.group("unavailable-watch"), [dlqTopic(T.unavailable)], deadLetters.handler);
      await bus.start();

      await bus.publish([during]);
      await eventually(() => expect(handled.ids()).toEqual([during.id]));
      await settle();
      expect(tries).toBe(7);
      expect(deadLetters.events).toEqual([]);
    });

    it("stops delivering to a bus once it is closed", async ({ onTestFinished }) => {
      const { makeBus, settle } = await open(onTestFinished);
      const s = scope();
      const subscriber = makeBus();
      const publisher = makeBus();
      const got = recorder(s.mine);
      subscriber.subscribe(s.group("close"), [T.close], got.handler);
      await Promise.all([subscriber.start(), publisher.start()]);

      const before = s.event(T.close, "k");
      await publisher.publish([before]);
      await eventually(() => expect(got.ids()).toEqual([before.id]));

      await subscriber.close();
      await publisher.publish([s.event(T.close, "k"), s.event(T.close, "other")]);
      await settle();
      expect(got.ids()).toEqual([before.id]);
      await expect(subscriber.publish([s.event(T.close, "k")])).rejects.toThrow(/closed/);
    });
  });
}
