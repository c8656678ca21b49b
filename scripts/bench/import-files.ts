/**
 * Broker-file import: accuracy per set (services/import/test/broker-files: the tuning set and the held-out
 * batches; README there), and the time uploads take on the import's file threads (from the multipart bytes to
 * the ledger's JSON, file-task.ts) with the longest the event loop waited meanwhile (a 1 ms interval's largest
 * gap).
 *   node --import tsx scripts/bench/import-files.ts [--verbose]
 */
import { cpus, loadavg } from "node:os";
import { accuracy, type Split, scoreSet } from "../../services/import/test/broker-set.ts";
import { sourceFiles } from "../../services/import/test/file-worker.ts";

/** A Schwab history of `bytes` size: 500 securities, two buys to a sale, twenty lines a day. */
export function schwabHistory(bytes: number): string {
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

/** A multipart upload of `text` as the web sends it (the field `file`). */
async function upload(text: string): Promise<{ body: Uint8Array; contentType: string }> {
  const form = new FormData();
  form.append("file", new Blob([text]), "history.csv");
  const response = new Response(form);
  return { body: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type") as string };
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
  const machine = `on ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load ${loadavg()[0].toFixed(1)}`;
  // every upload is read on the file threads, from its multipart bytes to the ledger's JSON (file-task.ts)
  const files = sourceFiles();
  try {
    await files.run({ ...(await upload(schwabHistory(10_000))), field: "file", maxFiles: 5, mappings: [], today: "2025-10-01" });
    for (const kb of [128, 1024, 5 * 1024]) {
      const form = await upload(schwabHistory(kb * 1024));
      const t = await watched(() => files.run({ ...form, field: "file", maxFiles: 5, mappings: [], today: "2025-10-01" }));
      const out = t.value;
      const summary = out.ok
        ? `${out.result.rows.length} holdings, ledger ${(out.transactions.length / 1e6).toFixed(1)} MB of JSON`
        : out.message;
      console.log(
        `import files ${kb >= 1024 ? `${kb / 1024} MB` : `${kb} KB`} Schwab history on the file threads (${summary}): ` +
          `${Math.round(t.ms)} ms, the event loop waited at most ${Math.round(t.longestWait)} ms ${machine}`,
      );
    }
  } finally {
    await files.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await importFilesBench(process.argv.includes("--verbose"));
