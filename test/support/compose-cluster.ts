/**
 * docker-compose.yml run as processes on this machine, for the cluster system test: what compose would start,
 * read from the file itself, so a container added, removed or reconfigured there is what the test runs.
 *
 * - Every app container (the `folio:` image with `command: node dist/server/<entry>.js`) becomes one Node
 *   process running that compiled entry, with the image's `ENV` (Dockerfile, last stage) and the container's
 *   `environment`, its `${VAR:-default}` / `${VAR:?message}` / `${VAR:+alt}` interpolated from the given
 *   variables (what `.env` holds for `make up`). One-off containers (`restart: "no"`: kafka-init) run first, to
 *   completion, as compose's `service_completed_successfully` makes the others wait for them.
 * - Compose host names become this machine's: `kafka:9092` the test's Kafka-protocol broker, `redis:6379` its
 *   redis-server, `mongo:27017` its MongoDB when there is one (otherwise MONGO_URL is left out and each
 *   process uses the embedded SQLite store), `<service>:8080` that service's first process, and a bare
 *   service name in a list (TRUST_PROXY) 127.0.0.1, the address every process connects from. HOST is
 *   127.0.0.1 and PORT a free port of each process's own. Every process is given the `<NAME>_URL` of every
 *   service (Docker's DNS gives a container `http://<name>:8080`; outside Docker these are the settings).
 * - Secrets (`secrets:` → `/run/secrets/<name>`) are files in a private folder, written from the variables
 *   compose reads them from. Volumes: a bind mount (`path:/container/path`) maps the container path back
 *   to the host path; the named volume `app-data` (DATA_DIR, /data) is one folder per service, shared by
 *   its API and worker processes and its replicas, as each service has its own database in compose (a SQLite
 *   file there when no MongoDB is given).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { parse } from "yaml";
import { repoRoot } from "./app-process.ts";

interface ComposeService {
  image?: string;
  command?: string[];
  restart?: string;
  environment?: Record<string, string | number | boolean | null>;
  secrets?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  secrets: Record<string, { environment: string }>;
  volumes: Record<string, unknown>;
}

export const readCompose = (file = join(repoRoot, "docker-compose.yml")): ComposeFile =>
  parse(readFileSync(file, "utf8"), { merge: true }) as ComposeFile;

/** `ENV` of the Dockerfile's last stage (the runtime image every app container runs). */
export function imageEnv(file = join(repoRoot, "Dockerfile")): Record<string, string> {
  const text = readFileSync(file, "utf8").replace(/\\\n/g, " ");
  const runtime = text.slice(text.lastIndexOf("\nFROM "));
  const env: Record<string, string> = {};
  for (const line of runtime.split("\n").filter((l) => l.startsWith("ENV "))) {
    for (const m of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=("[^"]*"|\S+)/g))
      env[m[1] as string] = (m[2] as string).replace(/^"|"$/g, "");
  }
  return env;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR:+alt}, $$ for $. */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value
    .replace(/\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?+])((?:[^{}]|\{[^{}]*\})*))?\}/g, (_all, name: string, op?: string, arg?: string) => {
      const v = vars[name];
      const set = v !== undefined && (op?.startsWith(":") ? v !== "" : true);
      const inner = arg === undefined ? "" : interpolate(arg, vars);
      switch (op) {
        case ":-":
        case "-":
          return set ? (v as string) : inner;
        case ":?":
        case "?":
          if (!set) throw new Error(`docker-compose.yml needs ${name}: ${inner}`);
          return v as string;
        case ":+":
        case "+":
          return set ? inner : "";
        default:
          return v ?? "";
      }
    })
    .replace(/\$\$/g, "$");
}

export interface ProcessSpec {
  /** the compose service (container) name, e.g. `pricing-worker` */
  container: string;
  /** the service whose entry it runs, e.g. `pricing` (from dist/server/pricing.js) */
  entry: string;
  oneOff: boolean;
  env: Record<string, string>;
  /** Node's flags before the entry in the container's command (V8's that NODE_OPTIONS does not take) */
  nodeArgs: string[];
}

export interface LocalServers {
  kafkaBrokers: string;
  redisPort: number;
  /** a MongoDB replica set for the apps, or "" for the embedded SQLite store */
  mongoUrl: string;
}

/**
 * Every app container of the compose file as a process spec: entry, and environment with host names,
 * secrets and volumes mapped to this machine. `ports` gives each app service's first process its port.
 */
