/**
 * The compiled server as `npm start` and the image run it: scripts/build-server.mjs builds dist/server (the
 * test setup builds it when it is older than its sources), and `node dist/server/embedded.js` starts the
 * whole app from plain JavaScript (no tsx). What the build bundles follows one rule, checked here on its
 * metafile: our workspaces and the npm packages every start loads (reached from an entry by static imports
 * alone); a package reached through a dynamic import() stays in node_modules and loads as Node loads it, so
 * a CommonJS package keeps its named exports (bundled into a chunk of its own, plaid lost `Configuration`).
 * The app answers /healthz, serves the API, the OpenAPI document and the web app, and keeps the cluster's
 * drivers (kafkajs, ioredis, BullMQ, mongoose) unloaded: they are only for configurations that name their
 * servers. test/system/lazy-packages.test.ts uses each package loaded on first use through these entries.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../gateway/src/openapi.ts";
import { packageName, runtimePackages, serverEntries } from "../../scripts/build-server.mjs";
import { type AppProcess, api, repoRoot, startApp } from "../support/app-process.ts";

interface Metafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}
const dist = join(repoRoot, "dist/server");
const meta = JSON.parse(readFileSync(join(dist, "metafile.json"), "utf8")) as Metafile;
const npmPackageOf = (input: string): string | null => {
  const at = input.lastIndexOf("node_modules/");
  return at < 0 ? null : packageName(input.slice(at + "node_modules/".length));
};
/** The packages loaded on first use (import() in our code): each must load from node_modules. */
const LOADED_ON_FIRST_USE = ["plaid", "stripe", "openai", "tesseract.js", "sharp", "nodemailer", "@fastify/swagger", "@fastify/swagger-ui"];

const work = mkdtempSync(join(tmpdir(), "folio-built-"));
const modulesFile = join(work, "modules.json");
// written when the process stops: every CommonJS module it loaded from node_modules
const recorder = join(work, "record-modules.cjs");
writeFileSync(
  recorder,
  `process.once("SIGTERM", () => { require("node:fs").writeFileSync(${JSON.stringify(modulesFile)}, JSON.stringify(Object.keys(require.cache))); process.exit(0); });`,
);
let app: AppProcess | undefined;

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

  it("bundles our workspaces and only the packages every start loads; the rest loads from node_modules", () => {
    // what each entry reaches through static imports alone (import statements, require calls)
    const reached = new Set<string>();
    const stack = Object.values(serverEntries());
    while (stack.length > 0) {
      const input = stack.pop() as string;
      if (reached.has(input)) continue;
      reached.add(input);
      for (const edge of meta.inputs[input]?.imports ?? []) {
        if (!edge.external && (edge.kind === "import-statement" || edge.kind === "require-call")) stack.push(edge.path);
      }
    }
    const bundled = new Set<string>();
    const loadedLater: string[] = [];
    for (const input of Object.keys(meta.inputs)) {
      const pkg = npmPackageOf(input);
      if (!pkg) continue;
      bundled.add(pkg);
      if (!reached.has(input)) loadedLater.push(input);
    }
    expect(loadedLater, "bundled, but reached only through a dynamic import()").toEqual([]);
    // every bundled input outside node_modules is one of our workspaces
    const ours = Object.keys(meta.inputs).filter((i) => !npmPackageOf(i));
    for (const input of ours) expect(input).toMatch(/^(proto|platform|gateway|services\/[a-z]+)\/src\//);

    const external = new Set(
      Object.values(meta.outputs)
        .flatMap((o) => o.imports)
        .filter((i) => i.external && !i.path.startsWith("node:") && !i.path.startsWith("."))
        .map((i) => packageName(i.path)),
    );
    for (const pkg of LOADED_ON_FIRST_USE) {
      expect(external, pkg).toContain(pkg);
      expect(bundled, pkg).not.toContain(pkg);
    }
    for (const pkg of runtimePackages) expect(bundled, pkg).not.toContain(pkg);
    // what loads from node_modules is there in the image: a production dependency (npm ci --omit=dev)
    const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as {
      packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
    };
    for (const pkg of external) {
      if (builtinModules.includes(pkg)) continue; // a Node built-in imported without the node: prefix
      const entry = lock.packages[`node_modules/${pkg}`];
      expect(entry, `${pkg} is not installed by npm ci`).toBeDefined();
      expect(entry?.dev || entry?.devOptional, `${pkg} must be a production dependency`).toBeFalsy();
    }
  });

  it("starts the embedded app from plain JavaScript and serves the API, /docs and the web app", async () => {
    // the embedded configuration, whatever servers the suite's environment names (CI sets MONGO_URL)
    const embedded = { MONGO_URL: "", REDIS_URL: "", KAFKA_BROKERS: "" };
    app = await startApp({ ...embedded, DATA_DIR: join(work, "data"), NODE_OPTIONS: `--require ${recorder}` });
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
    const fromSources = await buildOpenApiDocument();
    expect(docs.body).toEqual(JSON.parse(JSON.stringify(fromSources)));
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
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

  it("starts no process of the cluster without JWT_SECRET: the gateway's and a service's entries exit 78 naming it", () => {
    for (const entry of ["gateway", "accounts", "portfolio"]) {
      const r = spawnSync(process.execPath, [`dist/server/${entry}.js`], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, DATA_DIR: join(work, `no-secret-${entry}`), PORT: "0", KAFKA_BROKERS: "127.0.0.1:1" },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(r.status, `${entry}: ${r.stderr}`).toBe(78);
      expect(r.stderr, entry).toContain("JWT_SECRET must be set in the cluster");
    }
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
