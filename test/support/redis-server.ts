/**
 * A redis-server of a test's own, as compose runs it: a password, append-only persistence in a folder that
 * survives a restart, so a test can stop it (an outage) and start it again on the same port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants, mkdirSync } from "node:fs";
import { createConnection } from "node:net";
import { join } from "node:path";
import { freePort } from "./app-process.ts";

export class RedisServer {
  child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly password: string,
    readonly dir: string,
  ) {}

  /** redis://:password@127.0.0.1:port */
  get url(): string {
    return `redis://:${this.password}@127.0.0.1:${this.port}`;
  }

  static async start(password: string, dir: string): Promise<RedisServer> {
    mkdirSync(dir, { recursive: true });
    const server = new RedisServer(await freePort(), password, dir);
    await server.resume();
    return server;
  }

  async resume(): Promise<void> {
    const args = ["--port", String(this.port), "--bind", "127.0.0.1", "--requirepass", this.password, "--appendonly", "yes"];
    args.push("--dir", this.dir, "--save", "", "--daemonize", "no");
    const child = spawn(redisServerPath() ?? "redis-server", args, { stdio: ["ignore", "ignore", "pipe"] });
    this.child = child;
    // gone with the test's process, however that ends
    const kill = () => child.kill("SIGKILL");
    process.once("exit", kill);
    child.once("exit", () => process.off("exit", kill));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await this.ping()) return;
      if (this.child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** AUTH then PING over RESP: true once the server answers both. */
  ping(): Promise<boolean> {
    return new Promise((done) => {
      const socket = createConnection({ host: "127.0.0.1", port: this.port });
      let reply = "";
      const finish = (ok: boolean) => {
        socket.destroy();
        done(ok);
      };
      socket.setTimeout(500, () => finish(false));
      socket.once("error", () => finish(false));
      socket.once("connect", () => socket.write(`AUTH ${this.password}\r\nPING\r\n`));
      socket.on("data", (chunk) => {
        reply += chunk.toString();
        if (reply.split("\r\n").length > 2) finish(reply.startsWith("+OK\r\n+PONG"));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once("exit", () => done());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  }
}

export function redisServerPath(): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(":"), "/usr/bin", "/usr/sbin", "/usr/local/bin"]) {
    if (!dir) continue;
    const candidate = join(dir, "redis-server");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
