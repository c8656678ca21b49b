/**
 * Memory that stays put: the compiled embedded app under a million mixed requests, in RUNS runs of a quarter of
 * a million, its resident memory read after each (and once quiet again); goals: RSS ≤ 200 MiB after the
 * million, and flat from run to run (what grows with the number of requests is a leak; what the caches hold
 * is bounded in bytes: CACHE_MEMORY_MB and the in-process reply layers).
 *
 * The mix, from autocannon in its own process (32 connections): visitors' cachable reads over 60 public
 * portfolios, quotes of 20 tickers, as-traded closes, the community list, the owner's loads and list, and another
 * user's writes (a private portfolio per connection created, saved three times and deleted; each creation and save
 * valued on the valuation thread), with the edge's ceiling set high
 * (RATE_LIMIT_PER_MINUTE=1000000). The app runs with the settings it ships with (support/server.ts RUNTIME;
 * BENCH_RUNTIME=node for Node's and glibc's defaults). After each run: RSS at once and its peak so far, RSS
 * 20 s later once quiet (idle threads ended), and the main thread's live heap after a full GC (the bench starts
 * the app with --expose-gc for that reading alone).
 *
 *   node --import tsx scripts/bench/memory.ts [requests per run, default 250000] [runs, default 4]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { api, repoRoot } from "../../test/support/app-process.ts";
import { buildServer } from "../build-server.mjs";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";
import { TICKERS } from "./attacks.ts";
import { settled, startServer } from "./support/server.ts";
import { publicPortfolios, tenAssets } from "./throughput.ts";

const CANNON = resolve(import.meta.dirname, "support/cannon.mjs");
/** the pause after each run before the quiet reading: longer than the pools' IDLE_MS (worker-pool.ts) */
const QUIET_MS = 20_000;

interface MixedRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** support/cannon.mjs: the connection keeps the slug this request's answer names */
  keep?: true;
  /** support/cannon.mjs: `{kept}` in the path is the kept slug ("forget": no longer kept after this one) */
  kept?: "use" | "forget";
  /** sent instead when nothing is kept */
  fallback?: Omit<MixedRequest, "keep" | "kept" | "fallback">;
}

/**
 * One pass of the mix: 100 requests, in the proportions a visited instance sees. One request in 20 is a write by
 * a user of their own, each connection on a portfolio of its own: it creates one, saves it three times (each
 * creation and save valued on the valuation thread) and deletes it, so that user keeps at most one portfolio per
 * connection (a user keeps 100 at most: product-decisions.md "Portfolios per user"; the bench's saving user once
 * reached 37,500).
 */
export function mix(slugs: string[], owned: string[], token: string, creator: string): MixedRequest[] {
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  // a user of their own: saves to one portfolio from 32 connections at once would mostly be 409s
  // (identity: support/cannon.mjs reads the slug from the creation's answer)
  const writes = { authorization: `Bearer ${creator}`, "content-type": "application/json", "accept-encoding": "identity" };
  const out: MixedRequest[] = [];
  for (let i = 0; i < 100; i++) {
    const k = i % 20;
    if (k < 8) out.push({ method: "GET", path: `/cachable/get/portfolio/${slugs[(i * 7) % slugs.length]}` });
    else if (k < 12) out.push({ method: "GET", path: `/v1/get/${TICKERS[(i * 3) % TICKERS.length]}` });
    else if (k < 14) out.push({ method: "GET", path: "/v1/get/communityportfolios" });
    else if (k < 16) out.push({ method: "POST", path: `/v1/get/portfolio/${owned[i % owned.length]}`, headers: auth });
    else if (k < 18) out.push({ method: "POST", path: "/v1/get/portfolios-and-assets", headers: auth });
    else if (k < 19) out.push({ method: "GET", path: `/v1/get/${TICKERS[i % TICKERS.length]}/close?date=2020-0${1 + (i % 9)}-15` });
    else {
      // private: a public one would change the community list at every save
      const portfolio = { assets: tenAssets(i), privateMode: true };
      const instead = { method: "GET", path: "/v1/get/communityportfolios" };
      const write = Math.floor(i / 20);
      if (write === 0)
        out.push({
          method: "POST",
          path: "/v1/save/portfolio/new",
          headers: writes,
          body: JSON.stringify({ portfolio, newPortfolioName: `Made ${i}` }),
          keep: true,
        });
      else if (write < 4)
        out.push({
          method: "POST",
          path: "/v1/save/portfolio/{kept}",
          headers: writes,
          body: JSON.stringify({ portfolio }),
          kept: "use",
          fallback: instead,
        });
      else out.push({ method: "POST", path: "/v1/delete/portfolio/{kept}", headers: writes, kept: "forget", fallback: instead });
    }
  }
  return out;
}

