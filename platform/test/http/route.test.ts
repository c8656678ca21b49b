/**
 * A call registered from its contract (route.ts): the caller checked on the request line, the body read as
 * the contract says, the contract's public caching on its 200 only, and the test kit's check that an error
 * reply carries a code the contract lists.
 */
import { contract } from "@folio/proto/contract";
import { ErrorCodes } from "@folio/proto/error-codes";
import { ErrorReply } from "@folio/proto/errors";
import type { Route } from "@folio/proto/routes";
import { Type } from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import { HttpError, notFound } from "../../src/http/errors.ts";
import { rawBody, route } from "../../src/http/route.ts";
import type { App } from "../../src/http/server.ts";
import { bearer, buildTestApp, createTestDeps, tokenFor } from "../../src/testing.ts";

const address = <const R extends Omit<Route, "service" | "name">>(name: string, spec: R) =>
  ({ ...spec, service: "test", name }) as R & Route;

const echo = contract(address("echo", { method: "POST", path: "/v1/test/echo/:id", auth: "required" }), {
  params: Type.Object({ id: Type.String({ maxLength: 5 }) }),
  body: Type.Object({ n: Type.Integer() }),
  reply: { 200: Type.Object({ id: Type.String(), n: Type.Integer() }), 404: ErrorReply },
  errors: [ErrorCodes.notFound],
});
const listed = contract(address("listed", { method: "GET", path: "/v1/test/listed/:id", auth: "none", cache: "public, max-age=30" }), {
  reply: { 200: Type.Object({ id: Type.String() }), 404: ErrorReply },
  errors: [ErrorCodes.notFound],
});
const signed = contract(address("signed", { method: "POST", path: "/v1/test/signed", auth: "none", accepts: "raw" }), {
  reply: { 200: Type.Object({ bytes: Type.Integer() }) },
});
const upload = contract(address("upload", { method: "POST", path: "/v1/test/upload", auth: "required", accepts: "multipart" }), {
  reply: { 200: Type.Object({ bytes: Type.Integer() }), 400: ErrorReply },
});

let app: App;
afterEach(async () => {
  await app?.close();
});

async function build() {
  const deps = createTestDeps();
  app = await buildTestApp(deps, async (scope) => {
    route(scope, echo, async (request) => {
      if (request.params.id === "none") throw notFound("nothing here");
      if (request.params.id === "odd") throw new HttpError(409, "odd/code", "not declared");
      return { id: request.params.id, n: request.body.n };
    });
    route(scope, listed, async (request) => {
      if (request.params.id === "none") throw notFound("nothing here");
      return { id: request.params.id };
    });
    route(scope, signed, { bodyLimit: 16, tooLarge: "At most 16 bytes." }, async (request) => ({ bytes: rawBody(request).length }));
    route(scope, upload, async (request) => ({ bytes: Buffer.isBuffer(request.body) ? request.body.length : -1 }));
  });
  return tokenFor(app, { uid: "u1" });
}

describe("route(): a call registered from its contract", () => {
  it("checks the caller on the request line: a visitor gets nouser whatever the body, before it is read or checked", async () => {
    const token = await build();
    for (const payload of ["{", JSON.stringify({ n: "x" }), JSON.stringify({ n: 1 })]) {
      const res = await app.inject({ method: "POST", url: "/v1/test/echo/a", payload, headers: { "content-type": "application/json" } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ result: "nouser", code: ErrorCodes.unauthorized });
    }
    const bad = await app.inject({ method: "POST", url: "/v1/test/echo/a", payload: { n: "x" }, headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    const ok = await app.inject({ method: "POST", url: "/v1/test/echo/a", payload: { n: 3, extra: 1 }, headers: bearer(token) });
    expect(ok.json()).toEqual({ id: "a", n: 3 });
  });

  it("sends the contract's public caching with a 200 only; anything else stays private", async () => {
    await build();
    expect((await app.inject({ method: "GET", url: "/v1/test/listed/a" })).headers["cache-control"]).toBe("public, max-age=30");
    const missing = await app.inject({ method: "GET", url: "/v1/test/listed/none" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBe("private, no-store");
  });

  it("reads a raw body as its exact bytes, within the call's limit and with its words past it", async () => {
    await build();
    const body = '{"a": 1}';
    const res = await app.inject({
      method: "POST",
      url: "/v1/test/signed",
      payload: body,
      headers: { "content-type": "application/json" },
    });
    expect(res.json()).toEqual({ bytes: Buffer.byteLength(body) });
    const large = await app.inject({
      method: "POST",
      url: "/v1/test/signed",
      payload: "x".repeat(40),
      headers: { "content-type": "application/json" },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: "At most 16 bytes.", code: ErrorCodes.payloadTooLarge });
  });

  it("hands a multipart body to the handler as it came; other calls refuse multipart", async () => {
    const token = await build();
    const headers = { ...bearer(token), "content-type": "multipart/form-data; boundary=x" };
    const form = "--x\r\ncontent-disposition: form-data; name=a\r\n\r\n1\r\n--x--\r\n";
    expect((await app.inject({ method: "POST", url: "/v1/test/upload", payload: form, headers })).json()).toEqual({ bytes: form.length });
    expect((await app.inject({ method: "POST", url: "/v1/test/echo/a", payload: form, headers })).statusCode).toBe(415);
  });

  it("lets the test kit fail an error reply whose code the contract does not list", async () => {
    const token = await build();
    const declared = await app.inject({ method: "POST", url: "/v1/test/echo/none", payload: { n: 1 }, headers: bearer(token) });
    expect(declared.statusCode).toBe(404);
    const undeclared = await app.inject({ method: "POST", url: "/v1/test/echo/odd", payload: { n: 1 }, headers: bearer(token) });
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json().error).toMatch(/odd\/code.*does not list/);
  });
});
