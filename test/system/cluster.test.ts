/**
 * The cluster topology without Docker: the gateway and each of the eight services as its own process, on
 * the Kafka-protocol broker (librdkafka's mock cluster) and a real Redis, each service with its own store.
 * Proves that every service starts, reports health and joins its consumer group, that the gateway routes
 * public paths to their owners, and that events cross process boundaries over Kafka.
 * (MongoDB is the one piece not here: its adapter has its own contract suite.)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import kafkajs from "kafkajs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { serviceNames } from "../../gateway/src/registry.ts";
import { api, freePort, repoRoot } from "../support/app-process.ts";

const brokers = inject("kafkaBrokers");
const redisUrl = inject("redisUrl");
const enabled = Boolean(brokers && redisUrl);
if (!enabled) console.warn("cluster system test skipped: needs the Kafka-protocol broker and redis-server");

const secret = "cluster-test-secret-0123456789-0123456789-abcdef";
const dirs: string[] = [];
const children: { name: string; child: ChildProcess; output: () => string }[] = [];
const urls: Record<string, string> = {};

function launch(name: string, entry: string, port: number, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), `folio-cluster-${name}-`));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      KAFKA_BROKERS: brokers,
      REDIS_URL: redisUrl,
      JWT_SECRET: secret,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  children.push({ name, child, output: () => out });
  urls[name] = `http://127.0.0.1:${port}`;
}

async function healthy(name: string, deadlineMs: number) {
  for (;;) {
    const entry = children.find((c) => c.name === name);
    if (entry?.child.exitCode !== null) throw new Error(`${name} exited:\n${entry?.output()}`);
    try {
      const res = await fetch(`${urls[name]}/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadlineMs) throw new Error(`${name} not healthy in time:\n${entry?.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  if (!enabled) return;
  const serviceEnv: Record<string, string> = {};
  for (const name of serviceNames) {
    const port = await freePort();
    launch(name, `services/${name}/src/main.ts`, port, { ROLE: "all" });
    serviceEnv[`${name.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
  }
  launch("gateway", "gateway/src/main.ts", await freePort(), serviceEnv);
  const deadline = Date.now() + 120_000;
  for (const c of [...children]) await healthy(c.name, deadline);
}, 150_000);

afterAll(async () => {
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once("exit", () => done());
          child.kill("SIGTERM");
          setTimeout(() => child.kill("SIGKILL"), 5000).unref();
        }),
    ),
  );
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!enabled)("cluster: one process per service over Kafka and Redis", () => {
  it("starts every service and the gateway, each reporting health", async () => {
    for (const name of [...serviceNames, "gateway"]) {
      const h = await api(urls[name], "GET", "/healthz");
      expect(h.status, name).toBe(200);
      expect(h.body.status, name).toBe("ok");
    }
  });

  it("routes public calls through the gateway to their services, with the token verified on both sides", async () => {
    const reg = await api<{ idToken: string }>(urls.gateway, "POST", "/v1/auth/register", {
      email: "c@example.com",
      password: "cluster-pass",
    });
    expect(reg.status).toBe(200);
    const token = reg.body.idToken;
    const saved = await api<{ message: string; slug: string }>(
      urls.gateway,
      "POST",
      "/v1/save/portfolio/new",
      { portfolio: { assets: [{ ticker: "SPY", quantity: 2, PoA: 400, DoA: "2023-05-01" }] }, newPortfolioName: "Cluster" },
      token,
    );
    expect(saved.body.message).toBe("pcreated");
    const got = await api<{ data: { pName: string } }>(urls.gateway, "POST", `/v1/get/portfolio/${saved.body.slug}`, undefined, token);
    expect(got.status).toBe(200);
    expect(got.body.data.pName).toBe("Cluster");
    const forged = await api(urls.gateway, "POST", "/v1/get/portfolios-and-assets", undefined, `${token}x`);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ result: "nouser" });
  });

  it("carries events between processes: consumer groups commit offsets on the topics they consume", async () => {
    const kafka = new kafkajs.Kafka({ clientId: "cluster-test", brokers: brokers.split(","), logLevel: kafkajs.logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    try {
      const consumed = async (groupId: string, topic: string) => {
        const offsets = await admin.fetchOffsets({ groupId, topics: [topic] });
        return offsets.flatMap((t) => t.partitions).reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
      };
      const deadline = Date.now() + 60_000;
      const expectations: [string, string][] = [
        ["billing", "account.registered"],
        ["networth", "portfolio.saved"],
        // the save's figures, published with it: net worth sums them (README "One valuation, many views")
        ["networth", "portfolio.valued"],
        ["pricing", "portfolio.saved"],
      ];
      for (const [group, topic] of expectations) {
        while ((await consumed(group, topic)) < 1) {
          if (Date.now() > deadline) throw new Error(`group ${group} never consumed ${topic}`);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    } finally {
      await admin.disconnect();
    }
  });
});
