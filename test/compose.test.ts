/**
 * No Docker engine runs where the suite runs, so the cluster definition is checked statically: every
 * service and worker role has a container with a health check, dependencies wait for health, Kafka has
 * every event topic and its dead-letter topic, MongoDB runs as a replica set (the outbox needs
 * transactions), and every variable the app reads is documented in .env.example.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { EventPayloads } from "@folio/proto/events";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { serviceNames } from "../gateway/src/registry.ts";

type Service = {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const eventTypes = [...Object.keys(EventPayloads), "price.updated", "networth.calculated", "brokerage.holdings.imported"];

describe("docker-compose.yml", () => {
  it("runs Kafka in KRaft mode, MongoDB as a replica set and Redis, each with a health check", () => {
    expect(services.kafka.image).toMatch(/^apache\/kafka:/);
    expect(services.kafka.environment?.KAFKA_PROCESS_ROLES).toBe("broker,controller");
    expect(services.mongo.command).toEqual(expect.arrayContaining(["--replSet", "rs0"]));
    expect(services.redis.image).toMatch(/^redis:/);
    for (const infra of ["kafka", "mongo", "redis"]) expect(services[infra].healthcheck, infra).toBeDefined();
  });

  it("has one container per service running that service's entry as an API, and worker containers", () => {
    for (const name of serviceNames) {
      const s = services[name];
      expect(s, name).toBeDefined();
      expect(s.command).toEqual(["node", "--import", "tsx", `services/${name}/src/main.ts`]);
      expect(s.environment?.ROLE).toBe("api");
    }
    const workers = Object.entries(services).filter(([, s]) => s.environment?.ROLE === "worker");
    expect(workers.map(([n]) => n).sort()).toEqual(["brokerage-worker", "import-worker", "networth-worker", "pricing-worker"]);
  });

  it("points every app container at Kafka, MongoDB and Redis, checks its health and waits for theirs", () => {
    const apps = Object.entries(services).filter(([, s]) => s.build);
    expect(apps.length).toBe(1 + serviceNames.length + 4);
    for (const [name, s] of apps) {
      expect(s.environment?.KAFKA_BROKERS, name).toBe("kafka:9092");
      expect(s.environment?.MONGO_URL, name).toContain("replicaSet=rs0");
      expect(s.environment?.REDIS_URL, name).toBe("redis://redis:6379");
      expect(JSON.stringify(s.healthcheck?.test), name).toContain("/healthz");
      for (const dep of Object.values(s.depends_on ?? {})) expect(dep.condition, name).toMatch(/service_(healthy|completed_successfully)/);
    }
    for (const name of serviceNames) expect(services.gateway.depends_on?.[name]?.condition).toBe("service_healthy");
  });

  it("creates every event topic and its dead-letter topic before services start", () => {
    const script = JSON.stringify(services["kafka-init"].command);
    for (const t of eventTypes) expect(script, t).toContain(t);
    expect(script).toContain("$$t.dlq");
    expect(services.accounts.depends_on?.["kafka-init"]?.condition).toBe("service_completed_successfully");
  });
});

describe(".env.example", () => {
  it("lists every variable the configuration reads", () => {
    const example = readFileSync(".env.example", "utf8");
    const config = readFileSync("platform/src/config.ts", "utf8");
    const read = new Set([...config.matchAll(/env(?:\.|, ")([A-Z_]{3,})/g)].map((m) => m[1]));
    // services' own settings (services/<name>/src/configuration.ts or config.ts) name their variables as literals
    for (const dir of readdirSync("services")) {
      for (const name of ["configuration.ts", "config.ts"]) {
        const file = `services/${dir}/src/${name}`;
        if (!existsSync(file)) continue;
        for (const m of readFileSync(file, "utf8").matchAll(/(?:"|env\.)([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g)) read.add(m[1] as string);
      }
    }
    expect(read.size).toBeGreaterThan(8);
    for (const name of read) {
      if (["SERVICES", "WORKERS", "HOST"].includes(name)) continue; // set per container by compose
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, "m"));
    }
  });
});
