/**
 * The Kafka bus (kafkajs). Topic = event type; message key = envelope key (so one key's events share a
 * partition and stay ordered); value = the JSON envelope.
 *
 * - One kafkajs consumer per consumer group subscribed in this process; several subscribe() calls with
 *   one group are merged into that consumer (one handler per type and group, or subscribe() throws: the
 *   kafkajs assigners hand every topic of a group to every member, so members must subscribe alike).
 *   Other processes with the same group share the partitions.
 * - A failing handler is retried in place with exponential backoff (heartbeating meanwhile, so a long
 *   backoff does not cost the group membership); after maxAttempts the event goes to `<type>.dlq` as
 *   `{ ...event, type: '<type>.dlq' }` with the error in message headers (folio-error, folio-attempts,
 *   folio-group, folio-source-*), then its offset is committed. Later events of the partition wait.
 * - Offsets are committed after each event is handled or dead-lettered; a crash or rebalance between the
 *   two redelivers it (at-least-once; consumers are idempotent through their inbox).
 * - Topics are never created here: the librdkafka mock cluster used in tests does not serve CreateTopics.
 *   They must exist (created by the broker's operator, or the test broker program) or the broker must
 *   auto-create them; `<type>.dlq` topics likewise. Auto-created topics get the broker's default
 *   partition count, which caps how many members of a group can share the work.
 * - start() resolves once every group has joined and has its partitions, so events published afterwards
 *   reach it (with fromBeginning: false a new group starts at the end of each partition).
 */

import type { Consumer, EachMessagePayload, Kafka, LogEntry, Message, Producer } from "kafkajs";
import kafkajs from "kafkajs";
import { createLogger, type Logger } from "../log.ts";
import { assertEnvelope, backoffDelay, deadLetterOf, errorMessage, isDeadLetterTopic, type RetryPolicy, retryPolicy } from "./delivery.ts";
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
  /** how long start() waits for each group to join; default 60 s */
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
}

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
    const entry = this.groups.get(group) ?? { group, routes: new Map<string, Route>() };
    for (const type of types) {
      if (entry.routes.has(type)) throw new Error(`KafkaBus: group '${group}' already has a handler for '${type}' in this process`);
    }
    for (const type of types) entry.routes.set(type, { handler, retry: retryPolicy(options) });
    this.groups.set(group, entry);
  }

  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error("KafkaBus is closed"));
    this.started ??= (async () => {
      await this.connectProducer();
      await Promise.all([...this.groups.values()].map((g) => this.startGroup(g)));
    })();
    return this.started;
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

  private async startGroup(entry: GroupConsumer): Promise<void> {
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
    let timer: NodeJS.Timeout | undefined;
    const joined = new Promise<void>((resolve, reject) => {
      const stopListening = consumer.on(consumer.events.GROUP_JOIN, () => {
        stopListening();
        resolve();
      });
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        const context = { group: entry.group, err: payload.error, restart: payload.restart };
        if (payload.restart) this.log.warn(context, "Kafka consumer crashed; restarting");
        else this.log.error(context, "Kafka consumer crashed and stopped");
        if (!payload.restart) reject(payload.error);
      });
      timer = setTimeout(
        () =>
          reject(
            new Error(`Kafka consumer group '${entry.group}' did not join within ${joinTimeoutMs} ms (brokers ${o.brokers.join(",")})`),
          ),
        joinTimeoutMs,
      );
    });
    // a crash may come before anything awaits `joined`; it is still reported by the await below
    joined.catch(() => {});
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [...entry.routes.keys()], fromBeginning: o.fromBeginning ?? false });
      await consumer.run({
        partitionsConsumedConcurrently: o.partitionsConsumedConcurrently ?? 3,
        eachMessage: (payload) => this.handleMessage(entry, payload),
      });
      await joined;
    } finally {
      clearTimeout(timer);
    }
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
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new BusClosingError();
      let failure: unknown;
      try {
        await route.handler(event);
        return;
      } catch (err) {
        failure = err;
      }
      if (attempt >= route.retry.maxAttempts) {
        await this.deadLetter(source, message.key, JSON.stringify(deadLetterOf(event, topic)), failure, attempt);
        return;
      }
      this.log.debug({ ...source, attempt, err: failure }, "event handler failed; retrying");
      await this.pause(backoffDelay(route.retry, attempt), heartbeat);
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
