/**
 * A server process for the benches: the compiled app (or any entry) on a loopback port with the loop probe
 * (loop-probe.mjs) loaded, so the bench reads its event-loop delay, CPU and memory over IPC.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, repoRoot } from "../../../test/support/app-process.ts";

export interface ProbeReading {
  loop: { p50: number; p99: number; max: number; mean: number };
  cpuMs: number;
  wallMs: number;
  rssMiB: number;
  /** the process's highest RSS since it started */
  peakRssMiB: number;
  heapMiB: number;
  /** the main thread's heap as committed (used, garbage and room) */
  heapTotalMiB: number;
  externalMiB: number;
  arrayBuffersMiB: number;
}

export interface BenchServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** starts a new measuring window */
  reset(): Promise<void>;
  /** the window's figures */
  read(): Promise<ProbeReading>;
  /** a full GC on the main thread (the server started with --expose-gc) */
  gc(): Promise<void>;
  /** writes a heap snapshot of the main thread to `file` (loop-probe.mjs); returns where it went */
  heapSnapshot(file: string): Promise<string>;
  /** where its resident memory is, from /proc/<pid>/smaps (Linux; undefined elsewhere) */
  where(): ResidentParts | undefined;
  output(): string;
  kill(): Promise<void>;
}

/**
 * Waits until the app is quiet: a second in which the whole process (its threads included) used less than
 * `busyPercent` of one core, so what a bench measures is not the start's own work (the samples seeded, prices
 * read, portfolios valued in the background). Returns the seconds waited; gives up after `maxMs`.
 */
export async function settled(server: BenchServer, busyPercent = 10, maxMs = 120_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    await server.reset();
    await new Promise((r) => setTimeout(r, 1000));
    const r = await server.read();
    if ((100 * r.cpuMs) / r.wallMs < busyPercent || Date.now() - started > maxMs) return Math.round((Date.now() - started) / 1000);
  }
}

/**
 * The memory settings the app runs with (the image's ENV and command in Dockerfile and docker-compose.yml,
 * package.json's start; test/compose.test.ts keeps them equal): glibc's arenas and mmap threshold, V8's semi-space
 * and old generation (`nodeArgs`: NODE_OPTIONS in the image), and V8's preference for size (`v8Args`: NODE_OPTIONS
 * refuses it, so it is on every command line), measured in docs/performance.md.
 */
export const RUNTIME = {
  env: { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" },
  nodeArgs: ["--max-semi-space-size=2", "--max-old-space-size=512"],
  v8Args: [] as string[],
};

/** Resident memory by kind of mapping, MiB: what a memory bench reports to say where the RSS is. */
export interface ResidentParts {
  /** mapped from files: Node's own code, shared libraries, better-sqlite3's .node */
  files: number;
  /** glibc's main arena (`[heap]`, grown with brk: trimmed only from its top) */
  brk: number;
  /** every other anonymous mapping: V8's heaps, glibc's other arenas, blocks mapped on their own, thread stacks */
  anonymous: number;
}

/** Sums the Rss of each mapping in /proc/<pid>/smaps by kind (undefined where there is no /proc). */
export function residentParts(pid: number): ResidentParts | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return undefined;
  }
  const kib = { files: 0, brk: 0, anonymous: 0 };
  let kind: keyof typeof kib = "anonymous";
  for (const line of text.split("\n")) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const name = header[1];
      kind = name === "[heap]" ? "brk" : name.startsWith("/") ? "files" : "anonymous";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kib[kind] += Number(rss[1]);
  }
  const mib = (k: number) => Math.round(k / 1024);
  return { files: mib(kib.files), brk: mib(kib.brk), anonymous: mib(kib.anonymous) };
}

const PROBE = pathToFileURL(resolve(import.meta.dirname, "loop-probe.mjs")).href;

function ask<T>(child: ChildProcess, message: string | object, key: string): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server's probe did not answer ${JSON.stringify(message)}`)), 30_000);
    const on = (m: Record<string, unknown>) => {
      if (key in m) {
        clearTimeout(timer);
        child.off("message", on);
        done(m as T);
      }
    };
    child.on("message", on);
    child.send(message);
  });
}

export async function startServer(options: {
  entry?: string;
  env: Record<string, string>;
  nodeArgs?: string[];
  port?: number;
  /** a path answering 200 once it serves (default /healthz) */
  ready?: string;
}): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const entry = options.entry ?? "dist/server/embedded.js";
  // BENCH_PROFILE_DIR=<dir>: every server writes a CPU profile there when it stops (node --cpu-prof)
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // BENCH_NODE_ARGS="--trace-gc …": more flags for every server
  profile.push(...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []));
  // the app as it ships runs with RUNTIME's settings; BENCH_RUNTIME=node runs it with Node's and glibc's defaults
  const runtime = process.env.BENCH_RUNTIME === "node" ? { env: {}, nodeArgs: [], v8Args: [] } : RUNTIME;
  const child = spawn(
    process.execPath,
    [...profile, ...runtime.v8Args, ...runtime.nodeArgs, ...(options.nodeArgs ?? []), "--import", PROBE, entry],
    {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(port), ...runtime.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  // BENCH_SERVER_LOG=<file>: the servers' output kept there (with BENCH_NODE_ARGS=--trace-gc, their GC pauses)
  if (process.env.BENCH_SERVER_LOG) {
    const log = createWriteStream(process.env.BENCH_SERVER_LOG, { flags: "a" });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}${options.ready ?? "/healthz"}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${entry} did not answer in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    reset: async () => void (await ask(child, "reset", "reset")),
    read: () => ask<ProbeReading>(child, "read", "loop"),
    gc: async () => void (await ask(child, "gc", "gc")),
    heapSnapshot: async (file) => (await ask<{ snapshot: string }>(child, { snapshot: file }, "snapshot")).snapshot,
    where: () => (child.pid === undefined ? undefined : residentParts(child.pid)),
    output: () => out,
    kill: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}
