import { EventPayloads } from "@folio/proto/events";
import kafkajs from "kafkajs";
import { describe, expect, it } from "vitest";
import { createEventTopics, EVENT_TOPIC_PARTITIONS, eventTopics } from "../../src/bus/topics.ts";

describe("the cluster's topics, from proto's event map", () => {
  it("are every event type and its dead-letter topic", () => {
    const types = Object.keys(EventPayloads);
    expect(eventTopics()).toEqual(types.flatMap((t) => [t, `${t}.dlq`]));
    expect(eventTopics()).toContain("brokerage.holdings.imported.dlq");
  });

  // librdkafka's mock cluster serves no CreateTopics; a real broker (the CI workflow's Kafka) does
  const real = process.env.TEST_KAFKA_BROKERS;
  it.skipIf(!real)("are created on a real broker once, with their partitions; a second run creates none", async () => {
    const brokers = (real as string).split(",");
    await createEventTopics(brokers);
    expect(await createEventTopics(brokers)).toEqual([]);
    const admin = new kafkajs.Kafka({ clientId: "topics-test", brokers, logLevel: kafkajs.logLevel.ERROR }).admin();
    await admin.connect();
    try {
      const meta = await admin.fetchTopicMetadata({ topics: ["portfolio.saved"] });
      expect(meta.topics[0].partitions.length).toBeGreaterThanOrEqual(Math.min(EVENT_TOPIC_PARTITIONS, 1));
    } finally {
      await admin.disconnect();
    }
  });
});
