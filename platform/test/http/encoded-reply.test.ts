import { gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { acceptsGzip, EncodedJson, etagMatches, GZIP_IN_PLACE_BYTES, sendEncoded } from "../../src/http/encoded-reply.ts";

describe("acceptsGzip", () => {
  it("accepts gzip listed plainly, with a weight, or through *", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1, GZIP;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(["deflate", "gzip"])).toBe(true);
  });

  it("refuses gzip weighted 0, absent or with no header", () => {
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("deflate, br")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe("etagMatches", () => {
  const tag = 'W/"growth-7"';

  it("matches the same tag, weak or strong (weak comparison)", () => {
    expect(etagMatches('W/"growth-7"', tag)).toBe(true);
    expect(etagMatches('"growth-7"', tag)).toBe(true);
  });

  it("matches within a list and on *", () => {
    expect(etagMatches('W/"growth-6", W/"growth-7"', tag)).toBe(true);
    expect(etagMatches("*", tag)).toBe(true);
  });

  it("does not match another tag or no header", () => {
    expect(etagMatches('W/"growth-6"', tag)).toBe(false);
    expect(etagMatches('W/"growth-7-admin"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
    expect(etagMatches("", tag)).toBe(false);
  });
});

describe("EncodedJson", () => {
  it("keeps the JSON as UTF-8 bytes and gzips it once", () => {
    const encoded = new EncodedJson('{"name":"Café"}');
    expect((encoded.body(false) as Buffer).toString("utf8")).toBe('{"name":"Café"}');
    const zipped = encoded.body(true) as Buffer;
    expect(gunzipSync(zipped).toString("utf8")).toBe('{"name":"Café"}');
    expect(encoded.body(true)).toBe(zipped);
  });

  it("gzips a large body off the event loop, once, for every reader waiting meanwhile", async () => {
    const json = JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `row ${i}` })) });
    expect(json.length).toBeGreaterThan(GZIP_IN_PLACE_BYTES);
    const encoded = new EncodedJson(json);
    const a = encoded.body(true);
    const b = encoded.body(true);
    expect(a).toBeInstanceOf(Promise);
    expect(b).toBe(a);
    const zipped = await a;
    expect(gunzipSync(zipped).toString("utf8")).toBe(json);
    // done: the bytes themselves from now on
    expect(encoded.body(true)).toBe(zipped);
    expect(encoded.bytes).toBe(Buffer.byteLength(json) + zipped.length);
  });

  it("tells onGrow once its gzipped copy is made, in place or off the loop, so a cache bounded in bytes counts it", async () => {
    for (const json of ['{"small":true}', JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, i) => ({ i })) })]) {
      const encoded = new EncodedJson(json);
      const seen: number[] = [];
      encoded.onGrow = () => seen.push(encoded.bytes);
      encoded.body(false);
      expect(seen).toEqual([]);
      const zipped = await encoded.body(true);
      await encoded.body(true);
      expect(seen).toEqual([Buffer.byteLength(json) + zipped.length]);
    }
  });
});

describe("sendEncoded", () => {
  async function app() {
    const a = Fastify();
    const encoded = new EncodedJson('{"hello":"world"}');
    a.get("/x", async (request, reply) => {
      const gzip = acceptsGzip(request.headers["accept-encoding"]);
      return sendEncoded(request, reply, { etag: 'W/"x1"', vary: "Accept-Encoding" }, encoded.body(gzip), gzip);
    });
    await a.ready();
    return a;
  }

  it("sends the bytes as JSON, gzipped when asked, with the given headers", async () => {
    const a = await app();
    const plain = await a.inject({ method: "GET", url: "/x" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.etag).toBe('W/"x1"');
    expect(plain.json()).toEqual({ hello: "world" });
    const zipped = await a.inject({ method: "GET", url: "/x", headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual({ hello: "world" });
  });

  it("answers a matching If-None-Match with a bodyless 304 that keeps the ETag", async () => {
    const a = await app();
    const res = await a.inject({ method: "GET", url: "/x", headers: { "if-none-match": 'W/"x1"' } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe('W/"x1"');
    expect((await a.inject({ method: "GET", url: "/x", headers: { "if-none-match": 'W/"x0"' } })).statusCode).toBe(200);
  });
});
