/**
 * No Docker engine runs where the suite runs, so the cluster definition and the image are checked statically (CI
 * also runs `docker compose config` and builds and runs the image): every
 * service and worker role has a container with a health check, dependencies wait for health, Kafka has
 * every event topic and its dead-letter topic, MongoDB runs as a replica set (the outbox needs
 * transactions), and every setting of .env.example reaches the containers (test/configuration.test.ts checks
 * .env.example against the configuration schemas).
 */
import { readFileSync } from "node:fs";
import { EventPayloads } from "@folio/proto/events";
import { JobPayloads, queueOwner } from "@folio/proto/jobs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { serviceNames } from "../gateway/src/registry.ts";
import { eventTopics } from "../platform/src/bus/topics.ts";
import { RUNTIME } from "../scripts/bench/support/server.ts";
import { serverEntries } from "../scripts/build-server.mjs";

type Service = {
  image?: string;
  env_file?: unknown;
  secrets?: string[];
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
};
const compose = parse(readFileSync("docker-compose.yml", "utf8"), { merge: true }) as {
  services: Record<string, Service>;
  secrets: Record<string, { environment: string }>;
};
const services = compose.services;
/** how every container starts Node: with V8's flags NODE_OPTIONS refuses (the benches' RUNTIME) */
const NODE = ["node", ...RUNTIME.v8Args];
const eventTypes = [...Object.keys(EventPayloads), "price.updated", "networth.calculated", "brokerage.holdings.imported"];

