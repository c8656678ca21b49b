/**
 * Global setup: a Kafka-protocol broker for the bus contract suite (and any test that wants Kafka),
 * provided to tests as `inject("kafkaBrokers")` (a bootstrap list, or "" when there is none).
 *
 * - TEST_KAFKA_BROKERS set (e.g. a Kafka service container in CI): use it; the topics are created there.
 * - Otherwise scripts/kafka-mock-broker.c (librdkafka's mock cluster) is compiled into scripts/bin when its
 *   source is newer than the binary, and started with the topics pre-created.
 * When neither works the Kafka suites skip with a printed reason; with CI=true the run fails instead.
 */
import { type ChildProcessByStdio, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import kafkajs from "kafkajs";
import type { TestProject } from "vitest/node";
import { brokerTopicArgs, KAFKA_TEST_TOPICS } from "../../platform/test/bus/topics.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** comma-separated bootstrap servers, or "" when no Kafka-protocol broker is available */
    kafkaBrokers: string;
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const source = join(root, "scripts/kafka-mock-broker.c");
const binary = join(root, "scripts/bin/kafka-mock-broker");
const INSTALL_HINT = "install librdkafka-dev (apt-get install librdkafka-dev) and gcc";

type Broker = ChildProcessByStdio<Writable, Readable, Readable>;

/** Compiles the broker program when needed; returns why it cannot be built, or undefined when it is ready. */
export function buildMockBroker(): string | undefined {
  if (existsSync(binary) && statSync(binary).mtimeMs >= statSync(source).mtimeMs) return undefined;
  mkdirSync(dirname(binary), { recursive: true });
  // Built under a private name and renamed, so two test runs in one checkout never see half a binary.
  const partial = `${binary}.${process.pid}.tmp`;
  const gcc = spawnSync("gcc", ["-O2", "-o", partial, source, "-lrdkafka", "-lpthread"], { encoding: "utf8" });
  if (gcc.error) return `gcc is not available (${gcc.error.message})`;
  if (gcc.status !== 0) {
    rmSync(partial, { force: true });
    const missingHeaders = /librdkafka\/rdkafka.*\.h: No such file/.test(gcc.stderr);
    const firstLines = gcc.stderr.trim().split("\n").slice(0, 3).join(" | ");
    return missingHeaders ? "librdkafka headers are not installed" : `compiling ${source} failed: ${firstLines}`;
  }
  renameSync(partial, binary);
  return undefined;
}

/** Starts a broker with these `name:partitions` topics and resolves with its bootstrap address, the first line it prints. */
export function startMockBroker(topicArgs: string[] = brokerTopicArgs()): Promise<{ broker: Broker; address: string }> {
  const broker = spawn(binary, ["1", ...topicArgs], { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  broker.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      broker.kill("SIGKILL");
      reject(new Error(`the Kafka mock broker printed no address within 10 s ${stderr}`));
    }, 10_000);
    const lines = createInterface({ input: broker.stdout });
    lines.once("line", (line) => {
      clearTimeout(timer);
      lines.close();
      resolve({ broker, address: line.trim() });
    });
    broker.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    broker.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the Kafka mock broker exited (${code ?? signal}) before it was ready: ${stderr.trim()}`));
    });
  });
}

export async function stopMockBroker(broker: Broker): Promise<void> {
  if (broker.exitCode !== null || broker.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => broker.once("exit", () => resolve()));
  broker.stdin.end();
  const timer = setTimeout(() => broker.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** An external broker serves CreateTopics; topics that already exist are left as they are. */
async function createTopics(brokers: string[]): Promise<void> {
  const admin = new kafkajs.Kafka({ clientId: "folio-test-setup", brokers, logLevel: kafkajs.logLevel.ERROR }).admin();
  await admin.connect();
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: KAFKA_TEST_TOPICS.map((t) => ({ topic: t.name, numPartitions: t.partitions })),
    });
  } finally {
    await admin.disconnect();
  }
}

function unavailable(project: TestProject, reason: string): void {
  if (process.env.CI === "true") {
    throw new Error(`Kafka-protocol broker unavailable: ${reason}. CI runs the Kafka bus contract suite: ${INSTALL_HINT}.`);
  }
  console.warn(`Kafka-protocol broker unavailable: Kafka bus contract suite skipped (install librdkafka-dev) — ${reason}`);
  project.provide("kafkaBrokers", "");
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.TEST_KAFKA_BROKERS?.trim();
  if (external) {
    await createTopics(external.split(","));
    project.provide("kafkaBrokers", external);
    return undefined;
  }

  const reason = buildMockBroker();
  if (reason) {
    unavailable(project, reason);
    return undefined;
  }
  let started: { broker: Broker; address: string };
  try {
    started = await startMockBroker();
  } catch (err) {
    unavailable(project, err instanceof Error ? err.message : String(err));
    return undefined;
  }
  project.provide("kafkaBrokers", started.address);
  return () => stopMockBroker(started.broker);
}
