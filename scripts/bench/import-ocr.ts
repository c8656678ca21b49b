/**
 * Screenshot import accuracy and speed over the generated set (services/import/test/screenshots):
 * share of holdings read exactly right (ticker and quantity) and time per image on a warm worker
 * (image preparation + OCR + parsing + name resolution).
 *   node --import tsx scripts/bench/import-ocr.ts [--verbose]
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { OcrEngine } from "../../services/import/src/ocr/engine.ts";
import { readScreenshot } from "../../services/import/src/screenshot.ts";
import { loadSet, nameSearch, SCREENSHOTS, score } from "../../services/import/test/screenshot-set.ts";

export async function importOcrBench(verbose = false): Promise<void> {
  const set = loadSet();
  const resolve = nameSearch(set);
  const engine = new OcrEngine();
  const warmStart = performance.now();
  await engine.warm();
  const warmMs = performance.now() - warmStart;
  let right = 0;
  let expected = 0;
  let extra = 0;
  const times: number[] = [];
  try {
    for (const item of set) {
      const bytes = readFileSync(join(SCREENSHOTS, item.file));
      const start = performance.now();
      const { message } = await readScreenshot(engine, bytes, resolve);
      times.push(performance.now() - start);
      const s = score(item, message);
      right += s.right;
      expected += s.expected;
      extra += s.extra;
      if (verbose || s.misses.length)
        console.log(
          `  ${item.file}: ${s.right}/${s.expected} in ${Math.round(times[times.length - 1])} ms${s.misses.length ? ` missed ${s.misses.join("; ")}` : ""}${s.extra ? `, ${s.extra} extra` : ""}`,
        );
    }
  } finally {
    await engine.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `import OCR: ${right}/${expected} holdings exactly right (${((100 * right) / expected).toFixed(1)} %), ${extra} extra rows, ` +
      `${set.length} images; per image mean ${Math.round(mean)} ms, median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, ` +
      `max ${Math.round(sorted[sorted.length - 1])} ms (warm worker; model load ${Math.round(warmMs)} ms) on ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await importOcrBench(process.argv.includes("--verbose"));
