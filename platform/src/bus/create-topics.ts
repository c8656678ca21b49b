/** The cluster's topic set-up (compose `kafka-init`): creates every event topic of proto's map on KAFKA_BROKERS. */
import { createEventTopics, eventTopics } from "./topics.ts";

const brokers = (process.env.KAFKA_BROKERS ?? "")
  .split(",")
  .map((b) => b.trim())
  .filter(Boolean);
if (brokers.length === 0) {
  console.error("Invalid configuration: KAFKA_BROKERS must name the brokers to create the event topics on");
  process.exit(78);
}
try {
  const created = await createEventTopics(brokers);
  console.log(`event topics: ${eventTopics().length} expected, ${created.length} created (${created.join(", ") || "none missing"})`);
} catch (err) {
  console.error("creating the event topics failed:", err);
  process.exit(1);
}