describe("docker-compose.yml", () => {
  const entries = serverEntries();
  const apps = Object.entries(services).filter(([name, s]) => s.image?.startsWith("folio:") && name !== "kafka-init");

  it("runs Kafka in KRaft mode, MongoDB as a replica set and Redis, each with a health check", () => {
    expect(services.kafka.image).toMatch(/^apache\/kafka:/);
    expect(services.kafka.environment?.KAFKA_PROCESS_ROLES).toBe("broker,controller");
    expect(services.mongo.command).toEqual(expect.arrayContaining(["--replSet", "rs0"]));
    expect(services.redis.image).toMatch(/^redis:/);
    for (const infra of ["kafka", "mongo", "redis"]) expect(services[infra].healthcheck, infra).toBeDefined();
  });

  it("gives MongoDB and Redis credentials from .env, and the apps URLs that use them", () => {
    expect(services.mongo.environment?.MONGO_INITDB_ROOT_PASSWORD).toMatch(/^\$\{MONGO_PASSWORD:\?/);
    expect(services.redis.environment?.REDIS_PASSWORD).toMatch(/^\$\{REDIS_PASSWORD:\?/);
    expect(JSON.stringify(services.redis.command)).toContain("--requirepass");
    for (const [name, s] of apps) {
      expect(s.environment?.MONGO_URL, name).toMatch(/^mongodb:\/\/\$\{MONGO_USER:-folio\}:\$\{MONGO_PASSWORD:\?[^}]*\}@mongo:27017\//);
      expect(s.environment?.REDIS_URL, name).toMatch(/^redis:\/\/:\$\{REDIS_PASSWORD:\?[^}]*\}@redis:6379$/);
    }
  });

  it("builds the image once and runs a compiled entry of it in every app container", () => {
    const builders = Object.entries(services).filter(([, s]) => s.build);
    expect(builders.map(([n]) => n)).toEqual(["gateway"]);
    const workerContainers = Object.values(services).filter((s) => s.environment?.ROLE === "worker").length;
    expect(apps.length).toBe(1 + serviceNames.length + workerContainers);
    for (const [name, s] of [...apps, ["kafka-init", services["kafka-init"]] as const]) {
      expect(s.image, name).toBe(services.gateway.image);
      const command = s.command as string[];
      const file = command.at(-1);
      expect(command.slice(0, -1), name).toEqual(NODE);
      expect(
        Object.keys(entries).map((e) => `dist/server/${e}.js`),
        name,
      ).toContain(file);
    }
  });

  it("has one container per service running that service's entry as an API, and worker containers", () => {
    for (const name of serviceNames) {
      const s = services[name];
      expect(s, name).toBeDefined();
      expect(s.command).toEqual([...NODE, `dist/server/${name}.js`]);
      expect(s.environment?.ROLE).toBe("api");
    }
    const workers = Object.entries(services).filter(([, s]) => s.environment?.ROLE === "worker");
    expect(workers.map(([n]) => n).sort()).toEqual([
      "brokerage-worker",
      "import-worker",
      "networth-worker",
      "portfolio-worker",
      "pricing-worker",
    ]);
    for (const [name, s] of workers) expect(s.command, name).toEqual(services[name.replace(/-worker$/, "")].command);
  });

  it("runs every queue of proto's job map: a container with ROLE worker (or all) of the service that owns it", () => {
    for (const queue of Object.keys(JobPayloads)) {
      const owner = queueOwner(queue);
      const runners = Object.entries(services).filter(
        ([, s]) =>
          JSON.stringify(s.command) === JSON.stringify([...NODE, `dist/server/${owner}.js`]) &&
          ["worker", "all"].includes(s.environment?.ROLE ?? "all"),
      );
      expect(
        runners.map(([n]) => n),
        `${queue}: add a ${owner}-worker container (ROLE: worker)`,
      ).not.toEqual([]);
    }
  });

  it("lets the services believe X-Forwarded-For from the gateway alone, and the gateway from the proxies .env names", () => {
    for (const name of serviceNames) expect(services[name].environment?.TRUST_PROXY, name).toBe("gateway");
    for (const [name, s] of Object.entries(services).filter(([, s]) => s.environment?.ROLE === "worker")) {
      expect(s.environment?.TRUST_PROXY, name).toBe("gateway");
    }
    expect(services.gateway.environment?.TRUST_PROXY).toMatch(/^\$\{TRUST_PROXY:-\}$/);
  });

  it("points every app container at Kafka, checks its health without curl and waits for its dependencies' health", () => {
    for (const [name, s] of apps) {
      expect(s.environment?.KAFKA_BROKERS, name).toBe("kafka:9092");
      expect(JSON.stringify(s.healthcheck?.test), name).toContain("/healthz");
      expect(JSON.stringify(s.healthcheck?.test), name).not.toContain("curl");
      for (const dep of Object.values(s.depends_on ?? {})) expect(dep.condition, name).toMatch(/service_(healthy|completed_successfully)/);
    }
    for (const name of serviceNames) expect(services.gateway.depends_on?.[name]?.condition).toBe("service_healthy");
  });

  it("hands secrets over as files: the JWT secret to every app, each API key only to the service that uses it", () => {
    for (const [name, s] of apps) {
      expect(s.env_file, name).toBeUndefined();
      expect(s.environment?.JWT_SECRET_FILE, name).toBe("/run/secrets/jwt_secret");
      expect(s.secrets, name).toContain("jwt_secret");
      for (const variable of Object.keys(s.environment ?? {})) expect(variable, name).not.toMatch(/(SECRET|API_KEY)$/);
      for (const secret of s.secrets ?? []) {
        expect(compose.secrets[secret], secret).toBeDefined();
        const variable = compose.secrets[secret].environment;
        expect(s.environment?.[`${variable}_FILE`], `${name} ${secret}`).toBe(`/run/secrets/${secret}`);
      }
    }
    expect(services.billing.secrets).toEqual(expect.arrayContaining(["stripe_secret_key", "stripe_webhook_secret"]));
    expect(services.accounts.secrets).toEqual(["jwt_secret"]);
  });

  it("passes every setting of .env.example to the app containers, and each secret as a file only", () => {
    const example = readFileSync(".env.example", "utf8");
    const names = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]{2,})=/gm)].map((m) => m[1]);
    const secrets = Object.values(compose.secrets).map((s) => s.environment);
    // compose's own (credentials, tag, port on the host) and what compose sets per container
    const composeOnly = ["MONGO_USER", "MONGO_PASSWORD", "REDIS_PASSWORD", "FOLIO_TAG", "PORT", "MARKET_DATA_DIR", "DATA_DIR", "HOST"];
    // set per container by compose (or, outside Docker, by whoever starts the processes)
    const perContainer = ["REDIS_URL", "MONGO_URL", "KAFKA_BROKERS", "ROLE", ...serviceNames.map((n) => `${n.toUpperCase()}_URL`)];
    const env = services.gateway.environment ?? {};
    for (const name of names) {
      if (composeOnly.includes(name) || perContainer.includes(name)) continue;
      if (secrets.includes(name)) expect(env[name], name).toBeUndefined();
      else expect(env[name], `${name}: add it to x-app's environment in docker-compose.yml`).toMatch(new RegExp(`^\\$\\{${name}:-`));
    }
  });

  it("creates every event topic and its dead-letter topic from the image before services start", () => {
    expect(services["kafka-init"].command).toEqual([...NODE, "dist/server/create-topics.js"]);
    expect(entries["create-topics"]).toBe("platform/src/bus/create-topics.ts");
    for (const t of eventTypes) expect(eventTopics(), t).toEqual(expect.arrayContaining([t, `${t}.dlq`]));
    expect(services.accounts.depends_on?.["kafka-init"]?.condition).toBe("service_completed_successfully");
  });
});

