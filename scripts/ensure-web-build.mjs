#!/usr/bin/env node
// `npm start` on a fresh clone: build the web app once if web/dist is missing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(new URL("../web/dist/index.html", import.meta.url))) {
  console.log("Building the web app (first start)…");
  const r = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  process.exit(r.status ?? 1);
}
