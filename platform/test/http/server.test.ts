import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { MemoryCache } from "../../src/cache/memory.ts";
import type { Cache } from "../../src/cache/port.ts";
import { INTERNAL_CLIENT } from "../../src/http/rate-limit.ts";
import { createHttpServer, isPrivateAddress } from "../../src/http/server.ts";
import { ServiceUnavailableError } from "../../src/internal.ts";
import { loggableUrl } from "../../src/log.ts";
import { DependencyUnavailableError } from "../../src/unavailable.ts";

async function app(extra: Partial<Parameters<typeof createHttpServer>[0]> = {}) {
  const a = await createHttpServer({
    name: "t",
    logLevel: "silent",
    jwtSecret: "x".repeat(40),
    cache: new MemoryCache(),
    ...extra,
  });
  a.get("/v1/get/thing", async () => ({ mine: true }));
  a.get("/v1/public-thing", async (_request, reply) => reply.header("cache-control", "public, max-age=60").send({ all: true }));
  a.post(
    "/echo",
    {
      schema: {
        body: Type.Object({ n: Type.Union([Type.Number(), Type.Null()]), s: Type.Optional(Type.String()) }),
        querystring: Type.Object({ page: Type.Optional(Type.Integer()) }),
      },
    },
    async (request) => ({ body: request.body, page: (request.query as { page?: number }).page ?? null }),
  );
  a.get("/boom", async () => {
    throw new Error("secret internals at /srv/db");
  });
  a.get("/v1/needs-cache", async () => {
    throw new DependencyUnavailableError("cache", new Error("Connection is closed."));
  });
  a.get("/v1/needs-service", async () => {
    throw new ServiceUnavailableError("pricing", new Error("connect ECONNREFUSED"));
  });
  a.get("/v1/needs-mongo", async () => {
    throw Object.assign(new Error("Server selection timed out"), { name: "MongoServerSelectionError" });
  });
  a.get("/v1/mine", { preHandler: a.requireUser }, async (request) => ({ uid: request.identity?.uid }));
  await a.ready();
  return a;
}

