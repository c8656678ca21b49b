import { describe, inject } from "vitest";
import { KafkaBus } from "../../src/bus/kafka.ts";
import type { Bus } from "../../src/bus/port.ts";
import { createLogger } from "../../src/log.ts";
import { runBusContract } from "./contract.ts";

const brokers = inject("kafkaBrokers");
if (!brokers) console.log("Kafka-protocol broker unavailable: Kafka bus contract suite skipped (install librdkafka-dev)");

/** The mock cluster waits 3 s for a new group's first members and sessionTimeout - 1 s for a later one; fetches return within MAX_WAIT_MS. */
const MAX_WAIT_MS = 100;

describe.skipIf(!brokers)("KafkaBus on a Kafka-protocol broker", () => {
  runBusContract("KafkaBus", async () => {
    const buses: Bus[] = [];
    let n = 0;
    return {
      makeBus() {
        const bus = new KafkaBus({
          clientId: `bus-contract-${process.pid}-${++n}`,
          brokers: brokers.split(","),
          // Each test's groups are new; starting at the earliest offset keeps events published right after start().
          fromBeginning: true,
          sessionTimeout: 6_000,
          heartbeatInterval: 500,
          rebalanceTimeout: 5_000,
          maxWaitTimeInMs: MAX_WAIT_MS,
          joinTimeoutMs: 20_000,
          log: createLogger("kafka-bus-test", process.env.LOG_LEVEL ?? "error"),
        });
        buses.push(bus);
        return bus;
      },
      // Long enough for a few fetch rounds to bring in anything still on its way.
      settle: () => new Promise((resolve) => setTimeout(resolve, 5 * MAX_WAIT_MS + 300)),
      async teardown() {
        await Promise.all(buses.map((b) => b.close()));
      },
    };
  });
});
