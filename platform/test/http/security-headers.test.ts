import type { LightMyRequestResponse } from "fastify";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { MemoryCache } from "../../src/cache/memory.ts";
import { createHttpServer } from "../../src/http/server.ts";

/** Every server's replies carry the same security headers, whatever answered: a route, an error, a hook. */
async function server(trustProxy?: string[]) {
  const app = await createHttpServer({ name: "t", logLevel: "silent", jwtSecret: "x".repeat(40), cache: new MemoryCache(), trustProxy });
  app.addHook("onRequest", async (request, reply) => {
    if (request.url === "/early") return reply.code(401).send({ error: "no" });
  });
  app.post("/echo", { schema: { body: Type.Object({ n: Type.Number() }) } }, async (request) => request.body);
  app.get("/boom", async () => {
    throw new Error("internal");
  });
  await app.ready();
  return app;
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = String(res.headers["content-security-policy"]);
  const directives = Object.fromEntries(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
  expect(directives).toMatchObject({
    "default-src": "'self'",
    "script-src": "'self'",
    "script-src-attr": "'none'",
    "style-src-elem": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
  });
  expect(csp).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
  expect(directives["script-src"]).not.toMatch(/unsafe-inline/);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("no-referrer");
  expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(res.headers["x-frame-options"]).toBe("DENY");
}

describe("security headers", () => {
  it("are on a route's reply, a validation 400, a 500, a 404, /healthz, /metrics and a hook's early reply", async () => {
    const app = await server();
    const replies = [
      await app.inject({ method: "POST", url: "/echo", payload: { n: 1 } }),
      await app.inject({ method: "POST", url: "/echo", payload: { n: "one" } }),
      await app.inject({ method: "POST", url: "/echo", headers: { "content-type": "application/json" }, payload: "{not json" }),
      await app.inject({ method: "GET", url: "/boom" }),
      await app.inject({ method: "GET", url: "/nowhere" }),
      await app.inject({ method: "GET", url: "/healthz" }),
      await app.inject({ method: "GET", url: "/metrics" }),
      await app.inject({ method: "GET", url: "/early" }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 400, 400, 500, 404, 200, 200, 401]);
    for (const res of replies) expectSecurityHeaders(res);
    await app.close();
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent only for a request that came over HTTPS: X-Forwarded-Proto believed from a trusted proxy alone", async () => {
    const app = await server(["10.0.0.5"]);
    const plain = await app.inject({ method: "GET", url: "/healthz" });
    const proxied = await app.inject({
      method: "GET",
      url: "/healthz",
      remoteAddress: "10.0.0.5",
      headers: { "x-forwarded-proto": "https" },
    });
    const proxiedPlain = await app.inject({
      method: "GET",
      url: "/healthz",
      remoteAddress: "10.0.0.5",
      headers: { "x-forwarded-proto": "http" },
    });
    const forged = await app.inject({
      method: "GET",
      url: "/healthz",
      remoteAddress: "203.0.113.9",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(proxied.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(proxiedPlain.headers["strict-transport-security"]).toBeUndefined();
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
    for (const res of [plain, proxied, forged]) expectSecurityHeaders(res);
    await app.close();
  });
});
