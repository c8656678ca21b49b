#!/usr/bin/env node
/**
 * Compiles the server once, so no process compiles TypeScript at start: one esbuild bundle per entry in
 * dist/server/ (ES modules, Node 20.19+). Every entry sits two folders below the repository root, as its
 * sources do (gateway/src/…), so paths resolved from the module (the web app's dist) stay right.
 *
 *   embedded.js       the embedded app (`npm start`, the image's default command)
 *   gateway.js        the cluster's gateway
 *   <service>.js      one per service (accounts, portfolio, …), ROLE=api|worker|all
 *   create-topics.js  the cluster's Kafka topics from proto's event map (compose `kafka-init`)
 *   openapi.json      the OpenAPI document, generated once here (by openapi-json.js) instead of at each start
 *   import-file-worker.js   the import service's worker thread for large broker files
 *   portfolio-valuation-worker.js   the portfolio service's valuation threads
 *   metafile.json     esbuild's account of the build: every input, what imports it and how (checked by tests)
 *
 * What is bundled: our workspaces (@folio/*), and the npm packages every start loads (imported statically
 * from an entry, so each start of the compiled app runs them: the system and end-to-end tests run these very
 * files). What stays in node_modules (`npm ci --omit=dev` installs it in the image) and loads at run time:
 * every package reached through a dynamic import() — the ones loaded on first use (plaid, stripe, openai,
 * nodemailer, Swagger UI, sharp, tesseract.js) and whatever they import — and `runtimePackages` below.
 * A package bundled into a chunk of its own for a dynamic import loses its named exports when it is CommonJS
 * (esbuild gives that chunk only a default export): that is how the compiled app once lost plaid's
 * `Configuration`. test/system/built.test.ts reads the build's metafile and checks the rule: every bundled
 * package is reached from an entry by static imports alone. The workspace modules loaded on demand (the
 * Kafka, Redis and MongoDB adapters) become chunks of their own beside the entries.
 *
 *   node scripts/build-server.mjs [--outdir dir]     (inside the repository, where node_modules resolves)
 */
import { spawnSync } from "node:child_process";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export const repoRoot = resolve(import.meta.dirname, "..");

/** Entry name → source file, relative to the repository root. */
export function serverEntries(root = repoRoot) {
  const services = readdirSync(resolve(root, "services"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return {
    embedded: "gateway/src/embedded.ts",
    gateway: "gateway/src/main.ts",
    "create-topics": "platform/src/bus/create-topics.ts",
    "openapi-json": "gateway/src/openapi-json.ts",
    // the import service reads large broker files on a worker thread from this module
    "import-file-worker": "services/import/src/file-worker.ts",
    // the portfolio service values portfolios on worker threads from this module
    "portfolio-valuation-worker": "services/portfolio/src/valuation-worker.ts",
    ...Object.fromEntries(services.map((name) => [name, `services/${name}/src/main.ts`])),
  };
}

/**
 * npm packages that stay in node_modules whatever imports them: native addons, packages that read files
 * beside their own code (language data, Lua scripts, static pages, worker threads), and the drivers of the
 * cluster's servers, which the embedded app never loads.
 */
export const runtimePackages = [
  "better-sqlite3",
  "sharp",
  "tesseract.js",
  "tesseract.js-core",
  "@tesseract.js-data/eng",
  "@fastify/swagger-ui",
  // @fastify/swagger-ui loads it from node_modules anyway: one copy instead of a second one bundled
  "yaml",
  "pino",
  "pino-pretty",
  "thread-stream",
  "bullmq",
  "ioredis",
  "kafkajs",
  "mongoose",
  "mongodb",
];

export const packageName = (path) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

const runtimeExternal = {
  name: "runtime-packages-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      if (name.startsWith("@folio/") || name.startsWith("node:")) return undefined;
      // loaded on first use: from node_modules, as Node itself loads it (named exports of CommonJS included)
      if (args.kind === "dynamic-import" || runtimePackages.includes(name)) return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** Bundled CommonJS packages may require Node's built-ins and the external packages at run time. */
const requireBanner =
  'import { createRequire as __folioCreateRequire } from "node:module"; const require = __folioCreateRequire(import.meta.url);';

export async function buildServer({ outdir = resolve(repoRoot, "dist/server"), quiet = false } = {}) {
  const started = performance.now();
  const entries = serverEntries();
  // chunks are named by their content: a fresh folder keeps old ones from piling up
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.entries(entries).map(([out, src]) => ({ out, in: src })),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    // adapters loaded on demand (Kafka, Redis, MongoDB) get chunks of their own, beside the entries so that
    // every module stays two folders below the root
    splitting: true,
    chunkNames: "chunk-[hash]",
    sourcemap: "linked",
    legalComments: "none",
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: quiet ? "error" : "warning",
    metafile: true,
    plugins: [runtimeExternal],
    banner: { js: requireBanner },
  });
  writeFileSync(join(outdir, "metafile.json"), JSON.stringify(result.metafile));
  const openapi = spawnSync(process.execPath, [join(outdir, "openapi-json.js"), join(outdir, "openapi.json")], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (openapi.status !== 0) throw new Error(`generating the OpenAPI document failed (exit ${openapi.status})`);
  const ms = Math.round(performance.now() - started);
  if (!quiet) console.log(`server built: ${Object.keys(entries).length} entries in ${outdir} (${ms} ms)`);
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--outdir");
  await buildServer(at > 0 ? { outdir: resolve(process.argv[at + 1]) } : {});
}
