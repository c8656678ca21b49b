/**
 * The hot path near the limit: requests per second of the cached reads, each against a bare Fastify route
 * sending the SAME bytes, measured side by side in the same run (goal: each read ≥ 0.7 × its bare route):
 *
 * - a quote, GET /v1/get/SPY;
 * - a public portfolio, GET /cachable/get/portfolio/{slug}, rotating over 60 portfolios of ten assets;
 * - the community list, GET /v1/get/communityportfolios.
 *
 * The compiled embedded app (as `npm start` runs it) serves them on the real CSV closes, with the edge's
 * per-client ceiling counting every request (set high, RATE_LIMIT_PER_MINUTE=1000000, so one load generator is
 * not refused). Each reply is recorded as the app sends it to a browser (gzip accepted): status, headers and
 * body bytes; the bare server (bare-server.mjs with REPLAY) answers each path with exactly those. The load comes
 * from autocannon in a process of its own (support/cannon.mjs): IN_FLIGHT connections, one request in flight
 * each, over keep-alive. The paths are measured in turns, bare then app, a few seconds at a time, and each
 * figure is the median of its rounds, so a burst of other work on the machine weighs on both alike.
 *
 * With `--cluster` (or from `npm run bench`): the same reads through the cluster's gateway (the compose
 * processes on redis-server and the Kafka mock broker, support/cluster.ts) against the embedded app, side by
 * side (goal: the gateway ≥ 0.6 × the embedded app).
 *
 *   node --import tsx scripts/bench/throughput.ts [--cluster]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { api, repoRoot } from "../../test/support/app-process.ts";
import { buildServer } from "../build-server.mjs";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";
import { type BenchServer, settled, startServer } from "./support/server.ts";
import { marketTickers } from "./support/tickers.ts";

const IN_FLIGHT = 32;
/** per path: warm-up (the servers' JIT), then ROUNDS rounds of ROUND_SECONDS taken in turns */
const WARM_UP_SECONDS = 2;
const ROUNDS = 5;
const ROUND_SECONDS = 2;
const PORTFOLIOS = 60;
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

export interface Rate {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytesPerReply: number;
}

const CANNON = resolve(import.meta.dirname, "support/cannon.mjs");

