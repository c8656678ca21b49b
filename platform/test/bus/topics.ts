/**
 * Topics the test broker creates up front (librdkafka's mock cluster does not serve CreateTopics): the bus
 * contract suite's own `test.bus.*` topics, one per test so tests can run side by side, and the product's
 * event topics, so service tests can run on Kafka too. Shared by test/setup/kafka.ts and the suites.
 */

import { EventPayloads } from "@folio/proto/events";
import { dlqTopic } from "../../src/bus/port.ts";

export interface TopicSpec {
  name: string;
  partitions: number;
}

/** One topic per contract test; `members` and `ordering` need several partitions to mean anything. */
export const BUS_CONTRACT_TOPICS = {
  envelope: "test.bus.envelope",
  accepted: "test.bus.accepted",
  groups: "test.bus.groups",
  members: "test.bus.members",
  ordering: "test.bus.ordering",
  retry: "test.bus.retry",
  deadLetter: "test.bus.dead-letter",
  unavailable: "test.bus.unavailable",
  close: "test.bus.close",
} as const;

const PARTITIONS: Partial<Record<keyof typeof BUS_CONTRACT_TOPICS, number>> = { members: 4, ordering: 3 };

const withDeadLetter = (name: string, partitions: number): TopicSpec[] => [
  { name, partitions },
  { name: dlqTopic(name), partitions: 1 },
];

export const KAFKA_TEST_TOPICS: TopicSpec[] = [
  ...Object.entries(BUS_CONTRACT_TOPICS).flatMap(([id, name]) =>
    withDeadLetter(name, PARTITIONS[id as keyof typeof BUS_CONTRACT_TOPICS] ?? 1),
  ),
  ...Object.keys(EventPayloads).flatMap((type) => withDeadLetter(type, 3)),
];

/** `name:partitions` arguments for scripts/kafka-mock-broker */
export const brokerTopicArgs = (topics: TopicSpec[] = KAFKA_TEST_TOPICS): string[] => topics.map((t) => `${t.name}:${t.partitions}`);
