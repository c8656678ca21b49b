/**
 * Requests per second of GET /v1/get/{ticker} and of the cachable portfolio read, against a bare Fastify
 * route measured in the same run on the same machine (target: each at least half the bare route's).
 * The edge's per-client request ceiling is off (RATE_LIMIT_PER_MINUTE=0): one client sends every request.
 * The embedded app runs as its own process (the compiled server, as `npm start` runs it) on the real CSV
 * closes; the bare route runs in a second process started from this file; the load comes from autocannon
 * in a third, so each server and the load generator get a process of their own: a fixed number of
 * connections with one request in flight each, over keep-alive, for a few seconds per path. The paths
 * are measured in turns, a second at a time, and each figure is the median of its rounds, so a burst of
 * other work on the machine weighs on every path alike rather than on whichever ran then.
 *
 *   node --import tsx scripts/bench/throughput.ts           (or through `npm run bench`)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { api, BUILT_ENTRY, freePort, repoRoot, startApp } from "../../test/support/app-process.ts";
import { buildServer } from "../build-server.mjs";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";

const IN_FLIGHT = 32;
/** per path: warm-up (the servers' JIT), then ROUNDS rounds of ROUND_SECONDS taken in turns across paths */
const WARM_UP_SECONDS = 2;
const ROUNDS = 3;
const ROUND_SECONDS = 1;

interface Rate {
  requestsPerSecond: number;
  /** median latency, ms */
  medianMs: number;
  /** bytes on the wire per reply */
  bytes: number;
}

const AUTOCANNON = resolve(repoRoot, "node_modules/autocannon/autocannon.js");

/**
 * IN_FLIGHT connections for `seconds` from autocannon in a process of its own (an in-process client
 * saturated long before the server did); every answer must be a 2xx.
 */
async function measure(url: string, seconds: number): Promise<Rate> {
  const args = [AUTOCANNON, "--json", "-c", String(IN_FLIGHT), "-d", String(seconds), "-H", "accept-encoding=gzip, deflate, br", url];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (err += d));
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err}`);
  const r = JSON.parse(out) as {
    requests: { average: number; total: number };
    latency: { p50: number };
    throughput: { total: number };
    non2xx: number;
    errors: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  if (r.non2xx > 0 || r.errors > 0) {
    throw new Error(`${url}: ${r.non2xx} answers not 2xx (${JSON.stringify(r.statusCodeStats)}), ${r.errors} errors`);
  }
  return {
    requestsPerSecond: r.requests.average,
    medianMs: r.latency.p50,
    bytes: r.requests.total ? r.throughput.total / r.requests.total : 0,
  };
}

const median = <T>(xs: T[], key: (x: T) => number): T => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)];

/** The comparison point: one Fastify route answering a small JSON object, nothing else registered. */
async function bareServer(port: number): Promise<void> {
  const { default: Fastify } = await import("fastify");
  const app = Fastify({ logger: false });
  app.get("/hello", async () => ({ hello: "world" }));
  await app.listen({ port, host: "127.0.0.1" });
  process.stdout.write("ready\n");
}

async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--bare-server", String(port)], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ready, fail) => {
    child.once("exit", (code) => fail(new Error(`bare server exited with ${code}`)));
    child.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) ready();
    });
  });
  return { url: `http://127.0.0.1:${port}/hello`, child };
}

export async function throughputBench(): Promise<void> {
  const marketData = marketDataDir();
  if (!marketDataAvailable(marketData)) {
    console.log(`throughput: skipped, no market data at ${marketData} (set MARKET_DATA_DIR)`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "folio-bench-throughput-"));
  await buildServer({ quiet: true });
  const app = await startApp(
    { DATA_DIR: dataDir, MARKET_DATA_DIR: marketData, MARKET_DATA_PROVIDERS: "csv", LOG_LEVEL: "warn", RATE_LIMIT_PER_MINUTE: "0" },
    undefined,
    BUILT_ENTRY,
  );
  const bare = await startBare();
  try {
    const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
      email: "bench@example.com",
      password: "bench-pass",
    });
    const assets = [
      { ticker: "VTI", quantity: 40, PoA: 160, DoA: "2019-06-03" },
      { ticker: "VXUS", quantity: 60, PoA: 52, DoA: "2019-06-03" },
      { ticker: "BND", quantity: 50, PoA: 81, DoA: "2020-02-03" },
    ];
    const save = await api<{ slug: string }>(
      app.url,
      "POST",
      "/v1/save/portfolio/new",
      { portfolio: { assets, privateMode: false }, newPortfolioName: "Three Fund" },
      reg.body.idToken,
    );
    if (!save.body.slug) throw new Error(`could not create the bench portfolio: ${JSON.stringify(save.body)}`);
    const targets: Array<[label: string, url: string]> = [
      ["bare Fastify route", bare.url],
      ["GET /v1/get/SPY", `${app.url}/v1/get/SPY`],
      [`GET /cachable/get/portfolio/${save.body.slug} (visitor)`, `${app.url}/cachable/get/portfolio/${save.body.slug}`],
    ];
    for (const [, url] of targets) await measure(url, WARM_UP_SECONDS);
    const rounds: Rate[][] = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [, url]] of targets.entries()) rounds[i].push(await measure(url, ROUND_SECONDS));
    }
    const results = rounds.map((r) => median(r, (x) => x.requestsPerSecond));
    const base = results[0].requestsPerSecond;
    console.log(
      `throughput (autocannon in its own process, ${IN_FLIGHT} connections over keep-alive; per path ${WARM_UP_SECONDS} s warm-up, then the median of ${ROUNDS} × ${ROUND_SECONDS} s rounds taken in turns):`,
    );
    targets.forEach(([label], i) => {
      const r = results[i];
      const ratio = i === 0 ? "" : `, ${(r.requestsPerSecond / base).toFixed(2)} × bare`;
      console.log(
        `  ${label}: ${Math.round(r.requestsPerSecond)} req/s, median ${r.medianMs.toFixed(2)} ms, ${(r.bytes / 1024).toFixed(1)} KiB per reply on the wire${ratio}`,
      );
    });
  } finally {
    bare.child.kill("SIGTERM");
    await app.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === "--bare-server") await bareServer(Number(process.argv[3]));
  else await throughputBench();
}
