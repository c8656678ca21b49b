/**
 * The Kafka bus (kafkajs). Topic = event type; message key = envelope key (so one key's events share a
 * partition and stay ordered); value = the JSON envelope.
 *
 * - One kafkajs consumer per consumer group subscribed in this process; several subscribe() calls with
 *   one group are merged into that consumer (one handler per type and group, or subscribe() throws: the
 *   kafkajs assigners hand every topic of a group to every member, so members must subscribe alike).
 *   Other processes with the same group share the partitions.
 * - A failing handler is retried in place with exponential backoff (heartbeating meanwhile, so a long
 *   backoff does not cost the group membership); a dependency that is down is waited out without counting
 *   (delivery.ts Attempts); after maxAttempts the event goes to `<type>.dlq` as
 *   `{ ...event, type: '<type>.dlq' }` with the error in message headers (folio-error, folio-attempts,
 *   folio-group, folio-source-*), then its offset is committed. Later events of the partition wait.
 * - Offsets are committed after each event is handled or dead-lettered; a crash or rebalance between the
 *   two redelivers it (at-least-once; consumers are idempotent through their inbox).
 * - Topics are never created here: the librdkafka mock cluster used in tests does not serve CreateTopics.
 *   They must exist (created by the broker's operator, or the test broker program) or the broker must
 *   auto-create them; `<type>.dlq` topics likewise. Auto-created topics get the broker's default
 *   partition count, which caps how many members of a group can share the work.
 * - start() resolves once every group has joined and has its partitions, so events published afterwards
 *   reach it (with fromBeginning: false a new group starts at the end of each partition). A group that cannot
 *   join (a broker not up yet, a rebalance refusing a newcomer: librdkafka's mock cluster answers a replica
 *   joining a running group's SyncGroup with INVALID_REQUEST until the others have rejoined) or whose consumer
 *   later stops on an error kafkajs will not retry is started again with a fresh consumer, backing off from
 *   1 s to 30 s, until the bus closes: a process never gives up its consumers. The host starts the bus in
 *   the background and reports it in its readiness (host.ts), so the process listens meanwhile.
 */

import type { Consumer, EachMessagePayload, Kafka, LogEntry, Message, Producer } from "kafkajs";
import kafkajs from "kafkajs";
import { createLogger, type Logger } from "../log.ts";
import { exponentialDelay } from "../retry.ts";
import { Attempts, assertEnvelope, deadLetterOf, errorMessage, isDeadLetterTopic, type RetryPolicy, retryPolicy } from "./delivery.ts";
import { type Bus, dlqTopic, type EventEnvelope, type EventHandler, type SubscribeOptions } from "./port.ts";

const { Kafka: KafkaClient, KafkaJSError, Partitioners, logLevel } = kafkajs;

export interface KafkaBusOptions {
  clientId: string;
  brokers: string[];
  /** where a group without committed offsets starts: the earliest retained event, or only new ones (default) */
  fromBeginning?: boolean;
  /** consumer group timings (kafkajs defaults: 30 000 / 3 000 / 60 000 / 5 000 ms); tests shorten them */
  sessionTimeout?: number;
  heartbeatInterval?: number;
  rebalanceTimeout?: number;
  maxWaitTimeInMs?: number;
  /** partitions of one group handled at the same time; default 3 */
  partitionsConsumedConcurrently?: number;
  /** how long one attempt to join a group may take before it is started again; default 60 s */
  joinTimeoutMs?: number;
  /** kafkajs idempotent producer; off by default (the mock cluster has no controller to serve it) */
  idempotent?: boolean;
  log?: Logger;
}

interface Route {
  handler: EventHandler;
  retry: RetryPolicy;
}

interface GroupConsumer {
  group: string;
  routes: Map<string, Route>;
  consumer?: Consumer;
  /** topic → partitions, as of the last join (empty while not a member) */
  assigned: Record<string, number[]>;
}

/** Waits between attempts to (re)start a group's consumer: 1 s, doubling, at most 30 s. */
const RESTART_BASE_MS = 1000;
const RESTART_CAP_MS = 30_000;

/** Thrown out of eachMessage when the bus closes mid-retry: the offset stays uncommitted for redelivery. */
class BusClosingError extends KafkaJSError {
  constructor() {
    super("the bus is closing; the event is left for redelivery", { retriable: true });
  }
}

export class KafkaBus implements Bus {
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly groups = new Map<string, GroupConsumer>();
  private readonly log: Logger;
  private producerReady?: Promise<void>;
  private started?: Promise<void>;
  private closed = false;
  private readonly sleeping = new Set<() => void>();

