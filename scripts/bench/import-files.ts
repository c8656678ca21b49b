/**
 * Broker-file import: accuracy per set (services/import/test/broker-files: the tuning set and the held-out
 * batches; README there), and the time files take on the service's two paths with the longest the event loop
 * waited meanwhile (a 1 ms interval's largest gap): up to WORKER_BYTES in place (CSV rows read with papaparse in
 * slices, then the statement read and settled in one synchronous stretch), larger on a worker thread.
 *   node --import tsx scripts/bench/import-files.ts [--verbose]
 */
import { cpus } from "node:os";
import { settleFiles, sourceFile } from "../../services/import/src/domain/files/index.ts";
import { readCsvRows, settleOnWorker, WORKER_BYTES } from "../../services/import/src/file-import.ts";
import { accuracy, type Split, scoreSet } from "../../services/import/test/broker-set.ts";
import { sourceWorker } from "../../services/import/test/file-worker.ts";

/** A Schwab history of `bytes` size: 500 securities, two buys to a sale, twenty lines a day. */
function schwabHistory(bytes: number): string {
  const lines = ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"'];
  let size = lines[0].length;
  let day = Date.UTC(2010, 0, 4);
  for (let i = 0; size < bytes - 200; i++) {
    const d = new Date(day);
    const date = `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
    const symbol = `S${(i * 7919) % 500}`;
    const buy = i % 3 !== 2;
    const line = `"${date}","${buy ? "Buy" : "Sell"}","${symbol}","COMPANY ${symbol} INC","${buy ? 3 : 1}","$${(10 + (i % 90)).toFixed(2)}","$0.00","-$30.00"`;
    lines.push(line);
    size += line.length + 1;
    if (i % 20 === 19) day += 86_400_000;
  }
  return lines.join("\n");
}

/** Runs `work` while a 1 ms interval measures the event loop's largest gap. */
async function watched<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; longestWait: number }> {
  let longest = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  const start = performance.now();
  const value = await work();
  // one more turn so a stretch at the very end is measured too
  await new Promise((r) => setTimeout(r, 2));
  clearInterval(probe);
  return { value, ms: performance.now() - start, longestWait: longest };
}

async function inPlace(text: string) {
  return watched(async () => settleFiles([sourceFile(text, await readCsvRows(text))], { asOf: "2025-10-01" }));
}

export async function importFilesBench(verbose = false): Promise<void> {
  for (const split of ["tuning", "held-out-v1", "held-out-v2", "held-out-v3", "held-out"] as Split[]) {
    const s = scoreSet(split);
    console.log(
      `import files ${split}: ${s.right}/${s.expected} holdings right, ${s.extra} extra rows, ${(100 * accuracy(s)).toFixed(1)} % ` +
        `(${s.cases} cases, ${s.files} files, ${s.asked} questions answered)`,
    );
    if (verbose) for (const c of s.perCase) if (c.misses.length) console.log(`  ${c.name}: ${c.misses.join("; ")}`);
  }
  const machine = `on ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}`;
  const small = schwabHistory(WORKER_BYTES - 1024);
  const here = await inPlace(small);
  console.log(
    `import files ${Math.round(small.length / 1024)} KB Schwab history in place (${here.value.transactions.length.toLocaleString("en-US")} transactions): ` +
      `${Math.round(here.ms)} ms, the event loop waited at most ${Math.round(here.longestWait)} ms ${machine}`,
  );
  for (const mb of [1, 5]) {
    const text = schwabHistory(mb * 1024 * 1024);
    const t = await watched(() => settleOnWorker([text], { asOf: "2025-10-01" }, sourceWorker));
    console.log(
      `import files ${mb} MB Schwab history on a worker thread (${t.value.transactions.length.toLocaleString("en-US")} transactions, ` +
        `${t.value.rows.length} holdings): ${Math.round(t.ms)} ms, the event loop waited at most ${Math.round(t.longestWait)} ms ${machine}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await importFilesBench(process.argv.includes("--verbose"));
