import { describe, expect, it } from "vitest";
import { createBus, MemoryBus, MemoryHub } from "../../src/bus/index.ts";
import { KafkaBus } from "../../src/bus/kafka.ts";
import type { Bus } from "../../src/bus/port.ts";
import { runBusContract } from "./contract.ts";

runBusContract("MemoryBus", async () => {
  const hub = new MemoryHub();
  const buses: Bus[] = [];
  return {
    makeBus() {
      const bus = new MemoryBus({ hub });
      buses.push(bus);
      return bus;
    },
    settle: () => hub.idle(),
    async teardown() {
      await Promise.all(buses.map((b) => b.close()));
    },
  };
});

describe("MemoryBus specifics", () => {
  it("holds events published before start() and delivers them once started", async () => {
    const bus = new MemoryBus();
    const seen: string[] = [];
    bus.subscribe("g", ["t"], async (e) => {
      seen.push(e.id);
    });
    await bus.publish([{ id: "1", type: "t", version: 1, occurredAt: "2024-01-01T00:00:00.000Z", key: "k", payload: {} }]);
    await bus.idle();
    expect(seen).toEqual([]);
    await bus.start();
    await bus.idle();
    expect(seen).toEqual(["1"]);
    await bus.close();
  });

  it("rejects an envelope without a key", async () => {
    const bus = new MemoryBus();
    await expect(bus.publish([{ id: "1", type: "t", version: 1, occurredAt: "", key: "", payload: {} }])).rejects.toThrow(/envelope/);
  });
});

describe("createBus", () => {
  it("picks Kafka when brokers are set", async () => {
    const bus = await createBus({ kafkaBrokers: ["127.0.0.1:9092"], clientId: "t", sharedProcess: false });
    expect(bus).toBeInstanceOf(KafkaBus);
  });

  it("picks the in-process bus when every service shares the process", async () => {
    expect(await createBus({ clientId: "t", sharedProcess: true })).toBeInstanceOf(MemoryBus);
    expect(await createBus({ kafkaBrokers: [], clientId: "t", sharedProcess: true })).toBeInstanceOf(MemoryBus);
  });

  it("refuses the in-process bus when services run in separate processes", async () => {
    await expect(createBus({ clientId: "t", sharedProcess: false })).rejects.toThrow(
      "KAFKA_BROKERS must be set when services run in separate processes",
    );
  });
});
