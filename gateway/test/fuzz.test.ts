/**
 * Every public route of the embedded app answers every input without a 5xx: bodies built from the route's
 * own OpenAPI schema and then broken one field at a time (wrong types, extremes, impossible dates, huge and
 * hostile strings, prototype keys), hostile path parameters and query strings, broken JSON and other content
 * types; as a visitor and as a signed-in user. A user's mistake is a 4xx, never a 500. Billing, brokerage and the
 * assistant are configured against the local fakes of Stripe, Plaid and an OpenAI-compatible model, so their
 * routes are fuzzed as they run (unconfigured they answer 503 by design). The figure (inputs per route, 5xx
 * seen) is printed and recorded in docs/performance.md.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../scripts/fakes/openai.ts";
import { type FakePlaid, startFakePlaid } from "../../scripts/fakes/plaid.ts";
import { type FakeStripe, startFakeStripe } from "../../scripts/fakes/stripe.ts";
import { marketDataDir } from "../../scripts/market-data/location.ts";
import { startEmbedded } from "../src/embedded.ts";

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  parameters?: { in: string; name: string }[];
}

const dataDir = mkdtempSync(join(tmpdir(), "folio-fuzz-"));
const marketData = marketDataDir();
let app: FastifyInstance;
let stop: () => Promise<void>;
let token = "";
let stripe: FakeStripe;
let plaid: FakePlaid;
let model: FakeOpenAI;

/** A small deterministic generator, so a failure names an input that can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deep = (n: number): unknown => (n === 0 ? "x" : { a: deep(n - 1) });
const HOSTILE: unknown[] = [
  null,
  true,
  0,
  -1,
  -0.000001,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 1,
  "",
  " ",
  "NaN",
  "Infinity",
  "1e309",
  "0001-01-01",
  "9999-12-31",
  "2021-02-30",
  "2021-13-01",
  "<img src=x onerror=alert(1)>",
  "../../../../etc/passwd",
  "\u0000\u0001\u202e",
  "😀".repeat(300),
  "a".repeat(20_000),
  "__proto__",
  "constructor",
  "$where",
  { $gt: "" },
  { __proto__: { polluted: 1 } },
  JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'),
  [],
  [[[[]]]],
  {},
  deep(60),
  Array.from({ length: 2_000 }, (_, i) => i),
];
const PATH_VALUES = [
  "x",
  "-1",
  "0",
  "__proto__",
  "constructor",
  "%00",
  "..%2F..%2Fetc",
  "%3Cscript%3E",
  "a".repeat(400),
  "%F0%9F%98%80",
  "%ZZ",
];

/** A plausible value for a schema: the starting point that mutations then break. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return "x";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sample(schema.anyOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    case "array":
      return [sample(schema.items, depth + 1)];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return schema.format === "email" ? "fuzz@example.com" : schema.format === "date" ? "2021-01-04" : "VTI";
  }
}

/** Every path to a value inside a sample, so each can be replaced by a hostile value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => leaves(v, [...path, i]))];
  if (value && typeof value === "object") return [path, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))];
  return [path];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

interface Input {
  url: string;
  payload?: string;
  contentType?: string;
}

/** The inputs for one route: schema-broken bodies, hostile path and query values, broken encodings. */
function inputsFor(path: string, method: string, op: Operation, perRoute: number, random: () => number): Input[] {
  const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const url = () => path.replace(/\{[^}]+\}/g, () => pick(PATH_VALUES));
  const query = () =>
    (op.parameters ?? [])
      .filter((p) => p.in === "query")
      .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(pick(HOSTILE)).slice(0, 300))}`)
      .join("&");
  const withQuery = (u: string) => {
    const q = query();
    return q ? `${u}?${q}` : u;
  };
  const inputs: Input[] = [];
  if (method === "get" || method === "delete") {
    while (inputs.length < perRoute) inputs.push({ url: withQuery(url()) });
    return inputs;
  }
  const schema = op.requestBody?.content?.["application/json"]?.schema;
  const base = sample(schema);
  const spots = leaves(base);
  inputs.push({ url: url(), payload: JSON.stringify(base), contentType: "application/json" });
  inputs.push({ url: url(), payload: "{", contentType: "application/json" });
  inputs.push({ url: url(), payload: "", contentType: "application/json" });
  inputs.push({ url: url(), payload: "a=1", contentType: "application/x-www-form-urlencoded" });
  inputs.push({ url: url(), payload: "\u0000".repeat(100), contentType: "text/plain" });
  inputs.push({ url: url(), payload: "--x\r\n\r\n", contentType: "multipart/form-data; boundary=x" });
  while (inputs.length < perRoute) {
    let body = base;
    const changes = 1 + Math.floor(random() * 3);
    for (let i = 0; i < changes; i++) body = replaced(body, pick(spots), pick(HOSTILE));
    if (random() < 0.1 && body && typeof body === "object" && !Array.isArray(body)) {
      const keys = Object.keys(body);
      if (keys.length) {
        const { [pick(keys)]: _dropped, ...rest } = body as Record<string, unknown>;
        body = rest;
      }
    }
    inputs.push({ url: withQuery(url()), payload: JSON.stringify(body), contentType: "application/json" });
  }
  return inputs;
}

/** Calls that end the fuzzing user's session; they are fuzzed as a visitor only. */
const SESSION_ENDING = /logout|delete-account|password/;
const PER_ROUTE = 120;

beforeAll(async () => {
  stripe = await startFakeStripe({ prices: [{ id: "price_pro", unit_amount: 900, interval: "month", nickname: "Pro" }] });
  plaid = await startFakePlaid();
  model = await startFakeOpenAI({ models: ["fake-model"], fallback: () => ({ text: "An answer." }) });
  ({ app, stop } = await startEmbedded({
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    MARKET_DATA_DIR: existsSync(join(marketData, "VTI.csv")) ? marketData : dataDir,
    MARKET_DATA_PROVIDERS: "csv",
    RATE_LIMIT_PER_MINUTE: "0",
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    BILLING_PRICE_IDS: "price_pro",
    PLAID_CLIENT_ID: plaid.clientId,
    PLAID_SECRET: plaid.secret,
    PLAID_BASE_URL: plaid.url,
    BROKERAGE_TOKEN_KEY: randomBytes(32).toString("base64"),
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_API_KEY: model.apiKey ?? "",
    CHAT_MODEL_V1: "fake-model",
    CHAT_MODEL_V2: "fake-model",
    CHAT_REQUESTS_PER_HOUR: "100000",
    CHAT_TOKENS_PER_DAY: "100000000",
    RATE_LIMIT_LOGIN_PER_ADDRESS: "1000000",
    RATE_LIMIT_LOGIN_PER_CLIENT: "1000000",
    RATE_LIMIT_REGISTER_PER_CLIENT: "1000000",
    RATE_LIMIT_RESET_PER_ADDRESS: "1000000",
    RATE_LIMIT_RESET_PER_CLIENT: "1000000",
  }));
  const registered = await app.inject({
    method: "POST",
    url: "/v1/auth/register",
    payload: { email: "fuzzer@example.com", password: "long-enough-password" },
  });
  expect(registered.statusCode).toBe(200);
  token = registered.json().idToken;
  // something to read and break: one real portfolio
  const saved = await app.inject({
    method: "POST",
    url: "/v1/save/portfolio/new",
    headers: { authorization: `Bearer ${token}` },
    payload: { portfolio: { assets: [{ ticker: "VTI", quantity: 2, PoA: 200, DoA: "2021-01-04" }] }, newPortfolioName: "Fuzz" },
  });
  expect(saved.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await stop?.();
  await Promise.all([stripe?.close(), plaid?.close(), model?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("fuzzing every public route", () => {
  it("answers every input with a status below 500", async () => {
    const doc = (await app.inject({ method: "GET", url: "/docs/json" })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const random = prng(20261126);
    const failures: string[] = [];
    let tried = 0;
    let routes = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
        routes++;
        for (const [i, input] of inputsFor(path, method, op, PER_ROUTE, random).entries()) {
          const signedIn = !SESSION_ENDING.test(path) && i % 2 === 0;
          const res = await app.inject({
            method: method.toUpperCase() as "GET",
            url: input.url,
            payload: input.payload,
            headers: {
              ...(input.contentType ? { "content-type": input.contentType } : {}),
              ...(signedIn ? { authorization: `Bearer ${token}` } : {}),
            },
          });
          tried++;
          if (res.statusCode >= 500)
            failures.push(
              `${method.toUpperCase()} ${input.url.slice(0, 120)} ${String(input.payload).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
        }
      }
    }
    console.info(`fuzz: ${tried} inputs over ${routes} routes (${PER_ROUTE} per route), 5xx seen: ${failures.length}`);
    expect(routes).toBeGreaterThan(20);
    expect(failures.slice(0, 10)).toEqual([]);
  }, 600_000);
});
