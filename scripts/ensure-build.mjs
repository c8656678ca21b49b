#!/usr/bin/env node
/**
 * `npm start`'s first step: builds what is missing, so a fresh clone starts with `npm ci && npm start` and
 * the process itself runs plain JavaScript. The web app is built when web/dist is missing; the server bundle
 * (scripts/build-server.mjs) when dist/server is missing or older than a source file under proto, platform,
 * gateway or services (a checkout without sources, like the container image, keeps what it has).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const serverEntry = join(root, "dist/server/embedded.js");

/** The newest modification time of the server's sources (tests and node_modules aside). */
function newestSource(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "test" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|json)$/.test(entry.name) && !entry.name.endsWith(".test.ts")) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function serverBuildNeeded() {
  if (!existsSync(serverEntry)) return "missing";
  const built = statSync(serverEntry).mtimeMs;
  const sources = Math.max(...["proto", "platform", "gateway", "services"].map((d) => newestSource(join(root, d))));
  return sources > built ? "older than its sources" : undefined;
}

function run(command, args) {
  const r = spawnSync(command, args, { stdio: "inherit", cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync(join(root, "web/dist/index.html"))) {
  console.log("Building the web app (first start)…");
  run("npm", ["run", "build", "--silent", "-w", "web"]);
}
const why = serverBuildNeeded();
if (why) {
  console.log(`Building the server (dist/server is ${why})…`);
  run(process.execPath, [join(root, "scripts/build-server.mjs")]);
}
