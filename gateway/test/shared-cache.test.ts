/**
 * The gateway as a shared HTTP cache (src/shared-cache.ts), through its public interface: a gateway in front of
 * a stand-in service that answers what each test tells it and counts what reaches it. A public reply is kept
 * and served again with Age, per Vary (gzipped bytes only to who asked for gzip), a current If-None-Match gets
 * a 304; a request with credentials is never answered from the cache nor stored into it, whatever the reply
 * says; private, no-store, no-cache, Set-Cookie and Vary: * replies are never kept; every request, kept or not,
 * counts against the edge's ceiling. Then the cache alone on a hand-moved clock: how long a reply is served,
 * its Age, and the bound in bytes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { ManualClock } from "@folio/platform/clock";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startGateway } from "../src/main.ts";
import { FRESH_MS, freshFor, SharedCache } from "../src/shared-cache.ts";

const dataDir = mkdtempSync(join(tmpdir(), "folio-gateway-cache-"));
const JWT_SECRET = "gateway-test-secret-0123456789-0123456789";

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}
interface Answer {
  status?: number;
  headers?: Record<string, string | string[]>;
  /** the JSON body; gzipped when the request accepts gzip and `gzip` is set */
  body: unknown;
  gzip?: boolean;
}

let service: Server;
let serviceUrl = "";
const seen: Seen[] = [];
let answer: (req: Seen) => Answer = () => ({ body: {} });

