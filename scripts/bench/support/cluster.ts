/**
 * The cluster for the benches, as the cluster system test runs it (test/system/cluster.test.ts): one process
 * per app container of docker-compose.yml (test/support/compose-cluster.ts), on a redis-server with a password
 * and the Kafka-protocol mock broker holding every topic, each service on its own SQLite. Null (with the reason
 * printed) when redis-server or the broker cannot be had here.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { EVENT_TOPIC_PARTITIONS, eventTopics } from "../../../platform/src/bus/topics.ts";
import { buildMockBroker, startMockBroker, stopMockBroker } from "../../../test/setup/kafka.ts";
import { freePort } from "../../../test/support/app-process.ts";
import { composeProcesses, NodeProcess, readCompose } from "../../../test/support/compose-cluster.ts";
import { RedisServer, redisServerPath } from "../../../test/support/redis-server.ts";
import { marketDataDir } from "../../market-data/location.ts";

export interface BenchCluster {
  gateway: string;
  processes: number;
  /** the processes by compose container name */
  byName(name: string): NodeProcess;
  stop(): Promise<void>;
}

export async function startCluster(work: string, extra: Record<string, string> = {}): Promise<BenchCluster | null> {
  const problem = !redisServerPath() ? "redis-server is not installed" : buildMockBroker();
  if (problem) {
    console.log(`cluster: skipped (${problem})`);
    return null;
  }
  const vars: Record<string, string> = {
    JWT_SECRET: randomBytes(36).toString("base64url"),
    MONGO_USER: "folio",
    MONGO_PASSWORD: randomBytes(12).toString("hex"),
    REDIS_PASSWORD: randomBytes(12).toString("hex"),
    MARKET_DATA_DIR: marketDataDir(),
    MARKET_DATA_PROVIDERS: "csv",
    LOG_LEVEL: "warn",
    ...extra,
  };
  const broker = await startMockBroker(eventTopics().map((t) => `${t}:${EVENT_TOPIC_PARTITIONS}`));
  const redis = await RedisServer.start(vars.REDIS_PASSWORD as string, join(work, "redis"));
  const compose = readCompose();
  const ports: Record<string, number> = {};
  for (const [name, s] of Object.entries(compose.services))
    if (s.image?.startsWith("folio:") && s.restart !== "no") ports[name] = await freePort();
  const specs = composeProcesses(compose, vars, { kafkaBrokers: broker.address, redisPort: redis.port, mongoUrl: "" }, ports, work);
  const processes: NodeProcess[] = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop("SIGTERM")));
    await redis.stop();
    await stopMockBroker(broker.broker);
  };
  try {
    for (const spec of specs.filter((s) => s.oneOff)) {
      const code = await new NodeProcess(spec.container, spec.entry, spec.env, spec.nodeArgs).run();
      if (code !== 0) throw new Error(`${spec.container} exited with ${code}`);
    }
    for (const spec of specs.filter((s) => !s.oneOff))
      processes.push(
        new NodeProcess(spec.container, spec.entry, { ...spec.env, PORT: String(ports[spec.container]) }, spec.nodeArgs).start(),
      );
    const deadline = Date.now() + 180_000;
    for (const p of processes) {
      for (;;) {
        const ok = await fetch(`${p.url}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (!p.running || Date.now() > deadline) throw new Error(`${p.name} did not become ready:\n${p.output().slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    gateway: (processes.find((p) => p.name === "gateway") as NodeProcess).url,
    processes: processes.length,
    byName: (name) => processes.find((p) => p.name === name) as NodeProcess,
    stop,
  };
}
