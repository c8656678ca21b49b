/**
 * `npm run bench`: figures, not pass/fail. Each benchmark prints what it measured and on what machine.
 * Run one alone with `node --import tsx scripts/bench/<name>.ts`. The long ones take their size from the
 * environment: MEMORY_REQUESTS (requests per run of the memory bench, 4 runs; default 250000), SOAK_SECONDS
 * (default 600), ATTACK_SECONDS (per attack, default 15); BENCH_CLUSTER=1 adds the cluster's gateway to the
 * throughput comparison.
 */
import { cpus, totalmem } from "node:os";
import { attacksBench } from "./attacks.ts";
import { coldStart } from "./cold-start.ts";
import { communityBench } from "./community.ts";
import { firstLoadBench } from "./first-load.ts";
import { importFilesBench } from "./import-files.ts";
import { importOcrBench } from "./import-ocr.ts";
import { memoryBench } from "./memory.ts";
import { networthBench } from "./networth.ts";
import { soakBench } from "./soak.ts";
import { throughputBench } from "./throughput.ts";
import { valuationBench } from "./valuation.ts";

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
await coldStart();
await firstLoadBench();
await valuationBench();
const size = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};
await throughputBench({ cluster: process.env.BENCH_CLUSTER === "1" });
await attacksBench(size("ATTACK_SECONDS", 15));
await memoryBench(size("MEMORY_REQUESTS", 250_000), 4);
await communityBench();
await networthBench();
await importOcrBench();
await importFilesBench();
await soakBench(size("SOAK_SECONDS", 600));
