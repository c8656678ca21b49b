/**
 * The in-process bus for the embedded mode (every service in one process). It keeps the Kafka adapter's
 * semantics so service code cannot tell them apart:
 * - every consumer group gets every event; within a group each event goes to one member (one subscribe()
 *   call), chosen by a hash of the key, like a Kafka partition;
 * - one group's events with the same key are handled strictly one after another, including while one of
 *   them is waiting to be retried; different keys run concurrently;
 * - a failing handler is retried with exponential backoff (a dependency that is down is waited out, its tries
 *   not counted: delivery.ts Attempts), and after maxAttempts the event is published to
 *   `<type>.dlq` as `{ ...event, type: '<type>.dlq' }` (same id, key and payload, so it stays a valid
 *   envelope and keeps its order); the error is not part of the envelope: it goes to the log (the Kafka
 *   adapter also puts it in message headers). With no group subscribed to `<type>.dlq`, the log is all
 *   that remains of it;
 * - events cross the bus as JSON, so a payload that would not survive Kafka does not survive here either.
 * Nothing is persisted: events in flight when the process stops are lost (the outbox re-sends what the
 * relay had not marked as published).
 * Several MemoryBus instances can share one MemoryHub, standing for several processes on one broker.
 */
import type { Logger } from "../log.ts";
import { Attempts, assertEnvelope, deadLetterOf, errorMessage, isDeadLetterTopic, type RetryPolicy, retryPolicy } from "./delivery.ts";
import type { Bus, EventEnvelope, EventHandler, SubscribeOptions } from "./port.ts";

interface Member {
  bus: MemoryBus;
  group: string;
  types: ReadonlySet<string>;
  handler: EventHandler;
  retry: RetryPolicy;
}

interface Frozen {
  json: string;
  type: string;
  key: string;
}

interface Group {
  members: Member[];
  /** tail of each key's serial chain */
  chains: Map<string, Promise<void>>;
  /** events that arrived while no member of the group had started */
  held: Frozen[];
}

/** The shared broker of one or more MemoryBus instances. */
export class MemoryHub {
  private readonly groups = new Map<string, Group>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  join(member: Member): void {
    let group = this.groups.get(member.group);
    if (!group) {
      group = { members: [], chains: new Map(), held: [] };
      this.groups.set(member.group, group);
    }
    group.members.push(member);
  }

  /** Members leave when their bus closes; a group with no member left is forgotten with its backlog. */
  leave(bus: MemoryBus): void {
    for (const [name, group] of this.groups) {
      group.members = group.members.filter((m) => m.bus !== bus);
      if (group.members.length === 0) this.groups.delete(name);
    }
  }

  /** A bus started: deliver what its groups held back while none of their members ran. */
  release(bus: MemoryBus): void {
    for (const group of this.groups.values()) {
      if (group.held.length === 0 || !group.members.some((m) => m.bus === bus)) continue;
      const held = group.held;
      group.held = [];
      for (const e of held) this.route(group, e);
    }
  }

  accept(events: EventEnvelope[]): void {
    const frozen = events.map((e) => ({ json: JSON.stringify(e), type: e.type, key: e.key }));
    for (const e of frozen) for (const group of this.groups.values()) this.route(group, e);
  }

  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private route(group: Group, e: Frozen): void {
    const subscribed = group.members.filter((m) => m.types.has(e.type));
    if (subscribed.length === 0) return;
    if (subscribed.some((m) => m.bus.running)) this.dispatch(group, e);
    else group.held.push(e);
  }

  private dispatch(group: Group, e: Frozen): void {
    this.inFlight++;
    const { key } = e;
    const previous = group.chains.get(key) ?? Promise.resolve();
    const tail = previous
      .then(() => this.deliver(group, e))
      .catch((err: unknown) => group.members[0]?.bus.log?.error({ err, type: e.type, key }, "event delivery failed"))
      .finally(() => this.settled());
    group.chains.set(key, tail);
    // Forget finished chains so the map does not grow with every key ever seen.
    void tail.then(() => {
      if (group.chains.get(key) === tail) group.chains.delete(key);
    });
  }

