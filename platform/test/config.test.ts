import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

const base = () => ({ DATA_DIR: mkdtempSync(join(tmpdir(), "folio-config-")) });

describe("loadConfig", () => {
  it("uses the documented defaults: port 8080, embedded adapters", () => {
    const c = loadConfig(base());
    expect(c.port).toBe(8080);
    expect(c.redisUrl).toBeUndefined();
    expect(c.mongoUrl).toBeUndefined();
    expect(c.kafkaBrokers).toBeUndefined();
  });

  it("generates JWT_SECRET once and keeps it under DATA_DIR", () => {
    const env = base();
    const first = loadConfig(env).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(env.DATA_DIR, "jwt-secret"), "utf8")).toBe(first);
    expect(loadConfig(env).jwtSecret).toBe(first);
  });

  it.each([
    ["PORT", "eighty", /PORT must be a whole number/],
    ["PORT", "70000", /PORT must be between 0 and 65535/],
    ["REDIS_URL", "redis host", /REDIS_URL must be a URL/],
    ["REDIS_URL", "localhost:6379", /REDIS_URL must use redis: or rediss:/],
    ["REDIS_URL", "http://localhost:6379", /REDIS_URL must use redis: or rediss:/],
    ["MONGO_URL", "postgres://x", /MONGO_URL must use mongodb:/],
    ["KAFKA_BROKERS", "kafka", /KAFKA_BROKERS must be host:port/],
    ["JWT_SECRET", "short", /JWT_SECRET must be at least 32 characters/],
    ["AUTH_ISSUER", "https://issuer.example", /AUTH_JWKS_URL must be set together/],
    ["MARKET_DATA_DIR", "/definitely/not/here", /MARKET_DATA_DIR points to/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of/],
    ["TRUST_PROXY", "10.0.0.0/8, not a host!", /TRUST_PROXY must list proxy addresses, CIDR ranges or host names/],
    ["KAFKA_SESSION_TIMEOUT_MS", "1000", /KAFKA_SESSION_TIMEOUT_MS must be between 6000 and 300000/],
  ])("refuses %s=%s with a message naming the variable", (name, value, message) => {
    const attempt = () => loadConfig({ ...base(), [name]: value });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });

  it("in the cluster, refuses to start without JWT_SECRET (or JWT_SECRET_FILE), naming it, and generates none", () => {
    const env = base();
    const attempt = () => loadConfig(env, { cluster: true });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/JWT_SECRET must be set in the cluster \(or JWT_SECRET_FILE/);
    expect(() => readFileSync(join(env.DATA_DIR, "jwt-secret"))).toThrow();
    expect(loadConfig({ ...env, JWT_SECRET: "s".repeat(40) }, { cluster: true }).jwtSecret).toBe("s".repeat(40));
  });

  it("takes proxies by address, range or host name (compose's gateway)", () => {
    expect(loadConfig({ ...base(), TRUST_PROXY: "gateway, 10.0.0.0/8, loopback" }).trustProxy).toEqual([
      "gateway",
      "10.0.0.0/8",
      "loopback",
    ]);
  });

  it("reads the cluster adapters' addresses", () => {
    const c = loadConfig({
      ...base(),
      REDIS_URL: "redis://r:6379",
      MONGO_URL: "mongodb://m:27017/?replicaSet=rs0",
      KAFKA_BROKERS: "k1:9092, k2:9092",
    });
    expect(c.kafkaBrokers).toEqual(["k1:9092", "k2:9092"]);
    expect(c.redisUrl).toBe("redis://r:6379");
  });
});

describe("secrets from files (<NAME>_FILE)", () => {
  const secretFile = (content: string) => {
    const path = join(mkdtempSync(join(tmpdir(), "folio-secret-")), "secret");
    writeFileSync(path, content);
    return path;
  };

  it("reads JWT_SECRET from JWT_SECRET_FILE, without the trailing newline, and passes any other one to the services", () => {
    const jwt = "s".repeat(40);
    const c = loadConfig({ ...base(), JWT_SECRET_FILE: secretFile(`${jwt}\n`), OPENAI_API_KEY_FILE: secretFile("sk-test") });
    expect(c.jwtSecret).toBe(jwt);
    expect(c.env.OPENAI_API_KEY).toBe("sk-test");
  });

  it("leaves other *_FILE variables of the environment alone", () => {
    const c = loadConfig({ ...base(), TF_CLI_CONFIG_FILE: "/nonexistent/.terraformrc", LOG_FILE: "/nonexistent/log" });
    expect(c.env.TF_CLI_CONFIG).toBeUndefined();
    expect(c.env.LOG).toBeUndefined();
  });

  it("refuses a variable given both ways, and a file that cannot be read, naming the variable", () => {
    expect(() => loadConfig({ ...base(), JWT_SECRET: "x".repeat(40), JWT_SECRET_FILE: secretFile("y".repeat(40)) })).toThrow(
      "Invalid configuration: JWT_SECRET_FILE and JWT_SECRET are both set",
    );
    expect(() => loadConfig({ ...base(), JWT_SECRET_FILE: "/definitely/not/here" })).toThrow(
      "Invalid configuration: JWT_SECRET_FILE names '/definitely/not/here', which cannot be read",
    );
  });
});
