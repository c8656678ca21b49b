/**
 * `npm run bench`: figures, not pass/fail. Each benchmark prints what it measured and on what machine.
 * Run one alone with `node --import tsx scripts/bench/<name>.ts`.
 */
import { cpus, totalmem } from "node:os";
import { coldStart } from "./cold-start.ts";
import { communityBench } from "./community.ts";
import { firstLoadBench } from "./first-load.ts";
import { importFilesBench } from "./import-files.ts";
import { importOcrBench } from "./import-ocr.ts";
import { networthBench } from "./networth.ts";
import { throughputBench } from "./throughput.ts";
import { valuationBench } from "./valuation.ts";

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
await coldStart();
await firstLoadBench();
await valuationBench();
await throughputBench();
await communityBench();
await networthBench();
await importOcrBench();
await importFilesBench();
