/**
 * The cluster as docker-compose.yml declares it, run as processes of the compiled entries
 * (test/support/compose-cluster.ts reads the file: one process per app container, its command, ROLE and
 * environment, compose host names mapped to this machine), on a real redis-server with a password and
 * append-only persistence as compose runs it, a Kafka-protocol broker with every event topic and its
 * dead-letter topic (kafka-init's own command runs against it first), and the embedded SQLite store (one
 * DATA_DIR per service), or the suite's MongoDB and Kafka when it has them (CI's service containers).
 *
 * Then, through the gateway, as clients on their own loopback addresses: the journey (register, create, read,
 * share, the community with the three samples, net worth settling on the portfolio's value, the achievements
 * service following the steps); the gateway's shared cache (a visitor's public read answered again by the
 * gateway, the owner's never kept, a save and a switch to private seen by visitors within its FRESH_MS); a screenshot the import API receives read by the import worker (the blob
 * store between the processes); per-client limits that hold per client behind the gateway whatever
 * X-Forwarded-For a client sends; a service killed with SIGKILL and restarted (the gateway answers 503 with
 * Retry-After meanwhile, the service listens at once, no acknowledged write is lost); second replicas of
 * pricing and networth joining their running groups and sharing the partitions; Redis stopped for 5 s (signed-in calls answer 503 with Retry-After within a
 * second, never 401, and everything works again after).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SAMPLE_SLUGS } from "@folio/proto/constants";
import { JobPayloads, queueOwner } from "@folio/proto/jobs";
import kafkajs from "kafkajs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FRESH_MS } from "../../gateway/src/shared-cache.ts";
import { EVENT_TOPIC_PARTITIONS, eventTopics } from "../../platform/src/bus/topics.ts";
import { marketDataAvailable, marketDataDir } from "../../scripts/market-data/location.ts";
import { buildMockBroker, startMockBroker, stopMockBroker } from "../setup/kafka.ts";
import { freePort, repoRoot } from "../support/app-process.ts";
import { composeProcesses, NodeProcess, type ProcessSpec, readCompose } from "../support/compose-cluster.ts";
import { RedisServer, redisServerPath } from "../support/redis-server.ts";

const SCREENSHOT = join(repoRoot, "services/import/test/screenshots/us-broker-table-7000.png");
const externalKafka = process.env.TEST_KAFKA_BROKERS?.trim() ?? "";
const mongoUrl = inject("mongoUrl");
const brokerProblem = externalKafka ? undefined : buildMockBroker();
const missing = [
  redisServerPath() ? null : "redis-server (apt-get install redis-server)",
  brokerProblem ? `the Kafka-protocol broker (${brokerProblem})` : null,
  marketDataAvailable() ? null : "the market-data folder (npm run fetch-market-data)",
].filter(Boolean);
if (missing.length > 0) {
  if (process.env.CI === "true") throw new Error(`the cluster system test needs ${missing.join(", ")}`);
  console.warn(`cluster system test skipped: needs ${missing.join(", ")}`);
}
const enabled = missing.length === 0;

const work = mkdtempSync(join(tmpdir(), "folio-cluster-"));
const vars: Record<string, string> = {
  // what `make up` writes into .env, and the settings a self-hoster without internet would choose
  JWT_SECRET: randomBytes(36).toString("base64url"),
  MONGO_USER: "folio",
  MONGO_PASSWORD: randomBytes(12).toString("hex"),
  REDIS_PASSWORD: randomBytes(12).toString("hex"),
  MARKET_DATA_DIR: marketDataDir(),
  MARKET_DATA_PROVIDERS: "csv",
  RATE_LIMIT_REGISTER_PER_CLIENT: "4",
  // a killed replica's partitions move on after 8 s instead of 30 (the mock cluster also holds a rebalance
  // for a newcomer that long)
  KAFKA_SESSION_TIMEOUT_MS: "8000",
  PASSWORD_HASH_COST: "10",
  LOG_LEVEL: "warn",
};
const run = randomBytes(3).toString("hex");
const email = (name: string) => `${name}-${run}@example.com`;
let broker: Awaited<ReturnType<typeof startMockBroker>> | undefined;
let brokers = externalKafka;
let redis: RedisServer | undefined;
let specs: ProcessSpec[] = [];
const processes: NodeProcess[] = [];
const byName = (name: string) => processes.find((p) => p.name === name) as NodeProcess;
let gateway = "";

interface Reply<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  ms: number;
}

/** An HTTP call from a client on its own loopback address (what the gateway sees as the client). */
function call<T = Record<string, unknown>>(
  from: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; base?: string } = {},
): Promise<Reply<T>> {
  const url = new URL(path, options.base ?? gateway);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      {
        method,
        localAddress: from,
        headers: {
          ...(payload !== undefined ? { "content-type": "application/json" } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        timeout: 20_000,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : {};
          } catch {
            // not JSON (a page)
          }
          done({ status: res.statusCode ?? 0, body: body as T, headers: res.headers, ms: performance.now() - started });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    req.on("error", fail);
    req.end(payload);
  });
}

