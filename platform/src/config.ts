/**
 * Configuration comes from the environment, with the same names in every mode. Which adapter a process
 * uses follows from it alone (ARCHITECTURE.md): KAFKA_BROKERS → Kafka bus, MONGO_URL → MongoDB,
 * REDIS_URL → Redis cache and BullMQ. Invalid values stop the process with a message naming the variable.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
    this.name = "ConfigError";
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  marketDataDir?: string;
  redisUrl?: string;
  mongoUrl?: string;
  kafkaBrokers?: string[];
  /**
   * How long a consumer may go silent before its group gives its partitions to the others
   * (KAFKA_SESSION_TIMEOUT_MS): what a crashed replica costs before another takes over, and (in a rebalance)
   * how long a group may wait for a member that is slow to rejoin.
   */
  kafkaSessionTimeoutMs: number;
  jwtSecret: string;
  authIssuer?: string;
  authJwksUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** public base URL used in e-mailed links */
  publicUrl: string;
  logLevel: string;
  /** proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty = none */
  trustProxy: string[];
  /** the edge's request ceiling per client address and minute (RATE_LIMIT_PER_MINUTE; 0 = none) */
  requestsPerMinute: number;
  /** the in-memory cache's bound without REDIS_URL (CACHE_MEMORY_MB), in bytes */
  cacheMemoryBytes: number;
  /** /metrics and /docs for anyone (METRICS_PUBLIC, DOCS_PUBLIC); otherwise private addresses only */
  publicMetrics: boolean;
  publicDocs: boolean;
  env: NodeJS.ProcessEnv;
}

type Env = NodeJS.ProcessEnv;

/** A whole-number variable between min and max; unset or empty gives the fallback. Services read theirs with it too. */
export function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got '${raw}'`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(", ")}), got '${raw}'`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(" or ")}, got '${parsed.protocol}'`);
  }
  return raw;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw new ConfigError(name, `must be true or false, got '${raw}'`);
}

/** Proxies: IPs, CIDR ranges, proxy-addr's names (loopback, linklocal, uniquelocal), or host names (compose's gateway). */
function proxies(env: Env): string[] {
  const items = list(env, "TRUST_PROXY");
  for (const p of items) {
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?|[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?)$/.test(p)) {
      throw new ConfigError("TRUST_PROXY", `must list proxy addresses, CIDR ranges or host names, got '${p}'`);
    }
  }
  return items;
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function brokers(env: Env): string[] | undefined {
  const items = list(env, "KAFKA_BROKERS");
  if (items.length === 0) return undefined;
  for (const b of items) {
    if (!/^[\w.-]+:\d{1,5}$/.test(b)) throw new ConfigError("KAFKA_BROKERS", `must be host:port[,host:port], got '${b}'`);
  }
  return items;
}

export interface LoadOptions {
  /**
   * A process of the cluster (the gateway, a service): every process verifies the tokens the accounts service
   * signs, so the secret must be given to all of them; one generated per process would refuse the others'.
   */
  cluster?: boolean;
}

/**
 * The secret that signs built-in ID tokens: JWT_SECRET, else (the embedded app) one generated once and kept
 * under DATA_DIR. The cluster's processes refuse to start without it.
 */
function jwtSecret(env: Env, dataDir: string, options: LoadOptions): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== "") {
    if (given.length < 32) throw new ConfigError("JWT_SECRET", "must be at least 32 characters long");
    return given;
  }
  if (options.cluster) {
    throw new ConfigError(
      "JWT_SECRET",
      "must be set in the cluster (or JWT_SECRET_FILE naming a file that holds it): the gateway and every service check the tokens the accounts service signs with it",
    );
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Variables that may come from a file: secrets by their names' endings, and the URLs that carry passwords. */
const SECRET_NAME = /(SECRET|KEY|KEYS|PASSWORD|TOKEN)$|^(MONGO|REDIS|SMTP)_URL$/;

/**
 * `<NAME>_FILE` (a Docker or Compose secret such as /run/secrets/jwt_secret) gives `<NAME>` the file's
 * content, its trailing newline removed: secrets stay out of the environment, `docker inspect` and logs.
 * For every secret's name (SECRET_NAME), so a service's own keys (STRIPE_SECRET_KEY_FILE,
 * OPENAI_API_KEY_FILE …) too; other `*_FILE` variables of the environment are not this app's and are left alone.
 */
export function withSecretFiles(env: Env): Env {
  const out: Env = { ...env };
  for (const [key, path] of Object.entries(env)) {
    if (!key.endsWith("_FILE") || !path) continue;
    const name = key.slice(0, -"_FILE".length);
    if (!SECRET_NAME.test(name)) continue;
    if (env[name]) throw new ConfigError(key, `and ${name} are both set: set one of them`);
    try {
      out[name] = readFileSync(path, "utf8").replace(/\r?\n$/, "");
    } catch {
      throw new ConfigError(key, `names '${path}', which cannot be read`);
    }
  }
  return out;
}

export function loadConfig(given: Env = process.env, options: LoadOptions = {}): Config {
  const env = withSecretFiles(given);
  const port = wholeNumber(env, "PORT", 8080, 0, 65535);
  const dataDir = resolve(env.DATA_DIR || "./data");
  const marketDataDir = env.MARKET_DATA_DIR ? resolve(env.MARKET_DATA_DIR) : undefined;
  if (marketDataDir && !existsSync(marketDataDir)) {
    throw new ConfigError("MARKET_DATA_DIR", `points to '${marketDataDir}', which does not exist`);
  }
  const authIssuer = url(env, "AUTH_ISSUER", ["https:", "http:"]);
  const authJwksUrl = url(env, "AUTH_JWKS_URL", ["https:", "http:"]);
  if (Boolean(authIssuer) !== Boolean(authJwksUrl)) {
    throw new ConfigError(authIssuer ? "AUTH_JWKS_URL" : "AUTH_ISSUER", "must be set together with the other");
  }
  const logLevel = env.LOG_LEVEL || "info";
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  return {
    port,
    // a fresh `npm start` listens on this machine only; containers set HOST=0.0.0.0
    host: env.HOST || "127.0.0.1",
    dataDir,
    marketDataDir,
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    mongoUrl: url(env, "MONGO_URL", ["mongodb:", "mongodb+srv:"]),
    kafkaBrokers: brokers(env),
    kafkaSessionTimeoutMs: wholeNumber(env, "KAFKA_SESSION_TIMEOUT_MS", 30_000, 6000, 300_000),
    jwtSecret: jwtSecret(env, dataDir, options),
    authIssuer,
    authJwksUrl,
    smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: env.MAIL_FROM || "Folio <no-reply@localhost>",
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ""),
    logLevel,
    trustProxy: proxies(env),
    requestsPerMinute: wholeNumber(env, "RATE_LIMIT_PER_MINUTE", 600, 0, 1_000_000),
    cacheMemoryBytes: wholeNumber(env, "CACHE_MEMORY_MB", 16, 4, 65_536) * 1024 * 1024,
    publicMetrics: flag(env, "METRICS_PUBLIC", false),
    publicDocs: flag(env, "DOCS_PUBLIC", true),
    env,
  };
}
