/**
 * Cold start of the embedded app as `npm start` runs it (`node dist/server/embedded.js`, built first by
 * scripts/build-server.mjs), beside a bare Fastify server with one route started the same way (`node
 * scripts/bench/bare-server.mjs`), and the embedded app run from its TypeScript sources through tsx (how it
 * started before the build). For each: wall time from spawn until /healthz answers 200 (polled every 5 ms),
 * the CPU time the process used until then (user + system: what the start costs, whatever else the machine
 * runs), and its resident memory at that moment. The three are started in turns, so a burst of other work
 * weighs on each alike; each figure is the median over the runs. Fresh DATA_DIR every run; prices from the
 * CSV folder when it is there (so no run waits on the network), else the default providers.
 *
 *   node --import tsx scripts/bench/cold-start.ts [runs]       (or through `npm run bench`)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { api, freePort, repoRoot } from "../../test/support/app-process.ts";
import { buildServer } from "../build-server.mjs";
import { marketDataAvailable, marketDataDir } from "../market-data/location.ts";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface Sample {
  ms: number;
  cpuMs: number;
  rssMb: number;
}

/** Resident memory and CPU time so far of a process, from /proc. */
function processStats(pid: number): { rssMb: number; cpuMs: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  // fields after the command's closing parenthesis: state is field 3, utime 14, stime 15
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb, cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Spawns `node ...args` and waits for /healthz; the process is left running for the caller. */
async function spawnUntilHealthy(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; sample: Sample }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d) => (err += d));
  const deadline = Date.now() + 60_000;
  while (!(await healthy(`${url}/healthz`))) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}:\n${err}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${args.join(" ")} did not answer /healthz in 60 s:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  return { child, url, sample: { ms, ...processStats(child.pid as number) } };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function summary(label: string, samples: Sample[]): string {
  const ms = samples.map((s) => s.ms);
  return (
    `${label}: spawn → /healthz median ${Math.round(median(ms))} ms (min ${Math.round(Math.min(...ms))}, max ${Math.round(Math.max(...ms))}), ` +
    `CPU ${Math.round(median(samples.map((s) => s.cpuMs)))} ms, RSS ${Math.round(median(samples.map((s) => s.rssMb)))} MiB`
  );
}

export async function coldStart(runs = 7) {
  await buildServer({ quiet: true });
  const prices: Record<string, string> = marketDataAvailable() ? { MARKET_DATA_DIR: marketDataDir(), MARKET_DATA_PROVIDERS: "csv" } : {};
  const bare: Sample[] = [];
  const built: Sample[] = [];
  const source: Sample[] = [];
  const busy: number[] = [];
  for (let i = 0; i < runs; i++) {
    const b = await spawnUntilHealthy(["scripts/bench/bare-server.mjs"], {});
    bare.push(b.sample);
    await stop(b.child);

    const dir = mkdtempSync(join(tmpdir(), "folio-bench-"));
    const app = await spawnUntilHealthy(["dist/server/embedded.js"], { DATA_DIR: dir, ...prices });
    built.push(app.sample);
    // memory after use: register, save a portfolio, read it 200 times
    const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
      email: `b${i}@example.com`,
      password: "bench-pass",
    });
    const save = await api<{ slug: string }>(
      app.url,
      "POST",
      "/v1/save/portfolio/new",
      { portfolio: { assets: [] }, newPortfolioName: "Bench" },
      reg.body.idToken,
    );
    for (let j = 0; j < 200; j++) await api(app.url, "POST", `/v1/get/portfolio/${save.body.slug}`, undefined, reg.body.idToken);
    busy.push(processStats(app.child.pid as number).rssMb);
    await stop(app.child);
    rmSync(dir, { recursive: true, force: true });

    // the TypeScript sources through tsx, as every start compiled them before the build (fewer runs: slow)
    if (i < 3) {
      const srcDir = mkdtempSync(join(tmpdir(), "folio-bench-"));
      const src = await spawnUntilHealthy(["--import", "tsx", "gateway/src/embedded.ts"], { DATA_DIR: srcDir, ...prices });
      source.push(src.sample);
      await stop(src.child);
      rmSync(srcDir, { recursive: true, force: true });
    }
  }
  console.log(summary(`bare Fastify, node bare-server.mjs (${runs} runs)`, bare));
  console.log(summary(`embedded, node dist/server/embedded.js (${runs} runs)`, built));
  console.log(summary(`embedded from sources, node --import tsx (${source.length} runs)`, source));
  console.log(
    `embedded: ${(median(built.map((s) => s.ms)) / median(bare.map((s) => s.ms))).toFixed(1)} × the bare server's start; ` +
      `RSS after register + 200 portfolio reads ${Math.round(median(busy))} MiB`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await coldStart(Number(process.argv[2] ?? 7));
