/**
 * The embedded app's edge through app.inject: security headers on every reply (API, web app, files,
 * 404s, /docs), and the web build's files served as the build wrote them: index.html revalidated on each
 * use, hashed assets cached for a year, both sent brotli- or gzip-compressed from the build's own copies.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../test/support/app-process.ts";
import { IMMUTABLE, webCacheControl, webDist } from "../src/edge.ts";
import { startEmbedded } from "../src/embedded.ts";

const dataDir = mkdtempSync(join(tmpdir(), "folio-edge-"));
let app: FastifyInstance;
let stop: () => Promise<void>;

beforeAll(async () => {
  // the files under test are the web build's; build it when missing or built before it was precompressed
  if (!existsSync(join(webDist, "index.html.br"))) {
    const build = spawnSync("npm", ["run", "build", "--silent"], { cwd: repoRoot, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`web build failed:\n${build.stdout}${build.stderr}`);
  }
  ({ app, stop } = await startEmbedded({ DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn" }));
}, 120_000);

afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

function directives(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(
    String(res.headers["content-security-policy"] ?? "")
      .split(";")
      .filter((d) => d.trim())
      .map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name as string, values.join(" ")];
      }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(directives(res)).toMatchObject({
    "script-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": "'none'",
  });
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("no-referrer");
  expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
}

/** The body as the browser reads it, after undoing the content encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers["content-encoding"];
  const raw = res.rawPayload;
  return (encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
}

const indexHtml = () => readFileSync(join(webDist, "index.html"), "utf8");
const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);

describe("the edge's headers", () => {
  it("are on API replies, their errors and 404s, the web app's pages and files, and /docs", async () => {
    const replies = [
      await app.inject({ method: "POST", url: "/v1/auth/register", payload: { email: "edge@example.com", password: "long-enough" } }),
      await app.inject({ method: "POST", url: "/v1/auth/login", payload: { email: "edge@example.com", password: "wrong-password" } }),
      await app.inject({ method: "POST", url: "/v1/get/portfolios-and-assets", headers: { authorization: "Bearer forged" } }),
      await get("/v1/no/such/call"),
      await get("/healthz"),
      await get("/"),
      await get("/p/some-portfolio"),
      await get(assetsOf(indexHtml())[0] as string, "br"),
      await get("/assets/missing-0123abcd.js"),
      await get("/docs"),
      await get("/docs/json"),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 401, 401, 404, 200, 200, 200, 200, 404, 200, 200]);
    for (const res of replies) expectSecurityHeaders(res);
  });

  it("/docs (Swagger UI) may add inline <style> elements, and nothing else", async () => {
    const docs = directives(await get("/docs"));
    const page = directives(await get("/"));
    expect(docs["style-src-elem"]).toBe("'self' 'unsafe-inline'");
    expect({ ...docs, "style-src-elem": page["style-src-elem"] }).toEqual(page);
    expect(page["style-src-elem"]).toBe("'self'");
  });

  it("index.html has no inline script, no event-handler attribute and no <base>: the policy needs none", () => {
    const html = indexHtml();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body?.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+=|<base\b|javascript:/i);
  });
});

describe("the web app's files", () => {
  it("index.html, at / and for page routes, is revalidated on every use and sent compressed", async () => {
    const html = indexHtml();
    for (const url of ["/", "/dashboard", "/p/some-portfolio?copy"]) {
      for (const [accept, encoding] of [
        ["br, gzip", "br"],
        ["gzip", "gzip"],
        ["", undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decoded(res)).toBe(html);
      }
    }
  });

  it("hashed scripts and stylesheets are immutable for a year, brotli or gzip from the build's copies, else plain", async () => {
    const assets = assetsOf(indexHtml());
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const plain = readFileSync(join(webDist, asset), "utf8");
      const br = await get(asset, "gzip, deflate, br");
      const gzip = await get(asset, "gzip");
      const identity = await get(asset);
      for (const res of [br, gzip, identity]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers["cache-control"]).toBe(IMMUTABLE);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers["content-type"]).toMatch(asset.endsWith(".js") ? /^(?:text|application)\/javascript/ : /^text\/css/);
        expect(decoded(res)).toBe(plain);
      }
      expect([br.headers["content-encoding"], gzip.headers["content-encoding"], identity.headers["content-encoding"]]).toEqual([
        "br",
        "gzip",
        undefined,
      ]);
      // the copies are the build's, smaller than the file
      expect(br.rawPayload.length).toBe(readFileSync(join(webDist, `${asset}.br`)).length);
      expect(br.rawPayload.length).toBeLessThan(plain.length);
      expect(gzip.rawPayload.length).toBeLessThan(plain.length);
    }
  });

  it("a missing asset is a JSON 404, not index.html and not cached for a year", async () => {
    const res = await get("/assets/index-0123abcd.js", "br");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).not.toBe(IMMUTABLE);
  });

  it("only hashed files count as immutable", () => {
    expect(webCacheControl(join(webDist, "assets/index-CS-uGqhB.js"))).toBe(IMMUTABLE);
    expect(webCacheControl(join(webDist, "assets/react-apexcharts.esm-C3B1St27.js.br"))).toBe(IMMUTABLE);
    expect(webCacheControl(join(webDist, "index.html"))).toBe("no-cache");
    expect(webCacheControl(join(webDist, "index.html.gz"))).toBe("no-cache");
    expect(webCacheControl(join(webDist, "assets/logo.svg"))).toBe("no-cache");
    expect(webCacheControl(join(webDist, "robots.txt"))).toBe("no-cache");
  });
});
