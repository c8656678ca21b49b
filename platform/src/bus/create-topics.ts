/** The cluster's topic set-up (compose `kafka-init`): creates every event topic of proto's map on KAFKA_BROKERS. */
import { PlatformEnvironment } from "../config.ts";
import { ConfigError, environment, readEnv } from "../env.ts";
import { createEventTopics, eventTopics } from "./topics.ts";

let brokers: string[] = [];
try {
  // read as every process reads it (platform's schema), so a malformed list is refused here too
  brokers = readEnv(
    environment("kafka-init", "", { KAFKA_BROKERS: PlatformEnvironment.properties.KAFKA_BROKERS }),
    process.env,
  ).KAFKA_BROKERS;
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(78);
}
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
