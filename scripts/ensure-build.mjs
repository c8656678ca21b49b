#!/usr/bin/env node
/**
 * Builds what is missing or out of date, so a fresh clone starts with `npm ci && npm start` and every process
 * runs plain JavaScript. `npm start`'s first step, and the test setup's (test/setup/build.ts: the system and
 * end-to-end tests run the compiled app, so they run what the sources say now).
 *
 * - The web app (web/dist) when it is missing or older than a file of its sources (web/src, web/index.html,
 *   web/public, web/build, its Vite configuration, and proto, whose constants it imports).
 * - The server bundle (scripts/build-server.mjs) when dist/server is missing or older than a source file under
 *   proto, platform, gateway or services, or than the build script itself.
 * A checkout without sources (the container image) keeps what it has.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const serverEntry = join(root, "dist/server/embedded.js");
const webEntry = join(root, "web/dist/index.html");

/** The newest modification time of the sources under a path (tests, node_modules and builds aside). */
function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "test" || entry.name === "e2e" || entry.name === "dist") continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(child));
    else if (/\.(ts|tsx|mts|mjs|js|json|css|html|svg|png|ico|txt)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      newest = Math.max(newest, statSync(child).mtimeMs);
  }
  return newest;
}

function staleness(built, sources) {
  if (!existsSync(built)) return "missing";
  const newest = Math.max(...sources.map((s) => newestSource(join(root, s))));
  return newest > statSync(built).mtimeMs ? "older than its sources" : undefined;
}

export function serverBuildNeeded() {
  return staleness(serverEntry, ["proto", "platform", "gateway", "services", "scripts/build-server.mjs"]);
}

export function webBuildNeeded() {
  return staleness(webEntry, [
    "web/src",
    "web/index.html",
    "web/public",
    "web/build",
    "web/vite.config.ts",
    "web/package.json",
    "proto/src",
  ]);
}

function run(command, args) {
  const r = spawnSync(command, args, { stdio: "inherit", cwd: root });
  if (r.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${r.status ?? r.signal})`);
}

/** Builds what needs it; returns what was built (empty when everything was up to date). */
export function ensureBuild({ log = console.log } = {}) {
  const built = [];
  const web = webBuildNeeded();
  if (web) {
    log(`Building the web app (web/dist is ${web})…`);
    run("npm", ["run", "build", "--silent", "-w", "web"]);
    built.push("web");
  }
  const server = serverBuildNeeded();
  if (server) {
    log(`Building the server (dist/server is ${server})…`);
    run(process.execPath, [join(root, "scripts/build-server.mjs")]);
    built.push("server");
  }
  return built;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureBuild();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
