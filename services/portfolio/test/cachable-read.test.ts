/** The cachable read's own serving: compressed bodies and the in-process layer for visitors (reply-cache.ts). */
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOCAL_TTL_MS, replyCacheKey } from "../src/reply-cache.ts";
import { replaceOp } from "../src/store.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe("GET /cachable/get/portfolio/:slug serving", () => {
  it("sends the same reply gzipped to a client that accepts it", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    const plain = await h.as(null).cachable(slug);
    for (const who of [null, "bob"] as const) {
      const zipped = await h.as(who).cachable(slug, { "accept-encoding": "br;q=1, gzip;q=0.8" });
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    }
    expect((await h.as(null).cachable(slug, { "accept-encoding": "gzip;q=0" })).headers["content-encoding"]).toBeUndefined();
  });

  it("hides a portfolio from visitors the moment it turns private, however often it was read", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    for (let i = 0; i < 3; i++) expect((await h.as(null).cachable(slug)).statusCode).toBe(200);
    await h.as("alice").settings(slug, { privateMode: true });
    expect((await h.as(null).cachable(slug)).statusCode).toBe(404);
    await h.as("alice").settings(slug, { privateMode: false });
    await h.as(null).cachable(slug);
    await h.as("alice").remove(slug);
    expect((await h.as(null).cachable(slug)).statusCode).toBe(404);
  });

  it("serves visitors from this process for a few seconds, then checks the store again", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    const first = (await h.as(null).cachable(slug)).json();
    // another replica turns it private (a store write this process did not make) and drops the shared copy
    const doc = await h.stored(slug);
    if (!doc) throw new Error("not stored");
    await h.deps.store.commit([replaceOp({ ...doc, privateMode: true })]);
    await h.svc.cache.del(replyCacheKey(slug));
    expect((await h.as(null).cachable(slug)).json()).toEqual(first);
    h.deps.clock.advance(LOCAL_TTL_MS);
    expect((await h.as(null).cachable(slug)).statusCode).toBe(404);
  });
});