/** autocannon on `paths` of `base` (sent in turn on every connection) for `seconds`; every answer must be a 2xx. */
export async function cannon(base: string, paths: string[], seconds: number, connections = IN_FLIGHT): Promise<Rate> {
  const options = {
    url: base,
    connections,
    duration: seconds,
    headers: BROWSER,
    requests: paths.map((path) => ({ method: "GET", path })),
  };
  const child = spawn(process.execPath, [CANNON, JSON.stringify(options)], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((done) => child.once("exit", done));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  const r = JSON.parse(out) as Rate & { bad: number; errors: number; statusCodeStats: unknown };
  if (r.bad > 0 || r.errors > 0)
    throw new Error(`${base}${paths[0]}: ${r.bad} answers not 2xx (${JSON.stringify(r.statusCodeStats)}), ${r.errors} errors`);
  return r;
}

const median = (xs: Rate[]): Rate => [...xs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(xs.length / 2)] as Rate;

/** the stocks and funds of the shared market data */
const STOCKS = marketTickers({ crypto: false });

/** Ten assets bought in 2005–2014, each portfolio its own mix: a reply of some 100 KB, as the issue measured. */
export function tenAssets(i: number) {
  const tickers = STOCKS;
  return Array.from({ length: 10 }, (_, k) => ({
    ticker: tickers[(i + k * 7) % tickers.length],
    quantity: 5 + ((i * 3 + k) % 40),
    PoA: 20 + ((i * 11 + k * 13) % 200),
    DoA: `${2005 + ((i + k) % 10)}-0${1 + (k % 9)}-1${k % 9}`,
  }));
}

/** A user with PORTFOLIOS public portfolios; returns their slugs. */
export async function publicPortfolios(base: string, name: string, count = PORTFOLIOS): Promise<string[]> {
  const reg = await api<{ idToken: string }>(base, "POST", "/v1/auth/register", { email: `${name}@example.com`, password: "bench-pass-1" });
  if (!reg.body.idToken) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  const slugs: string[] = [];
  for (let i = 0; i < count; i++) {
    const save = await api<{ slug: string }>(
      base,
      "POST",
      "/v1/save/portfolio/new",
      {
        portfolio: { assets: tenAssets(i), privateMode: false, category: ["Growth", "Dividend", "Index", "Tech", "Other"][i % 5] },
        newPortfolioName: `Bench ${i}`,
      },
      reg.body.idToken,
    );
    if (!save.body.slug) throw new Error(`create: ${JSON.stringify(save.body)}`);
    slugs.push(save.body.slug);
  }
  return slugs;
}

/** headers that belong to one connection or one moment, not to the reply */
const HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** The app's replies to `paths` as a browser gets them, written for the bare server to send the same. */
async function record(base: string, paths: string[], dir: string): Promise<string> {
  const manifest = [];
  for (const [i, path] of paths.entries()) {
    const res = await fetch(`${base}${path}`, { headers: BROWSER });
    // fetch decodes gzip: the bytes on the wire come from a raw request
    const raw = await rawReply(`${base}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    const bodyFile = join(dir, `reply-${i}`);
    writeFileSync(bodyFile, raw.body);
    const headers = Object.fromEntries(Object.entries(raw.headers).filter(([k]) => !HOP.has(k)));
    manifest.push({ path, status: raw.status, headers, bodyFile });
  }
  const file = join(dir, "manifest.json");
  writeFileSync(file, JSON.stringify(manifest));
  return file;
}

async function rawReply(url: string): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((done, fail) => {
    request(url, { headers: BROWSER }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () =>
        done({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | string[]>, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", fail)
      .end();
  });
}

async function startBare(manifest: string): Promise<BenchServer> {
  return startServer({ entry: fileURLToPath(new URL("./bare-server.mjs", import.meta.url)), env: { REPLAY: manifest } });
}

export interface Comparison {
  label: string;
  /** what the read is compared with, and the goal of the ratio */
  against: string;
  goal: number;
  base: Rate;
  read: Rate;
}

/** Each target's paths on `a` (the comparison point) and `b`, in turns, medians of ROUNDS. */
async function sideBySide(
  targets: { label: string; a: [string, string[]]; b: [string, string[]] }[],
): Promise<{ label: string; a: Rate; b: Rate }[]> {
  for (const t of targets) {
    await cannon(t.a[0], t.a[1], WARM_UP_SECONDS);
    await cannon(t.b[0], t.b[1], WARM_UP_SECONDS);
  }
  const rounds = targets.map(() => ({ a: [] as Rate[], b: [] as Rate[] }));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [i, t] of targets.entries()) {
      rounds[i].a.push(await cannon(t.a[0], t.a[1], ROUND_SECONDS));
      rounds[i].b.push(await cannon(t.b[0], t.b[1], ROUND_SECONDS));
    }
  }
  return targets.map((t, i) => ({ label: t.label, a: median(rounds[i].a), b: median(rounds[i].b) }));
}

function print(title: string, rows: { label: string; a: Rate; b: Rate }[], names: [string, string], goal: number): void {
  console.log(title);
  for (const r of rows) {
    const ratio = r.b.requestsPerSecond / r.a.requestsPerSecond;
    console.log(
      `  ${r.label}: ${names[1]} ${Math.round(r.b.requestsPerSecond)} req/s (p50 ${r.b.p50} ms, p99 ${r.b.p99} ms), ` +
        `${names[0]} ${Math.round(r.a.requestsPerSecond)} req/s (p50 ${r.a.p50} ms); ${(r.b.bytesPerReply / 1024).toFixed(1)} KiB a reply on the wire; ` +
        `ratio ${ratio.toFixed(2)} × (goal ≥ ${goal} ×: ${ratio >= goal ? "met" : "MISSED"})`,
    );
  }
}

/** The reads of the comparison on one server: its paths for the quote, the portfolios and the community. */
function reads(base: string, slugs: string[]) {
  return [
    { label: "GET /v1/get/SPY (a quote)", base, paths: ["/v1/get/SPY"] },
    {
      label: `GET /cachable/get/portfolio/{slug} (a visitor, over ${slugs.length} portfolios)`,
      base,
      paths: slugs.map((s) => `/cachable/get/portfolio/${s}`),
    },
    { label: "GET /v1/get/communityportfolios (the community list)", base, paths: ["/v1/get/communityportfolios"] },
  ];
}

export async function throughputBench(options: { cluster?: boolean } = {}): Promise<void> {
  const marketData = marketDataDir();
  if (!marketDataAvailable(marketData)) {
    console.log(`throughput: skipped, no market data at ${marketData} (set MARKET_DATA_DIR)`);
    return;
  }
  await buildServer({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), "folio-bench-throughput-"));
  const env = { DATA_DIR: join(dir, "data"), MARKET_DATA_DIR: marketData, MARKET_DATA_PROVIDERS: "csv", RATE_LIMIT_PER_MINUTE: "1000000" };
  const app = await startServer({ env });
  let bare: BenchServer | undefined;
  try {
    const slugs = await publicPortfolios(app.url, "bench");
    // the app settles: its workers start, the samples are seeded, the portfolios valued, the community computed
    const quiet = await settled(app);
    const appReads = reads(app.url, slugs);
    const manifest = await record(
      app.url,
      appReads.flatMap((r) => r.paths),
      dir,
    );
    bare = await startBare(manifest);
    const bareUrl = bare.url;
    const load = loadavg()[0];
    const rows = await sideBySide(appReads.map((r) => ({ label: r.label, a: [bareUrl, r.paths], b: [app.url, r.paths] })));
    print(
      `throughput (the compiled app, measured once quiet (${quiet} s after setup), against a bare Fastify route sending the same bytes; autocannon in its own process, ${IN_FLIGHT} connections, ` +
        `gzip accepted; ${WARM_UP_SECONDS} s warm-up, median of ${ROUNDS} × ${ROUND_SECONDS} s rounds in turns; ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ` +
        `load average ${load.toFixed(1)} → ${loadavg()[0].toFixed(1)}):`,
      rows,
      ["bare", "app"],
      0.7,
    );
    if (options.cluster) {
      const { startCluster } = await import("./support/cluster.ts");
      // the edge's ceiling set high there too: one load generator is one client
      const cluster = await startCluster(join(dir, "cluster"), { RATE_LIMIT_PER_MINUTE: "1000000" });
      if (!cluster) return;
      try {
        const clusterSlugs = await publicPortfolios(cluster.gateway, "bench");
        // the cluster's processes have no probe: a fixed pause for their background work
        await new Promise((r) => setTimeout(r, 15_000));
        const viaGateway = reads(cluster.gateway, clusterSlugs);
        const clusterLoad = loadavg()[0];
        const compared = await sideBySide(
          viaGateway.map((r, i) => ({ label: r.label, a: [app.url, appReads[i].paths], b: [cluster.gateway, r.paths] })),
        );
        print(
          `throughput through the cluster's gateway (${cluster.processes} processes as compose declares them, redis-server, the Kafka mock broker) ` +
            `against the embedded app on the same reads (load average ${clusterLoad.toFixed(1)} → ${loadavg()[0].toFixed(1)}):`,
          compared,
          ["embedded", "gateway"],
          0.6,
        );
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await bare?.kill();
    await app.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await throughputBench({ cluster: process.argv.includes("--cluster") });
