/**
 * vitest globalSetup: a throwaway redis-server on a free loopback port (no persistence) for the Redis cache
 * and BullMQ contract suites; provides `redisUrl` ("" when unavailable, so those suites skip with a reason).
 * REDIS_URL, when set, is used as is. With CI=true a missing or broken redis-server fails the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { accessSync, constants } from "node:fs";
import { createConnection, createServer } from "node:net";
import { delimiter, join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** redis://host:port of a Redis for tests, or "" when none is available */
    redisUrl: string;
  }
}

const INSTALL_HINT = "apt-get install redis-server";
const START_TIMEOUT_MS = 10_000;

function findRedisServer(): string | null {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/bin", "/usr/sbin", "/usr/local/bin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, "redis-server");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** true once the server answers PING with PONG */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"));
    });
  });
}

/** A few tries: another process can take the free port between the probe and redis-server's bind. */
async function startRedis(bin: string): Promise<{ child: ChildProcess; url: string }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startRedisOnce(bin);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

async function startRedisOnce(bin: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(bin, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk.toString();
  });
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`redis-server exited before answering PING on port ${port}: ${stderr.trim() || "no output"}`);
    if (await ping(port)) return { child, url: `redis://127.0.0.1:${port}` };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not answer PING on port ${port} within ${START_TIMEOUT_MS} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.REDIS_URL) {
    project.provide("redisUrl", process.env.REDIS_URL);
    return undefined;
  }
  const ci = process.env.CI === "true";
  const bin = findRedisServer();
  if (!bin) {
    if (ci) throw new Error(`redis-server not found: ${INSTALL_HINT}`);
    console.warn(`redis-server unavailable: Redis cache and BullMQ contract suites skipped (${INSTALL_HINT}, or set REDIS_URL)`);
    project.provide("redisUrl", "");
    return undefined;
  }
  let started: { child: ChildProcess; url: string };
  try {
    started = await startRedis(bin);
  } catch (err) {
    if (ci) throw err;
    console.warn(`redis-server unavailable: Redis cache and BullMQ contract suites skipped (${(err as Error).message})`);
    project.provide("redisUrl", "");
    return undefined;
  }
  project.provide("redisUrl", started.url);
  return () => stop(started.child);
}
