/**
 * The cluster's Kafka topics, derived from proto's event map: every event type and its dead-letter topic,
 * with EVENT_TOPIC_PARTITIONS partitions each (the unit of consumer scaling). Compose's one-off `kafka-init`
 * container runs this module (`node …/create-topics`), so a new event in proto gets its topics without
 * anyone editing a list.
 */
import { EventPayloads } from "@folio/proto/events";
import kafkajs from "kafkajs";
import { dlqTopic } from "./port.ts";

export const EVENT_TOPIC_PARTITIONS = 6;

/** Every event type in proto's map, each followed by its `.dlq`. */
export const eventTopics = (): string[] => Object.keys(EventPayloads).flatMap((type) => [type, dlqTopic(type)]);

/** Creates the topics that do not exist yet (existing ones are left as they are); returns those created. */
export async function createEventTopics(brokers: string[], partitions = EVENT_TOPIC_PARTITIONS): Promise<string[]> {
  const admin = new kafkajs.Kafka({ clientId: "folio-topics", brokers, logLevel: kafkajs.logLevel.ERROR }).admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = eventTopics().filter((t) => !existing.has(t));
    if (missing.length > 0) {
      await admin.createTopics({ waitForLeaders: true, topics: missing.map((topic) => ({ topic, numPartitions: partitions })) });
    }
    return missing;
  } finally {
    await admin.disconnect();
  }
}
