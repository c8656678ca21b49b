/**
 * No Docker engine runs where the suite runs, so the cluster definition and the image are checked statically (CI
 * also runs `docker compose config` and builds and runs the image): every
 * service and worker role has a container with a health check, dependencies wait for health, Kafka has
 * every event topic and its dead-letter topic, MongoDB runs as a replica set (the outbox needs
 * transactions), and every variable the app reads is documented in .env.example.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EventPayloads } from "@folio/proto/events";
import { JobPayloads, queueOwner } from "@folio/proto/jobs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { serviceNames } from "../gateway/src/registry.ts";
import { eventTopics } from "../platform/src/bus/topics.ts";
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
      const [node, file, ...rest] = s.command as string[];
      expect([node, rest], name).toEqual(["node", []]);
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
      expect(s.command).toEqual(["node", `dist/server/${name}.js`]);
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
          JSON.stringify(s.command) === JSON.stringify(["node", `dist/server/${owner}.js`]) &&
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
    expect(services["kafka-init"].command).toEqual(["node", "dist/server/create-topics.js"]);
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
    expect(runtime).toContain('CMD ["node", "dist/server/embedded.js"]');
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
});

/**
 * What the processes read from the environment, found in the sources themselves: every module of platform,
 * the gateway and the services that reads `env` (configuration modules by any name: config.ts, settings.ts,
 * configuration.ts, or a route file reading its own limit), by the names it reads (`env.NAME`, `env["NAME"]`,
 * or a name in quotes passed to a reading helper such as `wholeNumber(env, "NAME", …)`), and the
 * `<SERVICE>_URL` of every service the internal client and the gateway read.
 */
function settingsRead(): Map<string, Set<string>> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && entry.name !== "testing.ts") files.push(path);
    }
  };
  for (const dir of ["platform/src", "gateway/src", ...readdirSync("services").map((s) => `services/${s}/src`)]) walk(dir);
  const read = new Map<string, Set<string>>();
  const add = (name: string, file: string) => read.set(name, new Set([...(read.get(name) ?? []), file]));
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    if (!/\benv\b/.test(source)) continue;
    for (const m of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) add(m[1] as string, file);
    for (const m of source.matchAll(/["'`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'`]/g)) add(m[1] as string, file);
    if (/\$\{[^}]*toUpperCase\(\)\}_URL/.test(source)) for (const name of serviceNames) add(`${name.toUpperCase()}_URL`, file);
  }
  return read;
}

describe(".env.example", () => {
  const example = readFileSync(".env.example", "utf8");

  it("lists every setting any process reads, whatever module reads it", () => {
    const read = settingsRead();
    // the finder sees each kind of module: the platform's, a service's config.ts, settings.ts, configuration.ts
    for (const [name, file] of [
      ["REDIS_URL", "platform/src/config.ts"],
      ["STRIPE_SECRET_KEY", "services/billing/src/config.ts"],
      ["PLAID_SECRET", "services/brokerage/src/settings.ts"],
      ["PASSWORD_HASH_COST", "services/accounts/src/configuration.ts"],
      ["RATE_LIMIT_PLAYGROUND_PER_MINUTE", "services/portfolio/src/playground.ts"],
      ["ROLE", "platform/src/run.ts"],
      ["PORTFOLIO_URL", "platform/src/internal.ts"],
    ]) {
      expect([...(read.get(name as string) ?? [])], name).toContain(file);
    }
    // set by the runtime, not settings: Node's mode (the image sets it) and the test runner's flag
    const notSettings = ["NODE_ENV", "VITEST"];
    const missing = [...read.keys()].filter((name) => !notSettings.includes(name) && !new RegExp(`^#? ?${name}=`, "m").test(example));
    expect(missing, "add them to .env.example").toEqual([]);
  });
});