export async function run(
  base: string,
  requests: MixedRequest[],
  amount: number,
): Promise<{ perSecond: number; bad: number; total: number }> {
  const options = { url: base, connections: 32, amount, headers: { "accept-encoding": "gzip, deflate, br" }, requests, timeout: 30 };
  const child = spawn(process.execPath, [CANNON, JSON.stringify(options)], { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  await new Promise((done) => child.once("exit", done));
  const r = JSON.parse(out) as {
    requestsPerSecond: number;
    total: number;
    bad: number;
    errors: number;
    statusCodeStats: Record<string, { count: number }>;
  };
  if (process.env.BENCH_VERBOSE) console.log(JSON.stringify(r.statusCodeStats), r.errors);
  return { perSecond: Math.round(r.requestsPerSecond), bad: r.bad + r.errors, total: r.total };
}

export async function memoryBench(perRun = 250_000, runs = 4): Promise<void> {
  const marketData = marketDataDir();
  if (!marketDataAvailable(marketData)) {
    console.log(`memory: skipped, no market data at ${marketData} (set MARKET_DATA_DIR)`);
    return;
  }
  // BENCH_ENTRY=<copy of dist/server>/embedded.js: a build kept apart, so the hour-long run is not disturbed by
  // another build (its valuation thread is started again from the files after each quiet spell)
  const entry = process.env.BENCH_ENTRY;
  if (!entry) await buildServer({ quiet: true });
  const dir = mkdtempSync(join(tmpdir(), "folio-bench-memory-"));
  const app = await startServer({
    entry,
    env: { DATA_DIR: dir, MARKET_DATA_DIR: marketData, MARKET_DATA_PROVIDERS: "csv", RATE_LIMIT_PER_MINUTE: "1000000" },
    nodeArgs: ["--expose-gc"],
  });
  try {
    const slugs = await publicPortfolios(app.url, "visitors-see");
    const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
      email: "owner@example.com",
      password: "bench-pass-1",
    });
    const owned: string[] = [];
    for (let i = 0; i < 5; i++) {
      const save = await api<{ slug: string }>(
        app.url,
        "POST",
        "/v1/save/portfolio/new",
        { portfolio: { assets: tenAssets(i) }, newPortfolioName: `Mine ${i}` },
        reg.body.idToken,
      );
      owned.push(save.body.slug);
    }
    await settled(app);
    const started = await app.read();
    const startParts = app.where();
    console.log(
      `memory (the compiled app, ${runs} runs of ${perRun.toLocaleString("en-US")} mixed requests from autocannon, 32 connections; ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadavg()[0].toFixed(1)}): ` +
        `after start and setup RSS ${started.rssMiB} MiB (heap ${started.heapMiB} of ${started.heapTotalMiB} MiB, peak so far ${started.peakRssMiB} MiB${startParts ? `; files ${startParts.files}, [heap] ${startParts.brk}, other anonymous ${startParts.anonymous} MiB` : ""})`,
    );
    const maker = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
      email: "maker@example.com",
      password: "bench-pass-1",
    });
    const requests = mix(slugs, owned, reg.body.idToken, maker.body.idToken);
    for (let r = 1; r <= runs; r++) {
      const result = await run(app.url, requests, perRun);
      const after = await app.read();
      const atOnce = app.where();
      // quiet: the idle valuation thread is ended (worker-pool.ts IDLE_MS) and V8 shrinks its heap on its own
      await new Promise((done) => setTimeout(done, QUIET_MS));
      const quiet = await app.read();
      const parts = app.where();
      await app.gc();
      const live = await app.read();
      // BENCH_HEAP_SNAPSHOT_DIR=<dir>: the main thread's heap after each run, to see what the live heap holds
      if (process.env.BENCH_HEAP_SNAPSHOT_DIR)
        await app.heapSnapshot(join(process.env.BENCH_HEAP_SNAPSHOT_DIR, `memory-after-${r}.heapsnapshot`));
      // what the writing user keeps: one portfolio per connection at most, whatever the number of requests; those
      // a connection had not deleted yet when the run stopped are deleted now (the next run's connections start anew)
      const kept = await api<{ portfolios: Record<string, unknown> }>(
        app.url,
        "POST",
        "/v1/get/portfolios-and-assets",
        undefined,
        maker.body.idToken,
      );
      for (const slug of Object.keys(kept.body.portfolios))
        await api(app.url, "POST", `/v1/delete/portfolio/${slug}`, undefined, maker.body.idToken);
      console.log(
        `  after ${(r * perRun).toLocaleString("en-US")} requests (${result.perSecond} req/s, ${result.bad} not 2xx, the writing user keeps ${Object.keys(kept.body.portfolios).length} portfolios): RSS ${after.rssMiB} MiB (heap ${after.heapMiB} of ${after.heapTotalMiB} MiB, ` +
          `buffers ${after.arrayBuffersMiB} MiB), peak so far ${after.peakRssMiB} MiB${atOnce ? ` (files ${atOnce.files}, [heap] ${atOnce.brk}, other anonymous ${atOnce.anonymous} MiB)` : ""}; ${QUIET_MS / 1000} s later, quiet: RSS ${quiet.rssMiB} MiB (heap ${quiet.heapMiB} of ${quiet.heapTotalMiB} MiB${parts ? `; files ${parts.files}, [heap] ${parts.brk}, other anonymous ${parts.anonymous} MiB` : ""}); ` +
          `after a full GC: live heap ${live.heapMiB} MiB; load average ${loadavg()[0].toFixed(1)}`,
      );
    }
  } finally {
    await app.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const perRun = Number(process.argv[2]);
  const runs = Number(process.argv[3]);
  await memoryBench(Number.isFinite(perRun) && perRun > 0 ? perRun : 250_000, Number.isFinite(runs) && runs > 0 ? runs : 4);
}