beforeAll(async () => {
  service = createServer((req, res) => {
    const request = { url: req.url ?? "", headers: req.headers };
    seen.push(request);
    const a = answer(request);
    const json = Buffer.from(JSON.stringify(a.body));
    const gzip = a.gzip === true && /gzip/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? gzipSync(json) : json;
    res.writeHead(a.status ?? 200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": String(body.length),
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      ...a.headers,
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => service?.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

async function gatewayWith(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; base: string }> {
  const app = await startGateway({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    JWT_SECRET,
    PRICING_URL: serviceUrl,
    PORTFOLIO_URL: serviceUrl,
    ...env,
  });
  return { app, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` };
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  /** the JSON body, gunzipped when it came gzipped */
  json: unknown;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode the body). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((done, fail) => {
    httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const text = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw).toString() : raw.toString();
        done({ status: res.statusCode ?? 0, headers: res.headers, raw, json: text ? JSON.parse(text) : undefined });
      });
    })
      .on("error", fail)
      .end();
  });
}

const PUBLIC = { "cache-control": "public, max-age=60", vary: "Accept-Encoding" };
let n = 0;
/** a path of its own for each use, so no test sees another's entries */
const fresh = (prefix = "/v1/get/") => `${prefix}T${++n}`;
const reached = (path: string) => seen.filter((s) => s.url === path);

describe("the gateway as a shared cache", () => {
  let gateway: { app: FastifyInstance; base: string };
  beforeAll(async () => {
    gateway = await gatewayWith({ RATE_LIMIT_PER_MINUTE: "0" });
  }, 60_000);
  afterAll(async () => gateway?.app.close());
  beforeEach(() => {
    seen.length = 0;
  });

  it("answers a public reply again itself, the same bytes and headers with an Age, and its own security headers", async () => {
    const path = fresh();
    answer = () => ({ headers: { ...PUBLIC, etag: 'W/"v1"', "x-service": "pricing" }, body: { ticker: "SPY", price: 1 } });
    const first = await get(gateway.base, path);
    const second = await get(gateway.base, path);
    expect(reached(path)).toHaveLength(1);
    expect(first.status).toBe(200);
    expect(first.headers.age).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.json).toEqual({ ticker: "SPY", price: 1 });
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.headers.age).toBe("0");
    for (const name of [
      "cache-control",
      "etag",
      "vary",
      "content-type",
      "x-service",
      "content-security-policy",
      "x-content-type-options",
    ]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    // the client came over plain HTTP: no HSTS, from the cache or not
    expect(second.headers["strict-transport-security"]).toBeUndefined();
    // the query is part of the key
    await get(gateway.base, `${path}?cached=false`);
    expect(seen.map((s) => s.url)).toEqual([path, `${path}?cached=false`]);
  });

  it("keeps a reply per Accept-Encoding (Vary): gzipped bytes only to a client that asked the same way", async () => {
    const path = fresh("/cachable/get/portfolio/");
    answer = () => ({ headers: { ...PUBLIC, etag: 'W/"p-1"' }, body: { data: { pName: "Public one" } }, gzip: true });
    const zipped = await get(gateway.base, path, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    const plain = await get(gateway.base, path);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json).toEqual({ data: { pName: "Public one" } });
    expect(reached(path)).toHaveLength(2);
    // each variant again, now from the gateway
    const zippedAgain = await get(gateway.base, path, { "accept-encoding": "gzip, deflate, br" });
    const plainAgain = await get(gateway.base, path);
    const otherWording = await get(gateway.base, path, { "accept-encoding": "gzip,deflate,br" });
    expect(reached(path)).toHaveLength(2);
    expect(zippedAgain.headers["content-encoding"]).toBe("gzip");
    expect(zippedAgain.raw.equals(zipped.raw)).toBe(true);
    expect(plainAgain.headers["content-encoding"]).toBeUndefined();
    expect(plainAgain.raw.equals(plain.raw)).toBe(true);
    expect(otherWording.headers["content-encoding"]).toBe("gzip");
    // a client asking differently again (identity only) is not handed either variant
    const identity = await get(gateway.base, path, { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(reached(path)).toHaveLength(3);
  });

  it("answers a current If-None-Match with a 304 from the cache, and a stale one with the reply", async () => {
    const path = fresh();
    answer = () => ({ headers: { ...PUBLIC, etag: 'W/"abc"' }, body: { ticker: "QQQ" } });
    await get(gateway.base, path);
    const notModified = await get(gateway.base, path, { "if-none-match": 'W/"abc"' });
    expect(notModified.status).toBe(304);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers.etag).toBe('W/"abc"');
    expect(notModified.headers["cache-control"]).toBe("public, max-age=60");
    expect(notModified.headers.age).toBe("0");
    const changed = await get(gateway.base, path, { "if-none-match": 'W/"old"' });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ ticker: "QQQ" });
    expect(reached(path)).toHaveLength(1);
  });

  it("never stores nor serves a reply to a request with credentials, even one the service wrongly marks public", async () => {
    const path = fresh("/cachable/get/portfolio/");
    // the owner's view (say a private portfolio's): the service errs and marks it public
    answer = (req) =>
      req.headers.authorization || req.headers.cookie
        ? { headers: PUBLIC, body: { data: { pName: "Owner's private figures" }, notOwner: false } }
        : { headers: PUBLIC, body: { error: "Not found" }, status: 404 };
    const owner = await get(gateway.base, path, { authorization: "Bearer not-checked-on-a-read" });
    expect(owner.json).toMatchObject({ notOwner: false });
    // a visitor after the owner: the service answers, never the owner's reply
    const visitor = await get(gateway.base, path);
    expect(visitor.status).toBe(404);
    expect(JSON.stringify(visitor.json)).not.toContain("Owner's private figures");
    expect(visitor.headers.age).toBeUndefined();
    // and a visitor's public reply is never served to a caller with credentials either
    answer = (req) =>
      req.headers.authorization || req.headers.cookie
        ? { headers: { "cache-control": "private, no-store" }, body: { notOwner: false } }
        : { headers: PUBLIC, body: { notOwner: true } };
    const other = fresh("/cachable/get/portfolio/");
    expect((await get(gateway.base, other)).json).toEqual({ notOwner: true });
    expect((await get(gateway.base, other, { authorization: "Bearer owner" })).json).toEqual({ notOwner: false });
    expect((await get(gateway.base, other, { cookie: "session=owner" })).json).toEqual({ notOwner: false });
    const withCookie = fresh();
    await get(gateway.base, withCookie, { cookie: "session=1" });
    await get(gateway.base, withCookie);
    expect(reached(withCookie)).toHaveLength(2);
  });

  it("never keeps a private, no-store, no-cache, cookie-setting, Vary: * or unlimited reply, nor a 404", async () => {
    const refused: Answer["headers"][] = [
      { "cache-control": "private, max-age=60" },
      { "cache-control": "private, no-store" },
      { "cache-control": "public, max-age=60, no-store" },
      { "cache-control": "public, no-cache, max-age=60" },
      { "cache-control": "public, max-age=60", "set-cookie": "a=1" },
      { "cache-control": "public, max-age=60", vary: "*" },
      { "cache-control": "public" },
      { "cache-control": "max-age=60" },
      { "cache-control": "public, max-age=0" },
      {},
    ];
    for (const headers of refused) {
      const path = fresh();
      answer = () => ({ headers, body: { ok: true } });
      await get(gateway.base, path);
      const again = await get(gateway.base, path);
      expect(reached(path), JSON.stringify(headers)).toHaveLength(2);
      expect(again.headers.age).toBeUndefined();
    }
    const missing = fresh();
    answer = () => ({ status: 404, headers: PUBLIC, body: { error: "No such ticker" } });
    await get(gateway.base, missing);
    await get(gateway.base, missing);
    expect(reached(missing)).toHaveLength(2);
  });

  it("sends a reload (Cache-Control: no-cache) and a write to the service", async () => {
    const path = fresh();
    answer = () => ({ headers: PUBLIC, body: { n: seen.length } });
    await get(gateway.base, path);
    const reload = await get(gateway.base, path, { "cache-control": "no-cache" });
    expect(reload.headers.age).toBeUndefined();
    expect(reached(path)).toHaveLength(2);
    // the reload's reply is the one kept now
    expect((await get(gateway.base, path)).json).toEqual(reload.json);
    expect(reached(path)).toHaveLength(2);
  });
});

describe("the gateway's cache and the edge's ceiling", () => {
  it("counts every request against the per-client ceiling, those answered from the cache too", async () => {
    const gateway = await gatewayWith({ RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const path = fresh();
      answer = () => ({ headers: PUBLIC, body: { ticker: "SPY" } });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await get(gateway.base, path)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await gateway.app.close();
    }
  }, 60_000);
});

describe("the shared cache on its own clock", () => {
  const clock = new ManualClock();
  const json = (text: string) => Buffer.from(JSON.stringify({ text }));
  const headers = (cacheControl: string, extra: Record<string, string> = {}) => ({ "cache-control": cacheControl, ...extra });

  it("serves a reply no longer than FRESH_MS, nor past its own max-age less the Age it came with, with its Age", () => {
    const cache = new SharedCache({ clock });
    cache.store("/a", {}, 200, headers("public, max-age=60"), json("a"));
    cache.store("/b", {}, 200, headers("public, max-age=3"), json("b"));
    cache.store("/c", {}, 200, headers("public, max-age=60", { age: "58" }), json("c"));
    cache.store("/d", {}, 200, headers("public, max-age=60, s-maxage=1"), json("d"));
    clock.advance(999);
    expect(cache.lookup("/d", {})?.age).toBe(0);
    clock.advance(1);
    expect(cache.lookup("/d", {})).toBeUndefined();
    expect(cache.lookup("/c", {})?.age).toBe(59);
    clock.advance(1000);
    expect(cache.lookup("/c", {})).toBeUndefined();
    expect(cache.lookup("/b", {})?.age).toBe(2);
    clock.advance(1000);
    expect(cache.lookup("/b", {})).toBeUndefined();
    clock.advance(FRESH_MS - 3001);
    expect(cache.lookup("/a", {})?.body.toString()).toBe(JSON.stringify({ text: "a" }));
    clock.advance(1);
    expect(cache.lookup("/a", {})).toBeUndefined();
  });

  it("holds no more bytes than its bound, the oldest stored going first, and keeps no reply above the entry bound", () => {
    const cache = new SharedCache({ clock, maxBytes: 10_000, maxEntryBytes: 4000 });
    const body = (i: number) => Buffer.alloc(3000, i);
    for (let i = 0; i < 5; i++) expect(cache.store(`/p${i}`, {}, 200, headers("public, max-age=60"), body(i))).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.lookup("/p0", {})).toBeUndefined();
    expect(cache.lookup("/p1", {})).toBeUndefined();
    for (const i of [2, 3, 4]) expect(cache.lookup(`/p${i}`, {})?.body.equals(body(i))).toBe(true);
    expect(cache.store("/big", {}, 200, headers("public, max-age=60"), Buffer.alloc(4001))).toBe(false);
    expect(cache.lookup("/big", {})).toBeUndefined();
    expect(cache.lookup("/p4", {})).toBeDefined();
  });

  it("keeps one reply per value of the Vary'd headers, and drops variants keyed on other headers when Vary changes", () => {
    const cache = new SharedCache({ clock });
    const vary = headers("public, max-age=60", { vary: "Accept-Encoding" });
    cache.store("/v", { "accept-encoding": "gzip" }, 200, vary, json("gzip"));
    cache.store("/v", {}, 200, vary, json("plain"));
    expect(cache.lookup("/v", { "accept-encoding": "gzip" })?.body.toString()).toContain("gzip");
    expect(cache.lookup("/v", {})?.body.toString()).toContain("plain");
    expect(cache.lookup("/v", { "accept-encoding": "" })).toBeUndefined();
    expect(cache.lookup("/v", { "accept-encoding": "br" })).toBeUndefined();
    cache.store(
      "/v",
      { "accept-encoding": "gzip" },
      200,
      headers("public, max-age=60", { vary: "Accept-Encoding, Accept-Language" }),
      json("both"),
    );
    expect(cache.lookup("/v", {})).toBeUndefined();
    expect(cache.lookup("/v", { "accept-encoding": "gzip", "accept-language": "fr" })).toBeUndefined();
    expect(cache.lookup("/v", { "accept-encoding": "gzip" })?.body.toString()).toContain("both");
  });

  it("decides what may be kept from the status and headers alone", () => {
    expect(freshFor(200, headers("public, max-age=60"))).toBe(FRESH_MS);
    expect(freshFor(200, headers("public, s-maxage=2, max-age=60"))).toBe(2000);
    expect(freshFor(200, headers("PUBLIC, MAX-AGE=60"))).toBe(FRESH_MS);
    expect(freshFor(200, headers("public, max-age=60", { age: "70" }))).toBe(0);
    expect(freshFor(203, headers("public, max-age=60"))).toBe(0);
    expect(freshFor(200, headers('public, private="set-cookie", max-age=60'))).toBe(0);
    expect(freshFor(200, headers("public, max-age=sixty"))).toBe(0);
  });
});
