/**
 * Load from a process of its own (load-client.mjs), each client from its own loopback address (127.0.0.x), so
 * the server's per-client limits count each as the server sees it; and the bench's own probe of /healthz.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** a file whose bytes are the body (large uploads) */
  bodyFile?: string;
}

export interface LoadGroup {
  name?: string;
  /** the client's loopback address, e.g. 127.0.0.2 */
  address: string;
  connections: number;
  /** sent in turn, round and round */
  requests: LoadRequest[];
  /** at most this many requests a second over all the group's connections (none: as fast as answered) */
  perSecond?: number;
}

export interface GroupStats {
  name: string;
  requests: number;
  perSecond: number;
  byStatus: Record<string, number>;
  errors: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  bytes: number;
}

export async function runLoad(base: string, durationMs: number, clients: LoadGroup[], timeoutMs = 30_000): Promise<GroupStats[]> {
  const dir = mkdtempSync(join(tmpdir(), "folio-load-"));
  const specFile = join(dir, "spec.json");
  writeFileSync(specFile, JSON.stringify({ base, durationMs, clients, timeoutMs }));
  try {
    const child = spawn(process.execPath, [resolve(import.meta.dirname, "load-client.mjs"), specFile], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (d) => (out += d));
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    if (code !== 0) throw new Error(`the load generator exited with ${code}`);
    return (JSON.parse(out) as { groups: GroupStats[] }).groups;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

export interface HealthStats {
  probes: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

/** GET /healthz every `everyMs` from its own address until stopped; a probe that fails or times out counts its wait. */
export function probeHealth(base: string, everyMs = 100, timeoutMs = 5000): { stop(): Promise<HealthStats> } {
  const agent = new Agent({ keepAlive: true, maxSockets: 4, localAddress: "127.0.0.250" });
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const pending = new Set<Promise<void>>();
  const one = () =>
    new Promise<void>((done) => {
      const started = performance.now();
      const finish = (ok: boolean) => {
        times.push(performance.now() - started);
        if (!ok) failed++;
        done();
      };
      const req = request(`${base}/healthz`, { agent, timeout: timeoutMs }, (res) => {
        res.resume();
        res.on("end", () => finish(res.statusCode === 200));
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => finish(false));
      req.end();
    });
  const timer = setInterval(() => {
    if (!running) return;
    const p = one();
    pending.add(p);
    p.finally(() => pending.delete(p));
  }, everyMs);
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
      const sorted = [...times].sort((a, b) => a - b);
      const r = (n: number) => Math.round(n * 10) / 10;
      return {
        probes: times.length,
        failed,
        p50: r(percentile(sorted, 0.5)),
        p99: r(percentile(sorted, 0.99)),
        max: r(sorted.at(-1) ?? 0),
      };
    },
  };
}

/** 127.0.0.<first + i> */
export const clientAddress = (i: number, first = 2) => `127.0.0.${first + i}`;