describe("Dockerfile", () => {
  const dockerfile = readFileSync("Dockerfile", "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  it("builds in stages on a Node LTS image and runs compiled JavaScript, not TypeScript", () => {
    expect(dockerfile).toMatch(/^ARG NODE_VERSION=(2[02468])$/m);
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim AS base$/m);
    expect(dockerfile).toMatch(/^FROM base AS build$/m);
    expect(runtime).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim$/m);
    expect(dockerfile).toContain("npm ci --omit=dev");
    expect(runtime).toContain(`CMD ${JSON.stringify([...NODE, "dist/server/embedded.js"]).replaceAll(",", ", ")}`);
    expect(dockerfile).not.toContain("tsx");
  });

  it("copies only production dependencies and the build, owned by node, runs as node with /data as a volume", () => {
    const copies = runtime.split("\n").filter((l) => l.startsWith("COPY"));
    expect(copies.length).toBeGreaterThan(0);
    for (const line of copies) expect(line).toContain("--chown=node:node");
    expect(copies.join("\n")).not.toMatch(/COPY --from=build \S+ \/app \/app/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^VOLUME \/data$/m);
    expect(runtime).toContain("DATA_DIR=/data");
    expect(runtime).toContain("HOST=0.0.0.0");
    expect(runtime).toMatch(/^HEALTHCHECK .*\n? *CMD \["node", "-e", .*\/healthz/m);
    expect(runtime).not.toContain("curl");
  });

  it("runs the app with the memory settings the benches measured, as npm start does", () => {
    const start = JSON.parse(readFileSync("package.json", "utf8")).scripts.start as string;
    for (const [name, value] of Object.entries(RUNTIME.env)) {
      expect(runtime).toContain(`${name}=${value}`);
      expect(start).toContain(`${name}=${value} `);
    }
    expect(runtime).toContain(`NODE_OPTIONS="${RUNTIME.nodeArgs.join(" ")}"`);
    expect(start).toContain(`node ${[...RUNTIME.v8Args, ...RUNTIME.nodeArgs].join(" ")} dist/server/embedded.js`);
    // V8's flags NODE_OPTIONS refuses are on every command: the image's and each app container's
    expect(runtime).toContain(`CMD ${JSON.stringify([...NODE, "dist/server/embedded.js"]).replaceAll(",", ", ")}`);
    const containers = Object.entries(services).filter(([, s]) => s.image?.startsWith("folio:"));
    expect(containers.length).toBeGreaterThan(10);
    for (const [name, s] of containers) expect(s.command?.slice(0, -1), name).toEqual(NODE);
  });
});
