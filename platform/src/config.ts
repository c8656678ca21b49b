/**
 * Configuration comes from the environment, with the same names in every mode. Which adapter a process
 * uses follows from it alone (ARCHITECTURE.md): KAFKA_BROKERS → Kafka bus, MONGO_URL → MongoDB,
 * REDIS_URL → Redis cache and BullMQ. Invalid values stop the process with a message naming the variable.
 * The variables are declared once, below (PlatformEnvironment, ClusterEnvironment), and read by env.ts's
 * readEnv, as every service reads its own (services/<name>/src/config.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Routes } from "@folio/proto/routes";
import { ConfigError, Env, environment, readEnv } from "./env.ts";

export { ConfigError } from "./env.ts";

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

type ProcessEnv = NodeJS.ProcessEnv;

const SERVICE_URL_NOTE = "(its container, by Docker's DNS in compose)";

/** The variables every process reads (the embedded app's and the cluster's alike). */
export const PlatformEnvironment = environment(
  "Every process",
  "Read by the embedded app and by every process of the cluster (gateway and services): where it listens, which adapters it uses, identity, e-mail and the edge.",
  {
    PORT: Env.integer({
      default: 8080,
      minimum: 0,
      maximum: 65535,
      description: "The port the server listens on (the gateway's port on the host in compose).",
    }),
    HOST: Env.textOr({
      default: "127.0.0.1",
      description: "The address the server listens on: this machine only by default; the image sets 0.0.0.0 in containers.",
    }),
    DATA_DIR: Env.textOr({
      default: "./data",
      description:
        "Where the embedded app keeps its store (`folio.db`), its generated JWT secret, the mail outbox and `import-uploads/` (without `MONGO_URL`; with it, uploads are in GridFS).",
    }),
    MARKET_DATA_DIR: Env.text({
      description:
        'A folder of price files the pricing service reads (`<TICKER>.csv`, `split-adjusted/`, `dividends/`, `splits/`, `currencies.csv`: see [product-decisions.md](product-decisions.md) "Market data and valuation"), e.g. `../shared/market-data`; it must exist. Mounted read-only into the pricing service in compose.',
    }),
    REDIS_URL: Env.url({
      protocols: ["redis:", "rediss:"],
      secret: true,
      description: "Redis for the cache and BullMQ queues; unset = in-process cache and queue. Set by compose.",
    }),
    MONGO_URL: Env.url({
      protocols: ["mongodb:", "mongodb+srv:"],
      secret: true,
      description: "MongoDB (a replica set: the outbox commits in transactions); unset = SQLite under DATA_DIR. Set by compose.",
    }),
    KAFKA_BROKERS: Env.list({
      pattern: "^[\\w.-]+:\\d{1,5}$",
      refusal: "must be host:port[,host:port]",
      description:
        "Kafka brokers (host:port, comma list); unset = the in-process bus (only when all services share the process). Set by compose.",
    }),
    KAFKA_SESSION_TIMEOUT_MS: Env.integer({
      default: 30_000,
      minimum: 6000,
      maximum: 300_000,
      description:
        "How long a Kafka consumer may go silent before its group hands its partitions to the other replicas (what a crashed replica costs before another takes over).",
    }),
    JWT_SECRET: Env.text({
      minLength: 32,
      secret: true,
      requiredInCluster: "the gateway and every service check the tokens the accounts service signs with it",
      description: "Shared secret that signs built-in ID tokens. In the embedded app it is generated once under DATA_DIR when unset.",
    }),
    AUTH_ISSUER: Env.url({
      protocols: ["https:", "http:"],
      description: "An external OIDC provider's issuer instead of built-in identity (set together with AUTH_JWKS_URL).",
    }),
    AUTH_JWKS_URL: Env.url({
      protocols: ["https:", "http:"],
      description: "The external OIDC provider's JWKS URL (set together with AUTH_ISSUER).",
    }),
    SMTP_URL: Env.url({
      protocols: ["smtp:", "smtps:"],
      secret: true,
      description: "SMTP server for e-mail (smtp://user:pass@host:587); unset = messages are written to DATA_DIR/mail-outbox.",
    }),
    MAIL_FROM: Env.textOr({ default: "Folio <no-reply@localhost>", description: "The sender of the app's e-mail." }),
    PUBLIC_URL: Env.text({ description: "Public base URL used in e-mailed links (password reset); unset = http://localhost:<PORT>." }),
    LOG_LEVEL: Env.oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      default: "info",
      description: "How much the processes log (pino's levels).",
    }),
    TRUST_PROXY: Env.list({
      pattern: "^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\\/\\d{1,3})?|[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?)$",
      refusal: "must list proxy addresses, CIDR ranges or host names",
      description:
        "Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, loopback/linklocal/uniquelocal, or host names, looked up in DNS again while the process runs); unset, the client address is the socket's, so rotating the header escapes no limit. Compose sets `gateway` for the services; in `.env` it names the proxies in front of the gateway.",
    }),
    RATE_LIMIT_PER_MINUTE: Env.integer({
      default: 600,
      minimum: 0,
      maximum: 1_000_000,
      description: "Requests per client address and minute at the edge (0 = no ceiling).",
    }),
    CACHE_MEMORY_MB: Env.integer({
      default: 16,
      minimum: 4,
      maximum: 65_536,
      description:
        "The in-memory cache's bound without `REDIS_URL`, in MiB: the least recently read entries are dropped past it (the reply copies of the portfolio and pricing services have bounds of their own).",
    }),
    METRICS_PUBLIC: Env.flag({
      default: false,
      description: "/metrics for anyone (true) or only from loopback and private networks (false).",
    }),
    DOCS_PUBLIC: Env.flag({ default: true, description: "/docs for anyone (true) or only from loopback and private networks (false)." }),
  },
);

