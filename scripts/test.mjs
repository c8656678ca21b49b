#!/usr/bin/env node
// The README's test command (`npm test`): builds the web app and the server (the system and e2e tests run the
// compiled app, dist/server and web/dist, as `npm start` and the image do), runs every
// vitest project (server, web, e2e) and ends with one plain summary line: "tests: N passed, N failed, N skipped".
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const run = (cmd, args) => spawnSync(cmd, args, { stdio: "inherit", env: process.env });

const build = run("npm", ["run", "build", "--silent"]);
if (build.status !== 0) {
  console.error("web build failed");
  process.exit(build.status ?? 1);
}

const report = ".vitest-results.json";
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const projects = ["--project", "server", "--project", "web", "--project", "e2e"];
const vitest = run("npx", ["vitest", "run", ...projects, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...extra]);

if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, "utf8"));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`\ntests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
  if (r.numTotalTests === 0) {
    console.error("no test ran");
    process.exit(1);
  }
}
process.exit(vitest.status ?? 1);