export function composeProcesses(
  compose: ComposeFile,
  vars: Record<string, string>,
  servers: LocalServers,
  ports: Record<string, number>,
  workDir: string,
): ProcessSpec[] {
  const image = imageEnv();
  const secretsDir = join(workDir, "secrets");
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const specs: ProcessSpec[] = [];
  const serviceUrls = Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [`${name.toUpperCase()}_URL`, `http://127.0.0.1:${port}`]),
  );
  for (const [container, s] of Object.entries(compose.services)) {
    if (!s.image?.startsWith("folio:")) continue;
    const [node, ...args] = s.command ?? [];
    const file = args.at(-1);
    const nodeArgs = args.slice(0, -1);
    const entry = /^dist\/server\/([a-z-]+)\.js$/.exec(file ?? "")?.[1];
    if (node !== "node" || !entry || nodeArgs.some((a) => !a.startsWith("--")))
      throw new Error(`${container}: command must be node [--flags] dist/server/<entry>.js`);
    const env: Record<string, string> = { ...image };
    for (const [k, v] of Object.entries(s.environment ?? {})) env[k] = interpolate(String(v ?? ""), vars);
    // secrets: /run/secrets/<name> → a file of this run
    for (const name of s.secrets ?? []) {
      const variable = compose.secrets[name]?.environment;
      if (!variable) throw new Error(`${container}: secret ${name} is not defined`);
      writeFileSync(join(secretsDir, name), vars[variable] ?? "", { mode: 0o600 });
    }
    // volumes: container paths back to host paths
    const mounts: [string, string][] = [];
    for (const volume of s.volumes ?? []) {
      const [source, target] = interpolate(volume, vars).split(":") as [string, string];
      if (compose.volumes && source in compose.volumes) {
        const dir = join(workDir, "volumes", source, entry);
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        mounts.push([target, dir]);
      } else mounts.push([target, isAbsolute(source) ? source : resolve(repoRoot, source)]);
    }
    for (const [k, v] of Object.entries(env)) {
      let value = v.replaceAll("/run/secrets/", `${secretsDir}/`);
      for (const [target, host] of mounts)
        if (value === target || value.startsWith(`${target}/`)) value = host + value.slice(target.length);
      env[k] = mapHosts(value, compose, servers, ports);
    }
    if (servers.mongoUrl === "") delete env.MONGO_URL;
    else if (env.MONGO_URL) env.MONGO_URL = servers.mongoUrl;
    const oneOff = s.restart === "no";
    specs.push({
      container,
      entry,
      oneOff,
      env: { ...(oneOff ? {} : serviceUrls), ...env, HOST: "127.0.0.1" },
      nodeArgs,
    });
  }
  return specs;
}

/** Compose host names in a setting's value → this machine's addresses. */
function mapHosts(value: string, compose: ComposeFile, servers: LocalServers, ports: Record<string, number>): string {
  const names = Object.keys(compose.services);
  const hostPort = (host: string, port: string): string | undefined => {
    if (host === "kafka") return servers.kafkaBrokers;
    if (host === "redis") return `127.0.0.1:${servers.redisPort}`;
    if (host === "mongo") return undefined; // MONGO_URL is replaced whole
    if (ports[host] !== undefined && port === "8080") return `127.0.0.1:${ports[host]}`;
    return undefined;
  };
  // URLs and host:port lists
  let out = value.replace(/(^|[/@,])([a-z][a-z0-9-]*):(\d+)/g, (all, lead: string, host: string, port: string) => {
    const mapped = names.includes(host) ? hostPort(host, port) : undefined;
    return mapped === undefined ? all : `${lead}${mapped}`;
  });
  // a bare service name in a comma list (TRUST_PROXY)
  if (/^[a-z0-9,-]+$/.test(out)) {
    out = out
      .split(",")
      .map((item) => (names.includes(item) ? "127.0.0.1" : item))
      .join(",");
  }
  return out;
}

/** A minimal environment for a process, as a container's: nothing of the test runner's own settings. */
export function baseEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k] as string]));
}

/** Every process started here, killed when the test's own process exits however it ends. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export class NodeProcess {
  child: ChildProcess | undefined;
  private out = "";
  exits: (number | string)[] = [];
  constructor(
    readonly name: string,
    readonly entry: string,
    readonly env: Record<string, string>,
    /** flags before the entry, as the container's command gives them */
    readonly nodeArgs: string[] = [],
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): this {
    // CLUSTER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…": more flags for every process (profiling a bench's cluster)
    const args = process.env.CLUSTER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...this.nodeArgs, ...args, `dist/server/${this.entry}.js`], {
      cwd: repoRoot,
      env: { ...baseEnv(), ...this.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    running.add(child);
    child.once("exit", () => running.delete(child));
    const keep = (d: Buffer) => {
      this.out += d.toString();
      if (this.out.length > 400_000) this.out = this.out.slice(-200_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    child.once("exit", (code, signal) => this.exits.push(code ?? signal ?? "?"));
    return this;
  }

  output(): string {
    return this.out;
  }

  /** Resolves when the process has exited (at once when it is not running). */
  async stop(signal: NodeJS.Signals = "SIGTERM", graceMs = 5000): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((done) => {
      child.once("exit", () => done());
      child.kill(signal);
      if (signal !== "SIGKILL") setTimeout(() => child.kill("SIGKILL"), graceMs).unref();
    });
  }

  /** Runs a one-off process to completion; resolves with its exit code. */
  async run(timeoutMs = 60_000): Promise<number> {
    this.start();
    const child = this.child as ChildProcess;
    return new Promise((done, fail) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        fail(new Error(`${this.name} did not finish in ${timeoutMs} ms:\n${this.out}`));
      }, timeoutMs);
      child.once("exit", (code) => {
        clearTimeout(timer);
        done(code ?? 1);
      });
    });
  }
}