  private settled(): void {
    this.inFlight--;
    if (this.inFlight > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Picks the member at each attempt, so a retry moves to a surviving member when one closes. */
  private pick(group: Group, type: string, key: string): Member | undefined {
    const candidates = group.members.filter((m) => m.types.has(type) && m.bus.running);
    if (candidates.length === 0) return undefined;
    return candidates[hashKey(key) % candidates.length];
  }

  private async deliver(group: Group, { json, type, key }: Frozen): Promise<void> {
    let attempts: Attempts | undefined;
    for (;;) {
      const member = this.pick(group, type, key);
      if (!member) return;
      attempts ??= new Attempts(member.retry);
      let failure: unknown;
      try {
        await member.bus.track(member.handler(JSON.parse(json) as EventEnvelope));
        return;
      } catch (err) {
        failure = err;
      }
      const wait = attempts.failed(failure);
      if (wait === null) {
        this.deadLetter(member, JSON.parse(json) as EventEnvelope, failure, attempts.count);
        return;
      }
      member.bus.log?.debug({ group: member.group, type, key, attempt: attempts.count, err: failure }, "event handler failed; retrying");
      await member.bus.pause(wait);
    }
  }

  private deadLetter(member: Member, event: EventEnvelope, err: unknown, attempts: number): void {
    const context = { group: member.group, type: event.type, id: event.id, key: event.key, attempts, error: errorMessage(err) };
    if (isDeadLetterTopic(event.type)) {
      // A dead-letter handler that fails has nowhere further to go.
      member.bus.log?.error(context, "dead-letter handler failed; event dropped");
      return;
    }
    member.bus.log?.warn(context, "event handler kept failing; event sent to the dead-letter topic");
    this.accept([deadLetterOf(event)]);
  }
}

export interface MemoryBusOptions {
  /** share a hub between instances to stand for several processes on one broker; default: a hub of its own */
  hub?: MemoryHub;
  log?: Logger;
}

export class MemoryBus implements Bus {
  readonly hub: MemoryHub;
  readonly log?: Logger;
  private state: "new" | "running" | "closed" = "new";
  private readonly handling = new Set<Promise<void>>();
  private readonly sleeping = new Set<() => void>();

  constructor(options: MemoryBusOptions = {}) {
    this.hub = options.hub ?? new MemoryHub();
    this.log = options.log;
  }

  get running(): boolean {
    return this.state === "running";
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (this.state === "closed") throw new Error("MemoryBus is closed: the events were not published");
    for (const e of events) assertEnvelope(e);
    this.hub.accept(events);
  }

  subscribe(group: string, types: readonly string[], handler: EventHandler, options: SubscribeOptions = {}): void {
    if (this.state !== "new") throw new Error(`MemoryBus: subscribe('${group}') must be called before start()`);
    if (types.length === 0) throw new Error(`MemoryBus: subscribe('${group}') needs at least one event type`);
    this.hub.join({
      bus: this,
      group,
      types: new Set(types),
      handler,
      retry: retryPolicy(options),
    });
  }

  async start(): Promise<void> {
    if (this.state !== "new") return;
    this.state = "running";
    this.hub.release(this);
  }

  /** Resolves when nothing is in flight on the hub: every accepted event handled, retried out or dead-lettered. */
  idle(): Promise<void> {
    return this.hub.idle();
  }

  /** Stops delivery to this bus's members; handlers already running finish first. */
  async close(): Promise<void> {
    if (this.state === "closed") return;
    this.state = "closed";
    this.hub.leave(this);
    for (const wake of this.sleeping) wake();
    await Promise.allSettled([...this.handling]);
  }

  /** @internal runs a handler call so that close() can wait for it */
  track(handling: Promise<void>): Promise<void> {
    this.handling.add(handling);
    return handling.finally(() => this.handling.delete(handling));
  }

  /** @internal a backoff that close() cuts short */
  pause(ms: number): Promise<void> {
    if (this.state === "closed") return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleeping.add(wake);
    });
  }
}

/** FNV-1a: stable across runs, so one key always lands on the same member while membership is unchanged. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
