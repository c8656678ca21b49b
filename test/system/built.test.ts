/**
 * The compiled server as `npm start` and the image run it: scripts/build-server.mjs builds dist/server, and
 * `node dist/server/embedded.js` starts the whole app from plain JavaScript (no tsx). It answers /healthz,
 * serves the API, the OpenAPI document and the web app, and keeps the cluster's drivers (kafkajs, ioredis,
 * BullMQ, mongoose) unloaded: they are only for configurations that name their servers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "@folio/platform/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../gateway/src/openapi.ts";
import { buildServer, serverEntries } from "../../scripts/build-server.mjs";
import { type AppProcess, api, BUILT_ENTRY, repoRoot, startApp } from "../support/app-process.ts";

const work = mkdtempSync(join(tmpdir(), "folio-built-"));
const modulesFile = join(work, "modules.json");
// written when the process stops: every CommonJS module it loaded from node_modules
const recorder = join(work, "record-modules.cjs");
writeFileSync(
  recorder,
  `process.once("SIGTERM", () => { require("node:fs").writeFileSync(${JSON.stringify(modulesFile)}, JSON.stringify(Object.keys(require.cache))); process.exit(0); });`,
);
let app: AppProcess | undefined;

beforeAll(async () => {
  await buildServer({ quiet: true });
}, 120_000);

afterAll(async () => {
  await app?.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

describe("the compiled server (dist/server)", () => {
  it("has one bundle per entry: the embedded app, the gateway, each service and the topic set-up", () => {
    const entries = Object.keys(serverEntries());
    expect(entries).toEqual(expect.arrayContaining(["embedded", "gateway", "create-topics", "accounts", "pricing", "import"]));
    for (const entry of entries)
      expect(readFileSync(join(repoRoot, "dist/server", `${entry}.js`), "utf8").length, entry).toBeGreaterThan(0);
  });

  it("starts the embedded app from plain JavaScript and serves the API, /docs and the web app", async () => {
    // the embedded configuration, whatever servers the suite's environment names (CI sets MONGO_URL)
    const embedded = { MONGO_URL: "", REDIS_URL: "", KAFKA_BROKERS: "" };
    app = await startApp({ ...embedded, DATA_DIR: join(work, "data"), NODE_OPTIONS: `--require ${recorder}` }, undefined, BUILT_ENTRY);
    console.log(`compiled embedded app: ${Math.round(app.startMs)} ms from spawn until /healthz answered`);
    expect((await api(app.url, "GET", "/healthz")).status).toBe(200);
    const reg = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/register", {
      email: "built@example.com",
      password: "s3cret-pass",
    });
    expect(reg.status).toBe(200);
    const saved = await api<{ slug: string }>(
      app.url,
      "POST",
      "/v1/save/portfolio/new",
      { portfolio: { assets: [] }, newPortfolioName: "Compiled" },
      reg.body.idToken,
    );
    expect(saved.status).toBe(200);
    // a schema compiled on first use validates like one compiled at start
    const bad = await api(app.url, "POST", "/v1/auth/register", { email: 42 });
    expect(bad.status).toBe(400);
    // the document generated at build time is the one the sources generate
    const docs = await api<{ openapi: string; paths: Record<string, unknown> }>(app.url, "GET", "/docs/json");
    expect(docs.body.openapi).toMatch(/^3\./);
    expect(Object.keys(docs.body.paths)).toContain("/v1/auth/register");
    const fromSources = await buildOpenApiDocument(loadConfig({ DATA_DIR: join(work, "openapi"), JWT_SECRET: "x".repeat(40) }));
    expect(docs.body).toEqual(JSON.parse(JSON.stringify(fromSources)));
    const page = await fetch(`${app.url}/`);
    expect([200, 503]).toContain(page.status); // 503 says the web app is not built (npm run build)
    // a broker file above 128 KB is read on the import's worker thread, built as its own entry
    const lines = ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"'];
    for (let i = 0; i < 3000; i++)
      lines.push(
        `"03/${String(1 + (i % 28)).padStart(2, "0")}/2024","Buy","S${i % 30}","COMPANY ${i % 30} INC","1","$20.00","$0.00","-$20.00"`,
      );
    const form = new FormData();
    form.set("file", new Blob([lines.join("\n")]), "history.csv");
    const file = await fetch(`${app.url}/v1/import/portfolio/file`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${reg.body.idToken}` },
    });
    expect(file.status).toBe(200);
    // 3,000 buys of one share over 30 securities: 100 each
    expect(((await file.json()) as { message: Array<{ quantity: number }> }).message.map((r) => r.quantity)).toEqual(Array(30).fill(100));
  });

  it("does not load the cluster's drivers in the embedded configuration", async () => {
    await app?.kill("SIGTERM");
    app = undefined;
    const loaded = (JSON.parse(readFileSync(modulesFile, "utf8")) as string[]).filter((m) => m.includes("node_modules"));
    expect(loaded.some((m) => m.includes("/node_modules/better-sqlite3/"))).toBe(true);
    for (const driver of ["kafkajs", "ioredis", "bullmq", "mongoose", "mongodb"]) {
      expect(
        loaded.filter((m) => m.includes(`/node_modules/${driver}/`)),
        driver,
      ).toEqual([]);
    }
  });
});