const ALICE = "127.0.0.2";
const CLIENT_A = "127.0.0.3";
const CLIENT_B = "127.0.0.4";
const OWNER = "127.0.0.5";

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) {
        // the slow waits are the ones a failing run needs to be read by
        if (Date.now() - started > 5000) console.log(`${what}: after ${Date.now() - started} ms`);
        return value;
      }
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const exited = processes
        .filter((p) => p.exits.length > 0)
        .map((p) => `${p.name} exited ${p.exits.join(",")}:\n${p.output().slice(-2000)}`);
      // what every process warned about (pino levels 40+), for a run that cannot be watched
      const warnings = processes.flatMap((p) =>
        p
          .output()
          .split("\n")
          .filter((l) => /"level":(4|5|6)0/.test(l))
          .slice(-15)
          .map((l) => `${p.name}: ${l.slice(0, 400)}`),
      );
      throw new Error(
        `${what}: not within ${timeoutMs} ms ${last ? `(last error: ${last})` : ""}\n${exited.join("\n")}\nwarnings:\n${warnings.join("\n")}`,
      );
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const healthy = (p: NodeProcess, timeoutMs = 60_000) =>
  until(
    `${p.name} healthy`,
    async () => {
      if (!p.running) throw new Error(`${p.name} is not running:\n${p.output().slice(-3000)}`);
      const res = await fetch(`${p.url}/healthz`).catch(() => null);
      return res?.ok ? true : undefined;
    },
    timeoutMs,
    100,
  );

/** The last close of a ticker in the market-data folder: what pricing answers as its latest price. */
function lastClose(ticker: string): number {
  const lines = readFileSync(join(marketDataDir(), `${ticker}.csv`), "utf8")
    .trim()
    .split("\n");
  return Number((lines.at(-1) as string).split(",")[1]);
}