/** The cluster's own variables: what a process does and where it finds the others. */
export const ClusterEnvironment = environment(
  "The cluster's processes",
  "Read by the processes of the cluster (`node dist/server/<service>.js` and the gateway); the embedded app hosts everything in one process and reads none of them.",
  {
    ROLE: Env.oneOf(["all", "api", "worker"], {
      default: "all",
      description:
        "What a service process does: its routes and events (`api`), its queue jobs (`worker`) or both (`all`); which service it is follows from the entry (`node dist/server/<service>.js`).",
    }),
    ...Object.fromEntries(
      Object.keys(Routes).map((name) => [
        `${name.toUpperCase()}_URL`,
        Env.text({
          description: `Where the ${name} service's API answers, for the gateway and the other services' queries; unset = http://${name}:8080 ${SERVICE_URL_NOTE}: set it when running the processes yourself.`,
        }),
      ]),
    ),
  },
);

export interface LoadOptions {
  /**
   * A process of the cluster (the gateway, a service): every process verifies the tokens the accounts service
   * signs, so the secret must be given to all of them; one generated per process would refuse the others'.
   */
  cluster?: boolean;
}

/**
 * The secret that signs built-in ID tokens: JWT_SECRET, else (the embedded app) one generated once and kept
 * under DATA_DIR. The cluster's processes refuse to start without it (readEnv, `requiredInCluster`).
 */
function jwtSecret(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Variables that may come from a file: secrets by their names' endings, and the URLs that carry passwords.
 * test/configuration.test.ts checks it names exactly the variables the schemas declare `secret`.
 */
const SECRET_NAME = /(SECRET|KEY|KEYS|KEYS_OLD|PASSWORD|TOKEN)$|^(MONGO|REDIS|SMTP)_URL$/;

/**
 * `<NAME>_FILE` (a Docker or Compose secret such as /run/secrets/jwt_secret) gives `<NAME>` the file's
 * content, its trailing newline removed: secrets stay out of the environment, `docker inspect` and logs.
 * For every secret's name (SECRET_NAME), so a service's own keys (STRIPE_SECRET_KEY_FILE,
 * OPENAI_API_KEY_FILE …) too; other `*_FILE` variables of the environment are not this app's and are left alone.
 */
export function withSecretFiles(env: ProcessEnv): ProcessEnv {
  const out: ProcessEnv = { ...env };
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

export function loadConfig(given: ProcessEnv = process.env, options: LoadOptions = {}): Config {
  const env = withSecretFiles(given);
  const e = readEnv(PlatformEnvironment, env, options);
  const dataDir = resolve(e.DATA_DIR);
  const marketDataDir = e.MARKET_DATA_DIR ? resolve(e.MARKET_DATA_DIR) : undefined;
  if (marketDataDir && !existsSync(marketDataDir)) {
    throw new ConfigError("MARKET_DATA_DIR", `points to '${marketDataDir}', which does not exist`);
  }
  if (Boolean(e.AUTH_ISSUER) !== Boolean(e.AUTH_JWKS_URL)) {
    throw new ConfigError(e.AUTH_ISSUER ? "AUTH_JWKS_URL" : "AUTH_ISSUER", "must be set together with the other");
  }
  return {
    port: e.PORT,
    // a fresh `npm start` listens on this machine only; containers set HOST=0.0.0.0
    host: e.HOST,
    dataDir,
    marketDataDir,
    redisUrl: e.REDIS_URL,
    mongoUrl: e.MONGO_URL,
    kafkaBrokers: e.KAFKA_BROKERS.length > 0 ? e.KAFKA_BROKERS : undefined,
    kafkaSessionTimeoutMs: e.KAFKA_SESSION_TIMEOUT_MS,
    jwtSecret: jwtSecret(e.JWT_SECRET, dataDir),
    authIssuer: e.AUTH_ISSUER,
    authJwksUrl: e.AUTH_JWKS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    requestsPerMinute: e.RATE_LIMIT_PER_MINUTE,
    cacheMemoryBytes: e.CACHE_MEMORY_MB * 1024 * 1024,
    publicMetrics: e.METRICS_PUBLIC,
    publicDocs: e.DOCS_PUBLIC,
    env,
  };
}
