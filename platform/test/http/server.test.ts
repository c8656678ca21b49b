import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { MemoryCache } from "../../src/cache/memory.ts";
import { createHttpServer } from "../../src/http/server.ts";

async function app() {
  const a = await createHttpServer({ name: "t", logLevel: "silent", jwtSecret: "x".repeat(40), cache: new MemoryCache() });
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
    expect(res.json().error).toMatch(/^body\/n /);
    const missing = await (await app()).inject({ method: "POST", url: "/echo", payload: {} });
    expect(missing.json().error).toBe("body/n is required");
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
});
