/**
 * The Bus port and its adapters. createBus is the one place that picks an adapter, from configuration
 * alone (ARCHITECTURE.md): KAFKA_BROKERS set → Kafka; otherwise the in-process bus, which only connects
 * services hosted in the same process and so is refused when they run apart. The Kafka adapter (and kafkajs)
 * is loaded only when chosen, so the embedded app never pays for it; import it from `@folio/platform/bus/kafka`.
 */
import { createLogger, type Logger } from "../log.ts";
import type { KafkaBusOptions } from "./kafka.ts";
import { MemoryBus } from "./memory.ts";
import type { Bus } from "./port.ts";

export type { KafkaBusOptions } from "./kafka.ts";
export { MemoryBus, type MemoryBusOptions, MemoryHub } from "./memory.ts";
export * from "./port.ts";

export interface BusConfig {
  kafkaBrokers?: string[];
  clientId: string;
  /** every service runs in this process */
  sharedProcess: boolean;
  log?: Logger;
  /** Kafka tuning (timeouts, fromBeginning ...) for when Kafka is chosen */
  kafka?: Omit<KafkaBusOptions, "clientId" | "brokers" | "log">;
}

export async function createBus(config: BusConfig): Promise<Bus> {
  // dead letters are reported in the log, so a bus built for a process always has one
  const log = config.log ?? createLogger(config.clientId);
  if (config.kafkaBrokers && config.kafkaBrokers.length > 0) {
    const { KafkaBus } = await import("./kafka.ts");
    return new KafkaBus({ ...config.kafka, clientId: config.clientId, brokers: config.kafkaBrokers, log });
  }
  if (!config.sharedProcess) {
    throw new Error(
      "KAFKA_BROKERS must be set when services run in separate processes: the in-process bus only reaches services in the same process",
    );
  }
  return new MemoryBus({ log });
}
