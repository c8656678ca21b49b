/**
 * A CPU profile of the compiled app serving one cached read (BENCH diagnostics, not part of `npm run bench`):
 * the app started with --cpu-prof, public portfolios made, then autocannon on the paths for some seconds; the
 * profile's hottest functions (self time) are printed and the .cpuprofile kept in the folder given.
 *
 *   node --import tsx scripts/bench/profile-read.ts <quote|portfolio|community> <out dir> [seconds]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildServer } from "../build-server.mjs";
import { marketDataDir } from "../market-data/location.ts";
import { startServer } from "./support/server.ts";
import { cannon, publicPortfolios } from "./throughput.ts";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

const [which = "community", out = "/tmp", secondsArg = "6"] = process.argv.slice(2);
await buildServer({ quiet: true });
const app = await startServer({
  env: { DATA_DIR: join(out, "data"), MARKET_DATA_DIR: marketDataDir(), MARKET_DATA_PROVIDERS: "csv", RATE_LIMIT_PER_MINUTE: "1000000" },
  nodeArgs: [`--cpu-prof`, `--cpu-prof-dir=${out}`],
});
try {
  const slugs = await publicPortfolios(app.url, "profile", 60);
  await new Promise((r) => setTimeout(r, 3000));
  const paths =
    which === "quote"
      ? ["/v1/get/SPY"]
      : which === "portfolio"
        ? slugs.map((s) => `/cachable/get/portfolio/${s}`)
        : ["/v1/get/communityportfolios"];
  await cannon(app.url, paths, 2);
  const r = await cannon(app.url, paths, Number(secondsArg));
  console.log(`${which}: ${Math.round(r.requestsPerSecond)} req/s`);
} finally {
  await app.kill();
}
const file = readdirSync(out).find((f) => f.endsWith(".cpuprofile"));
if (file) {
  const profile = JSON.parse(readFileSync(join(out, file), "utf8")) as { nodes: Node[] };
  const total = profile.nodes.reduce((n, x) => n + x.hitCount, 0);
  const self = new Map<string, number>();
  for (const n of profile.nodes) {
    const where = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`;
    self.set(where, (self.get(where) ?? 0) + n.hitCount);
  }
  for (const [where, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${((100 * hits) / total).toFixed(1)} %  ${where}`);
}
