/**
 * Runs the embedded app as a real process on a loopback port, for system and e2e tests: the compiled app
 * (`node dist/server/embedded.js`, serving web/dist), the files `npm start` and the image run. The test setup
 * builds them first when they are missing or older than their sources (test/setup/build.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once("error", fail);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => done(port));
    });
  });
}

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** milliseconds from spawn until /healthz answered */
  startMs: number;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The compiled entry of a process (scripts/build-server.mjs): `embedded`, `gateway`, a service's name … */
export const builtEntry = (name: string): string => `dist/server/${name}.js`;
/** Node arguments that start the embedded app as `npm start` and the image do. */
export const BUILT_ENTRY = [builtEntry("embedded")];

export async function startApp(env: Record<string, string>, port?: number, entry: string[] = BUILT_ENTRY): Promise<AppProcess> {
  const p = port ?? (await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: String(p), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`app did not become healthy in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const startMs = performance.now() - started;
  return {
    url,
    port: p,
    child,
    startMs,
    output: () => out,
    kill: (signal = "SIGTERM") =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill(signal);
      }),
  };
}

export async function api<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
}