describe("createHttpServer", () => {
  it("keeps a body's null as null (no coercion of JSON bodies) and drops unknown fields", async () => {
    const res = await (await app()).inject({ method: "POST", url: "/echo", payload: { n: null, extra: 1 } });
    expect(res.json()).toEqual({ body: { n: null }, page: null });
  });

  it("coerces query strings to their schema types", async () => {
    const res = await (await app()).inject({ method: "POST", url: "/echo?page=3", payload: { n: 1 } });
    expect(res.json().page).toBe(3);
  });

  it("answers a bad body with 400 naming the field", async () => {
    const res = await (await app()).inject({ method: "POST", url: "/echo", payload: { n: "five" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
    // in words (errors.ts validationMessage): n is a number or empty
    expect(res.json().error).toBe("N must be a number or empty");
    const missing = await (await app()).inject({ method: "POST", url: "/echo", payload: {} });
    expect(missing.json().error).toBe("N is required");
  });

  it("hides the details of an internal failure", async () => {
    const res = await (await app()).inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("secret internals");
    expect(res.json().code).toBe("internal");
  });

  it("reports health", async () => {
    const res = await (await app()).inject({ method: "GET", url: "/healthz" });
    expect(res.json()).toMatchObject({ status: "ok", service: "t" });
  });

  it("answers a dependency that is down (cache, store, another service) with 503 and Retry-After, hiding the details", async () => {
    const a = await app();
    for (const url of ["/v1/needs-cache", "/v1/needs-service", "/v1/needs-mongo"]) {
      const res = await a.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(503);
      expect(Number(res.headers["retry-after"]), url).toBeGreaterThan(0);
      expect(res.json(), url).toEqual({ error: "Folio is briefly unavailable. Please try again in a few seconds.", code: "unavailable" });
    }
  });

  it("never signs a user out because the revocation list cannot be read: 503 with Retry-After, not 401", async () => {
    const gone = async (): Promise<never> => {
      throw new DependencyUnavailableError("cache", new Error("Connection is closed."));
    };
    const down: Cache = {
      get: gone,
      set: gone,
      getText: gone,
      setText: gone,
      del: gone,
      incr: gone,
      count: gone,
      ttl: gone,
      close: async () => {},
    };
    const a = await app({ cache: down });
    const token = a.jwt.sign({ sub: "ann", email: "ann@example.com", jti: "j1" });
    const res = await a.inject({ method: "GET", url: "/v1/mine", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    // a token that does not verify is still a visitor's: 401
    const forged = await a.inject({ method: "GET", url: "/v1/mine", headers: { authorization: `Bearer ${token}x` } });
    expect(forged.statusCode).toBe(401);
  });

  it("answers at once while starting: liveness 200, every route 503 with Retry-After until ready, readiness says why", async () => {
    let ready = false;
    const a = await app({ ready: () => ready, status: () => ({ consumers: "joining" }) });
    expect((await a.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const starting = await a.inject({ method: "GET", url: "/v1/get/thing" });
    expect(starting.statusCode).toBe(503);
    expect(Number(starting.headers["retry-after"])).toBeGreaterThan(0);
    const notReady = await a.inject({ method: "GET", url: "/readyz" });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: "unavailable", checks: { started: "starting", consumers: "joining" } });
    ready = true;
    expect((await a.inject({ method: "GET", url: "/v1/get/thing" })).statusCode).toBe(200);
    expect((await a.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({ status: "ready", checks: { started: "ok" } });
  });

  it("reports a dependency that does not answer in readiness, not in liveness", async () => {
    const a = await app({
      health: [
        {
          name: "cache",
          check: async () => {
            throw new Error("Connection is closed.");
          },
        },
      ],
    });
    expect((await a.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const res = await a.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ checks: { cache: "Connection is closed." } });
  });

  it("accepts an empty body sent as JSON (the spec's client sends the header on every call)", async () => {
    const res = await (await app()).inject({
      method: "GET",
      url: "/v1/get/thing",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect(res.statusCode).toBe(200);
  });

  it("marks JSON replies private and uncacheable unless the route says it is public", async () => {
    const a = await app();
    expect((await a.inject({ method: "GET", url: "/v1/get/thing" })).headers["cache-control"]).toBe("private, no-store");
    expect((await a.inject({ method: "GET", url: "/v1/public-thing" })).headers["cache-control"]).toBe("public, max-age=60");
    expect((await a.inject({ method: "GET", url: "/nope" })).headers["cache-control"]).toBe("private, no-store");
  });

  it("holds the edge ceiling per client with a 429 and Retry-After, and does not count in-process calls", async () => {
    const a = await app({ requestsPerMinute: 3 });
    const from = (remoteAddress: string) => a.inject({ method: "GET", url: "/v1/get/thing", remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.9")).statusCode).toBe(200);
    const refused = await from("203.0.113.9");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/Too many requests/i);
    expect((await from("203.0.113.10")).statusCode).toBe(200); // another client has its own count
    for (let i = 0; i < 5; i++) expect((await from(INTERNAL_CLIENT)).statusCode).toBe(200);
  });

  it("counts a client's requests that arrive together in one call to the cache, letting exactly the ceiling through", async () => {
    const cache = new MemoryCache();
    const calls: [string, number | undefined][] = [];
    const count = cache.count.bind(cache);
    cache.count = (key, windowMs, by) => {
      calls.push([key, by]);
      return count(key, windowMs, by);
    };
    const a = await app({ requestsPerMinute: 5, cache });
    const from = (remoteAddress: string) => a.inject({ method: "GET", url: "/v1/get/thing", remoteAddress });
    const [one, other] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => from("203.0.113.9"))),
      Promise.all(Array.from({ length: 3 }, () => from("203.0.113.10"))),
    ]);
    expect(one.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(one.filter((r) => r.statusCode === 429)).toHaveLength(7);
    expect(other.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // one call per client for the turn, by the number of its requests
    expect(calls.map(([key, by]) => [key.replace(/^.*:/, ""), by]).sort()).toEqual([
      ["203.0.113.10", 3],
      ["203.0.113.9", 12],
    ]);
    // and the next request after them is the 13th of its window
    expect((await from("203.0.113.9")).statusCode).toBe(429);
    expect(calls.at(-1)?.[1]).toBe(1);
  });

  it("keeps /healthz outside the ceiling: a client at its limit still gets its probes answered, and probes spend none of it", async () => {
    const a = await app({ requestsPerMinute: 2 });
    const get = (url: string) => a.inject({ method: "GET", url, remoteAddress: "203.0.113.9" });
    for (let i = 0; i < 5; i++) expect((await get("/healthz")).statusCode).toBe(200);
    expect((await get("/v1/get/thing")).statusCode).toBe(200);
    expect((await get("/v1/get/thing")).statusCode).toBe(200);
    expect((await get("/v1/get/thing")).statusCode).toBe(429);
    expect((await get("/healthz")).statusCode).toBe(200);
  });

  it("answers an internal route to calls between services only: in-process at the edge, not forwarded behind it", async () => {
    const withInternal = async (extra: Partial<Parameters<typeof createHttpServer>[0]>) => {
      const a = await createHttpServer({ name: "t", logLevel: "silent", jwtSecret: "x".repeat(40), cache: new MemoryCache(), ...extra });
      a.post("/v1/query/report", { config: { internal: true } }, async () => ({ report: "private figures" }));
      await a.ready();
      return a;
    };
    const edge = await withInternal({ edge: true });
    const outside = await edge.inject({ method: "POST", url: "/v1/query/report", remoteAddress: "127.0.0.1" });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ error: "No route POST /v1/query/report", code: "not_found" });
    expect((await edge.inject({ method: "POST", url: "/v1/query/report", remoteAddress: INTERNAL_CLIENT })).json()).toEqual({
      report: "private figures",
    });
    // a cluster service: what the gateway forwards carries X-Forwarded-For; another service's call does not
    const service = await withInternal({ trustProxy: ["10.0.0.2"] });
    const forwarded = { "x-forwarded-for": "203.0.113.9" };
    expect(
      (await service.inject({ method: "POST", url: "/v1/query/report", remoteAddress: "10.0.0.2", headers: forwarded })).statusCode,
    ).toBe(404);
    expect((await service.inject({ method: "POST", url: "/v1/query/report", remoteAddress: "10.0.0.7" })).statusCode).toBe(200);
  });

  it("believes X-Forwarded-For only from a configured proxy", async () => {
    const open = await app({ requestsPerMinute: 2 });
    const rotate = (a: typeof open, i: number) =>
      a.inject({ method: "GET", url: "/v1/get/thing", remoteAddress: "198.51.100.7", headers: { "x-forwarded-for": `10.9.9.${i}` } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await rotate(open, i)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429]); // rotating the header does not escape the limit
    const behindProxy = await app({ requestsPerMinute: 2, trustProxy: ["198.51.100.7"] });
    for (let i = 0; i < 4; i++) expect((await rotate(behindProxy, i)).statusCode).toBe(200); // each forwarded client counted alone
  });

  it("believes X-Forwarded-For from a proxy named by host name (compose's gateway), looked up in DNS", async () => {
    const a = await app({ requestsPerMinute: 1, trustProxy: ["localhost"] });
    const from = (remoteAddress: string, client: string) =>
      a.inject({ method: "GET", url: "/v1/get/thing", remoteAddress, headers: { "x-forwarded-for": client } });
    // through the named proxy: each client its own count
    expect((await from("127.0.0.1", "203.0.113.1")).statusCode).toBe(200);
    expect((await from("127.0.0.1", "203.0.113.2")).statusCode).toBe(200);
    expect((await from("127.0.0.1", "203.0.113.1")).statusCode).toBe(429);
    // anyone else's header is not believed: the socket's address is counted
    expect((await from("198.51.100.7", "203.0.113.3")).statusCode).toBe(200);
    expect((await from("198.51.100.7", "203.0.113.4")).statusCode).toBe(429);
  });

  it("serves /metrics to private networks only, unless configured public", async () => {
    const a = await app();
    expect((await a.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" })).statusCode).toBe(404);
    expect((await a.inject({ method: "GET", url: "/metrics", remoteAddress: "10.0.0.4" })).statusCode).toBe(200);
    const open = await app({ publicMetrics: true });
    expect((await open.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" })).statusCode).toBe(200);
  });

  it("counts the requests answered in the Prometheus text format, by route pattern and status", async () => {
    const a = await app();
    await a.inject({ method: "GET", url: "/healthz" });
    await a.inject({ method: "GET", url: "/healthz" });
    await a.inject({ method: "GET", url: "/no-such-path" });
    const res = await a.inject({ method: "GET", url: "/metrics", remoteAddress: "10.0.0.4" });
    expect(res.headers["content-type"]).toContain("text/plain; version=0.0.4");
    expect(res.body).toContain("# TYPE http_requests_total counter");
    expect(res.body).toMatch(/^http_requests_total\{service="[^"]+",method="GET",route="\/healthz",status="200"\} 2$/m);
    expect(res.body).toMatch(/^http_requests_total\{service="[^"]+",method="GET",route="unmatched",status="404"\} 1$/m);
  });

  it("knows loopback and private networks from public addresses", () => {
    for (const ip of ["127.0.0.1", "::1", "::ffff:10.1.2.3", "192.168.0.9", "172.20.0.1", "fd12:3456::1"])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ["203.0.113.9", "172.32.0.1", "8.8.8.8", "2001:db8::1"]) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it("redacts sensitive query values in logged URLs", () => {
    expect(loggableUrl("/reset?token=abc123&x=1")).toBe("/reset?token=[redacted]&x=1");
    expect(loggableUrl("/v1/get/thing")).toBe("/v1/get/thing");
  });
});