  constructor(private readonly options: KafkaBusOptions) {
    if (options.brokers.length === 0) throw new Error("KafkaBus needs at least one broker");
    this.log = options.log ?? createLogger(options.clientId);
    this.kafka = new KafkaClient({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator: () => (entry) => bridgeLog(this.log, entry),
    });
    this.producer = this.kafka.producer({
      createPartitioner: Partitioners.DefaultPartitioner,
      idempotent: options.idempotent ?? false,
      // one request in flight: a retried batch cannot overtake the next one and reorder a key
      maxInFlightRequests: 1,
    });
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    if (this.closed) throw new Error("KafkaBus is closed: the events were not published");
    for (const e of events) assertEnvelope(e);
    if (events.length === 0) return;
    await this.connectProducer();
    const byTopic = new Map<string, Message[]>();
    for (const e of events) {
      const messages = byTopic.get(e.type) ?? [];
      messages.push({ key: e.key, value: JSON.stringify(e) });
      byTopic.set(e.type, messages);
    }
    await this.producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
  }

  subscribe(group: string, types: readonly string[], handler: EventHandler, options: SubscribeOptions = {}): void {
    if (this.started) throw new Error(`KafkaBus: subscribe('${group}') must be called before start()`);
    if (types.length === 0) throw new Error(`KafkaBus: subscribe('${group}') needs at least one event type`);
    const entry = this.groups.get(group) ?? { group, routes: new Map<string, Route>(), assigned: {} };
    for (const type of types) {
      if (entry.routes.has(type)) throw new Error(`KafkaBus: group '${group}' already has a handler for '${type}' in this process`);
    }
    for (const type of types) entry.routes.set(type, { handler, retry: retryPolicy(options) });
    this.groups.set(group, entry);
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("KafkaBus is closed"));
    // the producer connects with the first publish (and again after a failure)
    this.started ??= Promise.all([...this.groups.values()].map((g) => this.startGroup(g))).then(() => {});
    return this.started;
  }

  assignments(): Record<string, Record<string, number[]>> {
    return Object.fromEntries([...this.groups.values()].map((g) => [g.group, g.assigned]));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const wake of this.sleeping) wake();
    // Consumers first: a handler finishing its last attempt may still dead-letter through the producer.
    const consumers = [...this.groups.values()].flatMap((g) => (g.consumer ? [g.consumer] : []));
    await Promise.allSettled(consumers.map((c) => c.disconnect()));
    await this.producer.disconnect().catch((err: unknown) => this.log.warn({ err }, "Kafka producer disconnect failed"));
  }

  private connectProducer(): Promise<void> {
    this.producerReady ??= this.producer.connect().catch((err: unknown) => {
      this.producerReady = undefined;
      throw err;
    });
    return this.producerReady;
  }

  /**
   * Runs a group's consumer until the bus closes: resolves once it has joined the first time; an attempt that
   * fails to join, or a consumer that stops later on an error kafkajs does not retry, is replaced by a fresh
   * consumer after a backoff.
   */
  private startGroup(entry: GroupConsumer): Promise<void> {
    return new Promise<void>((joinedOnce, closedFirst) => {
      const loop = async () => {
        for (let failures = 0; !this.closed; ) {
          const stopped = await this.runConsumer(entry, joinedOnce);
          if (this.closed) return;
          failures = stopped.joined ? 1 : failures + 1;
          const wait = Math.min(exponentialDelay(RESTART_BASE_MS, failures), RESTART_CAP_MS);
          this.log.warn(
            { group: entry.group, err: stopped.err, retryInMs: wait },
            stopped.joined ? "Kafka consumer stopped; starting it again" : "Kafka consumer could not join its group; trying again",
          );
          await this.sleep(wait);
        }
        // a no-op once joined
        closedFirst(new Error(`KafkaBus closed before group '${entry.group}' joined`));
      };
      void loop();
    });
  }

  /** One consumer's life: connect, subscribe, run; resolves with why it stopped (never while it runs well). */
  private async runConsumer(entry: GroupConsumer, onJoin: () => void): Promise<{ joined: boolean; err: unknown }> {
    const o = this.options;
    const consumer = this.kafka.consumer({
      groupId: entry.group,
      sessionTimeout: o.sessionTimeout,
      heartbeatInterval: o.heartbeatInterval,
      rebalanceTimeout: o.rebalanceTimeout,
      maxWaitTimeInMs: o.maxWaitTimeInMs,
    });
    entry.consumer = consumer;
    const joinTimeoutMs = o.joinTimeoutMs ?? 60_000;
    let joined = false;
    let timer: NodeJS.Timeout | undefined;
    let onClose = () => {};
    const stopped = new Promise<unknown>((resolve) => {
      consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
        entry.assigned = Object.fromEntries(Object.entries(payload.memberAssignment).map(([t, ps]) => [t, [...ps].sort((a, b) => a - b)]));
        joined = true;
        clearTimeout(timer);
        onJoin();
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        const context = { group: entry.group, err: payload.error, restart: payload.restart };
        if (payload.restart) this.log.warn(context, "Kafka consumer crashed; kafkajs restarts it");
        else resolve(payload.error);
      });
      timer = setTimeout(
        () =>
          resolve(
            new Error(`Kafka consumer group '${entry.group}' did not join within ${joinTimeoutMs} ms (brokers ${o.brokers.join(",")})`),
          ),
        joinTimeoutMs,
      );
      onClose = () => resolve(undefined);
      this.sleeping.add(onClose);
    });
    let err: unknown;
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [...entry.routes.keys()], fromBeginning: o.fromBeginning ?? false });
      await consumer.run({
        partitionsConsumedConcurrently: o.partitionsConsumedConcurrently ?? 3,
        eachMessage: (payload) => this.handleMessage(entry, payload),
      });
      err = await stopped;
    } catch (e) {
      err = e;
    } finally {
      clearTimeout(timer);
      this.sleeping.delete(onClose);
    }
    entry.assigned = {};
    if (!this.closed) await consumer.disconnect().catch(() => {});
    return { joined, err };
  }

  /** A pause that close() cuts short. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleeping.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleeping.add(wake);
    });
  }

  private async handleMessage(entry: GroupConsumer, { topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    const route = entry.routes.get(topic);
    if (!route || message.value === null) return;
    const source = { group: entry.group, topic, partition, offset: message.offset };
    let event: EventEnvelope;
    try {
      event = JSON.parse(message.value.toString("utf8")) as EventEnvelope;
      assertEnvelope(event);
    } catch (err) {
      await this.deadLetter(source, message.key, message.value, err, 0);
      return;
    }
    const attempts = new Attempts(route.retry);
    for (;;) {
      if (this.closed) throw new BusClosingError();
      let failure: unknown;
      try {
        await route.handler(event);
        return;
      } catch (err) {
        failure = err;
      }
      const wait = attempts.failed(failure);
      if (wait === null) {
        await this.deadLetter(source, message.key, JSON.stringify(deadLetterOf(event, topic)), failure, attempts.count);
        return;
      }
      this.log.debug({ ...source, attempt: attempts.count, err: failure }, "event handler failed; retrying");
      await this.pause(wait, heartbeat);
    }
  }

  private async deadLetter(
    source: { group: string; topic: string; partition: number; offset: string },
    key: Buffer | null,
    value: Buffer | string,
    err: unknown,
    attempts: number,
  ): Promise<void> {
    const context = { ...source, attempts, error: errorMessage(err) };
    if (isDeadLetterTopic(source.topic)) {
      this.log.error(context, "dead-letter handler failed; event dropped");
      return;
    }
    this.log.warn(
      context,
      attempts === 0 ? "unreadable event sent to the dead-letter topic" : "event handler kept failing; event sent to the dead-letter topic",
    );
    await this.connectProducer();
    await this.producer.send({
      topic: dlqTopic(source.topic),
      acks: -1,
      messages: [
        {
          key,
          value,
          headers: {
            "folio-error": context.error.slice(0, 1000),
            "folio-attempts": String(attempts),
            "folio-group": source.group,
            "folio-source-topic": source.topic,
            "folio-source-partition": String(source.partition),
            "folio-source-offset": source.offset,
          },
        },
      ],
    });
  }

  /** Backoff that keeps heartbeating (a rebalance surfaces as a thrown KafkaJS error) and ends on close. */
  private async pause(ms: number, heartbeat: () => Promise<void>): Promise<void> {
    const slice = Math.max(50, this.options.heartbeatInterval ?? 3000);
    for (let left = ms; left > 0; left -= slice) {
      await heartbeat();
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.sleeping.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(slice, left));
        this.sleeping.add(wake);
      });
      if (this.closed) throw new BusClosingError();
    }
  }
}

/**
 * kafkajs logs every protocol error a connection sees (rebalances included) at ERROR, and the callers
 * that care report them again; those go to debug, the rest keeps its level.
 */
function bridgeLog(log: Logger, { namespace, level, log: entry }: LogEntry): void {
  const { message, timestamp: _timestamp, logger: _logger, ...fields } = entry;
  const routine = namespace === "Connection" || /rebalanc/i.test(message);
  const context = { kafkajs: namespace, ...fields };
  if (routine || level >= logLevel.DEBUG) log.debug(context, message);
  else if (level === logLevel.ERROR) log.error(context, message);
  else if (level === logLevel.WARN) log.warn(context, message);
  else log.info(context, message);
}