beforeAll(async () => {
  if (!enabled) return;
  const started = performance.now();
  if (!externalKafka) {
    // the topics kafka-init creates: every event type and its .dlq, EVENT_TOPIC_PARTITIONS each
    broker = await startMockBroker(eventTopics().map((t) => `${t}:${EVENT_TOPIC_PARTITIONS}`));
    brokers = broker.address;
  }
  redis = await RedisServer.start(vars.REDIS_PASSWORD as string, join(work, "redis"));
  const compose = readCompose();
  const ports: Record<string, number> = {};
  for (const [name, s] of Object.entries(compose.services))
    if (s.image?.startsWith("folio:") && s.restart !== "no") ports[name] = await freePort();
  specs = composeProcesses(compose, vars, { kafkaBrokers: brokers, redisPort: redis.port, mongoUrl }, ports, work);
  for (const spec of specs.filter((s) => s.oneOff)) {
    const oneOff = new NodeProcess(spec.container, spec.entry, spec.env, spec.nodeArgs);
    const code = await oneOff.run();
    expect(code, `${spec.container}:\n${oneOff.output()}`).toBe(0);
    console.log(`${spec.container}: ${oneOff.output().trim()}`);
  }
  for (const spec of specs.filter((s) => !s.oneOff)) {
    processes.push(
      new NodeProcess(spec.container, spec.entry, { ...spec.env, PORT: String(ports[spec.container]) }, spec.nodeArgs).start(),
    );
  }
  gateway = byName("gateway").url;
  await Promise.all(processes.map((p) => healthy(p, 120_000)));
  console.log(`cluster: ${processes.length} processes healthy in ${Math.round(performance.now() - started)} ms`);
}, 180_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop("SIGTERM")));
  await redis?.stop();
  if (broker) await stopMockBroker(broker.broker);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!enabled)("the cluster of docker-compose.yml, as processes", () => {
  let alice = "";
  let slug = "";
  let value = 0;

  it("runs every app container, one process each, and a worker for every queue", () => {
    expect(processes.map((p) => p.name)).toContain("gateway");
    for (const queue of Object.keys(JobPayloads)) {
      const workers = specs.filter((s) => s.entry === queueOwner(queue) && ["worker", "all"].includes(s.env.ROLE ?? "all"));
      expect(workers.length, `a worker process for ${queue}`).toBeGreaterThan(0);
    }
  });

  it("the journey through the gateway: register, create, read, share, the community with the samples, net worth", async () => {
    const reg = await call<{ idToken: string }>(ALICE, "POST", "/v1/auth/register", {
      body: { email: email("alice"), password: "cluster-pass-1" },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    alice = reg.body.idToken;
    const assets = [
      { ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02" },
      { ticker: "SPY", quantity: 2, PoA: 400, DoA: "2023-05-01" },
    ];
    const saved = await call<{ message: string; slug: string }>(ALICE, "POST", "/v1/save/portfolio/new", {
      body: { portfolio: { assets }, newPortfolioName: "Cluster journey" },
      token: alice,
    });
    expect(saved.body.message).toBe("pcreated");
    slug = saved.body.slug;
    // 10 × VTI's and 2 × SPY's last close: the one valuation, wherever it is read
    value = Math.round((10 * lastClose("VTI") + 2 * lastClose("SPY")) * 100) / 100;
    const read = await call<{ data: { pName: string; assets: { ticker: string }[] } }>(ALICE, "POST", `/v1/get/portfolio/${slug}`, {
      token: alice,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.pName).toBe("Cluster journey");
    expect(read.body.data.assets.map((a) => a.ticker)).toEqual(["VTI", "SPY"]);
    const list = await until("the portfolio's market value", async () => {
      const res = await call<{ portfolios: Record<string, { marketValue: number | null }> }>(
        ALICE,
        "POST",
        "/v1/get/portfolios-and-assets",
        {
          token: alice,
        },
      );
      return res.body.portfolios?.[slug]?.marketValue ? res.body.portfolios[slug] : undefined;
    });
    expect(list.marketValue).toBeCloseTo(value, 2);

    const shared = await call(ALICE, "POST", `/v1/update/portfoliosettings/${slug}`, {
      body: { settings: { privateMode: false, category: "Index", pDescription: "Two index funds" } },
      token: alice,
    });
    expect(shared.body).toMatchObject({ message: "pupdated" });
    const visitor = await call<{ data: { pName: string } }>(CLIENT_B, "GET", `/cachable/get/portfolio/${slug}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data.pName).toBe("Cluster journey");
    const page = await call<string>(CLIENT_B, "GET", `/p/${slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Cluster journey");

    // the community: the shared portfolio and the visitors' samples (seeded by the portfolio worker's job)
    const community = await until(
      "the community with the samples",
      async () => {
        const res = await call<Record<string, { slug: string }[]>>(CLIENT_B, "GET", "/v1/get/communityportfolios?pageSize=48");
        const slugs = Object.values(res.body)
          .filter(Array.isArray)
          .flat()
          .map((c) => c.slug);
        return [slug, ...SAMPLE_SLUGS].every((s) => slugs.includes(s)) ? slugs : undefined;
      },
      90_000,
      500,
    );
    expect(community.filter((s) => s === slug)).toHaveLength(1);

    const worth = await until("net worth settled", async () => {
      const res = await call<{ netWorth: number; calculating: boolean; lastUpdated: string | null }>(ALICE, "POST", "/v1/get/netWorth", {
        token: alice,
      });
      return !res.body.calculating && res.body.lastUpdated && res.body.netWorth === value ? res.body : undefined;
    });
    expect(worth.netWorth).toBe(value);

    // the achievements service, a container of its own, followed the events over Kafka: the account (1), the
    // first portfolio (2), its assets (3), shared (4); the copy (5) is missing, so the net-worth check waits
    const steps = await until("achievement step 4", async () => {
      const res = await call<{ achievement_state: number }>(ALICE, "POST", "/v1/get/achievement-state", { token: alice });
      return res.body.achievement_state === 4 ? res.body.achievement_state : undefined;
    });
    expect(steps).toBe(4);
  }, 150_000);

  it("the gateway keeps a visitor's public read a few seconds, never the owner's; a save and a switch to private show within FRESH_MS", async () => {
    // an owner of their own, so the other tests' figures (alice's net worth) stay theirs
    const reg = await call<{ idToken: string }>(OWNER, "POST", "/v1/auth/register", {
      body: { email: email("carol"), password: "cluster-pass-1" },
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const carol = reg.body.idToken;
    const created = await call<{ slug: string }>(OWNER, "POST", "/v1/save/portfolio/new", {
      body: {
        portfolio: { assets: [{ ticker: "SPY", quantity: 1, PoA: 400, DoA: "2023-05-01" }], privateMode: false },
        newPortfolioName: "Kept",
      },
      token: carol,
    });
    const kept = created.body.slug;
    const path = `/cachable/get/portfolio/${kept}`;
    const browser = { "accept-encoding": "gzip, deflate, br" };
    type Read = { data: { pDescription: string }; state: { notOwner: boolean } };
    await call(CLIENT_B, "GET", path, { headers: browser });
    const again = await call<Read>(CLIENT_B, "GET", path);
    const hit = await call<Read>(CLIENT_A, "GET", path);
    // the second visitor asking the same way is answered by the gateway (it sends an Age), as a visitor
    expect(hit.status).toBe(200);
    expect(hit.headers.age).toBeDefined();
    expect(Number(hit.headers.age)).toBeLessThanOrEqual(FRESH_MS / 1000);
    expect(hit.headers["cache-control"]).toBe("public, max-age=60");
    expect(hit.body.state.notOwner).toBe(true);
    expect(again.body).toEqual(hit.body);
    // the owner's read is never the visitor's copy, nor kept
    for (let i = 0; i < 2; i++) {
      const owner = await call<Read>(OWNER, "GET", path, { token: carol });
      expect(owner.status).toBe(200);
      expect(owner.body.state.notOwner).toBe(false);
      expect(owner.headers.age).toBeUndefined();
      expect(owner.headers["cache-control"]).toBe("private, no-store");
    }

    // the owner saves: visitors read the new description within the gateway's FRESH_MS (a browser may keep it 60 s)
    const saved = Date.now();
    const updated = await call(OWNER, "POST", `/v1/update/portfoliosettings/${kept}`, {
      body: { settings: { privateMode: false, category: "Index", pDescription: "Now described" } },
      token: carol,
    });
    expect(updated.body).toMatchObject({ message: "pupdated" });
    expect((await call<Read>(OWNER, "GET", path, { token: carol })).body.data.pDescription).toBe("Now described");
    await until(
      "the visitors' read after the save",
      async () => ((await call<Read>(CLIENT_B, "GET", path)).body.data?.pDescription === "Now described" ? true : undefined),
      FRESH_MS + 3000,
      100,
    );
    expect(Date.now() - saved).toBeLessThanOrEqual(FRESH_MS + 3000);

    // and turned private: no visitor reads it after FRESH_MS
    const hidden = await call(OWNER, "POST", `/v1/update/portfoliosettings/${kept}`, {
      body: { settings: { privateMode: true, category: "Index", pDescription: "Now described" } },
      token: carol,
    });
    expect(hidden.body).toMatchObject({ message: "pupdated" });
    const closed = Date.now();
    await until(
      "the visitors' 404 after going private",
      async () => ((await call(CLIENT_B, "GET", path)).status === 404 ? true : undefined),
      FRESH_MS + 3000,
      100,
    );
    expect(Date.now() - closed).toBeLessThanOrEqual(FRESH_MS + 3000);
  }, 60_000);

  it("a screenshot the import API receives is read by the import worker, another process: the blob store between them", async () => {
    // no shared disk between the two: the upload goes through the platform's blob store (GridFS with MongoDB;
    // here without one, the folder in the service's DATA_DIR, which its processes share as they share its SQLite file)
    const form = new FormData();
    form.append("image", new Blob([readFileSync(SCREENSHOT)], { type: "image/png" }), "shot.png");
    const upload = await fetch(`${gateway}/v2/import/portfolio/screenshot`, {
      method: "POST",
      headers: { authorization: `Bearer ${alice}`, prefer: "respond-async" },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { statusUrl } = (await upload.json()) as { statusUrl: string };
    const done = await until(
      "the screenshot read by the worker",
      async () => {
        const res = await call<{ state: string; message?: { ticker: string }[] }>(ALICE, "GET", statusUrl, { token: alice });
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
        return res.body.state === "completed" ? res.body : undefined;
      },
      90_000,
    );
    expect(done.message?.map((row) => row.ticker)).toEqual(expect.arrayContaining(["QQQ", "TSLA"]));
  }, 120_000);

  it("keeps per-client limits per client behind the gateway, whatever X-Forwarded-For says", async () => {
    const register = (from: string, name: string, headers?: Record<string, string>) =>
      call(from, "POST", "/v1/auth/register", { body: { email: email(name), password: "cluster-pass-1" }, headers });
    for (let i = 0; i < 4; i++) expect((await register(CLIENT_A, `a${i}`)).status, `registration ${i + 1} of client A`).toBe(200);
    const refused = await register(CLIENT_A, "a4");
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    // a header of the client's own choosing opens no fresh bucket
    expect((await register(CLIENT_A, "a5", { "x-forwarded-for": "203.0.113.9" })).status).toBe(429);
    // another client is another client
    expect((await register(CLIENT_B, "b0")).status).toBe(200);
  });

  it("a service killed with SIGKILL: the gateway answers 503 with Retry-After, the restart listens at once, nothing acknowledged is lost", async () => {
    const second = await call<{ message: string; slug: string }>(ALICE, "POST", "/v1/save/portfolio/new", {
      body: { portfolio: { assets: [{ ticker: "VTI", quantity: 1, PoA: 250, DoA: "2025-01-02" }] }, newPortfolioName: "Just before" },
      token: alice,
    });
    expect(second.body.message).toBe("pcreated");
    const portfolio = byName("portfolio");
    await portfolio.stop("SIGKILL");

    const down = await call(ALICE, "POST", `/v1/get/portfolio/${slug}`, { token: alice });
    expect(down.status).toBe(503);
    expect(Number(down.headers["retry-after"])).toBeGreaterThan(0);
    expect(down.ms).toBeLessThan(1000);

    const restarted = performance.now();
    portfolio.start();
    await healthy(portfolio, 30_000);
    const listenMs = performance.now() - restarted;
    console.log(`portfolio restarted: listening after ${Math.round(listenMs)} ms`);
    expect(listenMs).toBeLessThan(10_000);
    // until it is ready the gateway says so; then both portfolios are there
    const read = await until("the portfolio after the restart", async () => {
      const res = await call<{ data: { pName: string } }>(ALICE, "POST", `/v1/get/portfolio/${second.body.slug}`, { token: alice });
      if (res.status === 503) {
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        return undefined;
      }
      return res;
    });
    expect(read.status).toBe(200);
    expect(read.body.data.pName).toBe("Just before");
    // its event was relayed after the restart: net worth counts it
    const expected = Math.round((value + lastClose("VTI")) * 100) / 100;
    await until(
      "net worth with the portfolio saved before the kill",
      async () => {
        const res = await call<{ netWorth: number; calculating: boolean }>(ALICE, "POST", "/v1/get/netWorth", { token: alice });
        return !res.body.calculating && res.body.netWorth === expected ? true : undefined;
      },
      90_000,
      500,
    );
    value = expected;
  }, 150_000);

  it("second replicas of pricing and networth join their running groups and share the partitions", async () => {
    const replicas = ["pricing", "networth", "networth-worker"].map((name) => {
      const spec = specs.find((s) => s.container === name) as ProcessSpec;
      return { spec, process: new NodeProcess(`${name}-2`, spec.entry, { ...spec.env }, spec.nodeArgs) };
    });
    for (const r of replicas) {
      r.process.env.PORT = String(await freePort());
      processes.push(r.process.start());
    }
    await Promise.all(replicas.map((r) => healthy(r.process)));
    // each replica's readiness says which partitions its consumers hold: the two split each topic between them
    const partitionsOf = async (p: NodeProcess, group: string) => {
      const res = await fetch(`${p.url}/readyz`);
      const body = (await res.json()) as { partitions?: Record<string, Record<string, number[]>> };
      return body.partitions?.[group] ?? {};
    };
    const admin = new kafkajs.Kafka({ clientId: "cluster-test", brokers: brokers.split(","), logLevel: kafkajs.logLevel.NOTHING }).admin();
    await admin.connect();
    const partitionCount = new Map<string, number>();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: eventTopics() });
      for (const t of topics) partitionCount.set(t.name, t.partitions.length);
    } finally {
      await admin.disconnect();
    }
    // both groups rebalance at once: one bound for the two splits
    const splitDeadline = Date.now() + 120_000;
    for (const group of ["pricing", "networth"]) {
      const [first, second] = [byName(group), byName(`${group}-2`)];
      // every partition of every topic the group reads, held by exactly one of the two
      const split = await until(
        `group ${group} split between its two replicas`,
        async () => {
          const [a, b] = await Promise.all([partitionsOf(first, group), partitionsOf(second, group)]);
          const topics = new Set([...Object.keys(a), ...Object.keys(b)]);
          if (Object.keys(a).length === 0 || Object.keys(b).length === 0) return undefined;
          for (const topic of topics) {
            const held = [...(a[topic] ?? []), ...(b[topic] ?? [])].sort((x, y) => x - y);
            const all = [...Array(partitionCount.get(topic) ?? 0).keys()];
            if (JSON.stringify(held) !== JSON.stringify(all)) return undefined;
          }
          return { a, b };
        },
        Math.max(1000, splitDeadline - Date.now()),
        1000,
      );
      const restarts = [first, second].map((p) =>
        p
          .output()
          .split("\n")
          .filter((l) => l.includes("Kafka consumer")),
      );
      console.log(
        `${group}: split between two replicas (${JSON.stringify(split)}; consumer restarts logged: ${restarts.map((r) => r.length).join(", ")})\n${restarts.flat().join("\n")}`,
      );
    }
    for (const r of replicas) expect(r.process.running, `${r.process.name}:\n${r.process.output().slice(-3000)}`).toBe(true);

    // with the replicas: a new user's figures settle once, as before
    const reg = await call<{ idToken: string }>(CLIENT_B, "POST", "/v1/auth/register", {
      body: { email: email("bob"), password: "cluster-pass-1" },
    });
    const bob = reg.body.idToken;
    const saved = await call<{ slug: string }>(CLIENT_B, "POST", "/v1/save/portfolio/new", {
      body: { portfolio: { assets: [{ ticker: "SPY", quantity: 3, PoA: 300, DoA: "2022-03-01" }] }, newPortfolioName: "Replicas" },
      token: bob,
    });
    expect(saved.status).toBe(200);
    const expected = Math.round(3 * lastClose("SPY") * 100) / 100;
    // the groups may still be settling from the joins above (a rebalance can take a Kafka session, 30 s, more than
    // once), so the figures get as long as the split itself did
    await until(
      "bob's net worth",
      async () => {
        const res = await call<{ netWorth: number; calculating: boolean }>(CLIENT_B, "POST", "/v1/get/netWorth", { token: bob });
        return !res.body.calculating && res.body.netWorth === expected ? true : undefined;
      },
      120_000,
    );
    const history = await call<{ history?: unknown[] } | unknown[]>(CLIENT_B, "POST", "/v1/get/netWorthHistory", { token: bob });
    expect(history.status).toBe(200);
    // the test's own bound is the sum of its waits: the replicas' start (60 s), the splits (120 s), the figures
    // (120 s), and 30 s for the calls between them
  }, 330_000);

  it("Redis stopped for 5 s: signed-in calls answer 503 with Retry-After within a second, never 401; then all works again", async () => {
    await (redis as RedisServer).stop();
    const stoppedAt = Date.now();
    const during: Reply<unknown>[] = [];
    while (Date.now() - stoppedAt < 5000) {
      during.push(await call(ALICE, "POST", "/v1/get/portfolios-and-assets", { token: alice }));
      await new Promise((r) => setTimeout(r, 250));
    }
    await (redis as RedisServer).resume();
    const statuses = [...new Set(during.map((r) => r.status))];
    expect(statuses, "during the outage").not.toContain(401);
    expect(during.filter((r) => r.status !== 200 && r.status !== 503)).toEqual([]);
    for (const r of during.filter((d) => d.status === 503)) {
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
      expect(r.ms).toBeLessThanOrEqual(1000);
    }
    expect(statuses).toContain(503);

    // the same session, after: reads, a save, and net worth settling again (the queue's jobs run)
    await until("reads after the outage", async () => {
      const res = await call(ALICE, "POST", "/v1/get/portfolios-and-assets", { token: alice });
      expect(res.status).not.toBe(401);
      return res.status === 200 ? true : undefined;
    });
    const saved = await call<{ message: string }>(ALICE, "POST", "/v1/save/portfolio/new", {
      body: { portfolio: { assets: [{ ticker: "SPY", quantity: 1, PoA: 500, DoA: "2025-02-03" }] }, newPortfolioName: "After the blip" },
      token: alice,
    });
    expect(saved.body.message).toBe("pcreated");
    const expected = Math.round((value + lastClose("SPY")) * 100) / 100;
    await until(
      "net worth after the outage",
      async () => {
        const res = await call<{ netWorth: number; calculating: boolean }>(ALICE, "POST", "/v1/get/netWorth", { token: alice });
        return !res.body.calculating && res.body.netWorth === expected ? true : undefined;
      },
      90_000,
      500,
    );
    for (const p of processes)
      expect(p.exits, `${p.name} exited:\n${p.output().slice(-3000)}`).toEqual(p.name === "portfolio" ? ["SIGKILL"] : []);
  }, 150_000);
});
