/**
 * Screenshot import accuracy and speed on screenshots generated now (scripts/import-screenshots.ts), in six
 * splits of layout families: TUNING (the families the reader's rules may be tuned on), HELD-OUT, HELD-OUT-3,
 * HELD-OUT-4, HELD-OUT-5 and HELD-OUT-6 (families the rules are never tuned on: the figures that count;
 * held-out-3 to held-out-6 were each committed before the reader first ran on them; held-out-6, seven
 * families written on 2026-11-28, is the only one not read yet: the first run that includes it, `--split held-out-6` or all splits as
 * `npm run bench` runs them, is its first reading). A holding is exactly right when a row has its
 * ticker and quantity; a row that is not right is caught (flagged for the user) or silent. Time per image
 * on a warm worker: image preparation + OCR + parsing + the checks against the search.
 *
 *   node --import tsx scripts/bench/import-ocr.ts [--per-family N] [--seed S] [--split tuning|held-out|held-out-3|held-out-4|held-out-5|held-out-6] [--families a,b] [--verbose]
 *     [--keep DIR] [--replay FILE]
 *
 * --keep renders the set into DIR once and reads it from there after; --replay records Tesseract's readings
 * in FILE and replays them (a rule of the reader tried on the same readings in seconds; the times then mean
 * nothing). A kept set is rendered whole for the selection first asked; --split and --families then pick from it.
 *
 * Misses are printed for the tuning split only (--verbose prints the held-out ones too: looking at them to
 * change the rules would make that split tuning data).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { OcrEngine } from "../../services/import/src/ocr/engine.ts";
import { readScreenshot, type ScreenshotReader } from "../../services/import/src/screenshot.ts";
import { type ManifestEntry, score, setSearch } from "../../services/import/test/screenshot-set.ts";
import { type GenerateOptions, generate } from "../import-screenshots.ts";

/** the order the splits are printed in: tuning first, then the held-out splits, the freshest last */
const SPLITS = ["tuning", "held-out", "held-out-3", "held-out-4", "held-out-5", "held-out-6"];

interface Tally {
  right: number;
  rightFlagged: number;
  expected: number;
  caught: number;
  silent: number;
  times: number[];
  /** CPU time of the process (every thread: the OCR worker, libvips) per image: steadier than the wall clock under load */
  cpu: number[];
  families: Map<string, { right: number; expected: number }>;
}

export async function importOcrBench(
  options: {
    perFamily?: number;
    seed?: number;
    split?: string;
    families?: string[];
    verbose?: boolean;
    /** a folder the set is kept in and taken from when its manifest is there (a set already rendered) */
    keep?: string;
    /** a file of Tesseract's readings: those it holds are replayed, the others made and added (the reader's rules tried in seconds; times then mean nothing) */
    replay?: string;
  } = {},
) {
  const perFamily = options.perFamily ?? 4;
  const seed = options.seed ?? 1;
  const dir = options.keep ?? mkdtempSync(join(tmpdir(), "folio-ocr-bench-"));
  const engine = new OcrEngine();
  const readings: Record<string, unknown> =
    options.replay && existsSync(options.replay) ? JSON.parse(readFileSync(options.replay, "utf8")) : {};
  let recorded = 0;
  /** the engine's readings of one file kept by what was asked: the page in a layout, or a word's box */
  const replaying = (file: string): ScreenshotReader => ({
    read: async (image, layout) => {
      const key = `${file}|${layout}`;
      if (!(key in readings)) {
        readings[key] = await engine.read(image, layout);
        recorded++;
      }
      return structuredClone(readings[key]) as Awaited<ReturnType<OcrEngine["read"]>>;
    },
    readWord: async (image, box, chars) => {
      const key = `${file}|${box.x0},${box.y0},${box.x1},${box.y1}|${chars ?? ""}`;
      if (!(key in readings)) {
        readings[key] = await engine.readWord(image, box, chars);
        recorded++;
      }
      return structuredClone(readings[key]) as { text: string; confidence: number };
    },
  });
  try {
    const renderStart = performance.now();
    if (options.keep) mkdirSync(options.keep, { recursive: true });
    const set =
      options.keep && existsSync(join(options.keep, "manifest.json"))
        ? (JSON.parse(readFileSync(join(options.keep, "manifest.json"), "utf8")) as ManifestEntry[]).filter(
            (e) => (!options.split || e.split === options.split) && (!options.families || options.families.includes(e.family)),
          )
        : await generate({
            out: dir,
            split: (options.split as GenerateOptions["split"] | undefined) ?? "all",
            perFamily,
            seed,
            families: options.families,
          });
    const renderMs = performance.now() - renderStart;
    const warmStart = performance.now();
    await engine.warm();
    const warmMs = performance.now() - warmStart;
    const tallies = new Map<string, Tally>();
    for (const item of set) {
      const t: Tally = tallies.get(item.split) ?? {
        right: 0,
        rightFlagged: 0,
        expected: 0,
        caught: 0,
        silent: 0,
        times: [],
        cpu: [],
        families: new Map(),
      };
      tallies.set(item.split, t);
      const bytes = readFileSync(join(dir, item.file));
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const { message } = await readScreenshot(options.replay ? replaying(item.file) : engine, bytes, setSearch);
      const ms = performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      t.times.push(ms);
      t.cpu.push((cpu.user + cpu.system) / 1000);
      const s = score(item, message);
      t.right += s.right;
      t.rightFlagged += s.rightFlagged;
      t.expected += s.expected;
      t.caught += s.caught;
      t.silent += s.silent;
      const f = t.families.get(item.family) ?? { right: 0, expected: 0 };
      f.right += s.right;
      f.expected += s.expected;
      t.families.set(item.family, f);
      if ((item.split === "tuning" || options.verbose) && s.misses.length) print(item, s.right, s.expected, ms, s.misses);
    }
    console.log(`import OCR: ${set.length} screenshots generated in ${Math.round(renderMs)} ms (seed ${seed}, ${perFamily} per family)`);
    for (const [split, t] of [...tallies].sort(([a], [b]) => SPLITS.indexOf(a) - SPLITS.indexOf(b))) {
      const sorted = [...t.times].sort((a, b) => a - b);
      const cpu = [...t.cpu].sort((a, b) => a - b);
      console.log(
        `import OCR ${split}: ${t.right}/${t.expected} holdings exactly right (${((100 * t.right) / t.expected).toFixed(1)} %); ` +
          `rows not right: ${t.caught} flagged, ${t.silent} silent; right rows flagged all the same: ${t.rightFlagged}; per image median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms, ` +
          `max ${Math.round(sorted[sorted.length - 1])} ms; CPU per image median ${Math.round(cpu[Math.floor(cpu.length / 2)])} ms`,
      );
      console.log(`  by family: ${[...t.families].map(([f, x]) => `${f} ${x.right}/${x.expected}`).join(", ")}`);
    }
    console.log(
      `  (warm worker; model load ${Math.round(warmMs)} ms) on ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    if (options.replay && recorded) writeFileSync(options.replay, JSON.stringify(readings));
  } finally {
    await engine.close();
    if (!options.keep) rmSync(dir, { recursive: true, force: true });
  }
}

function print(item: ManifestEntry, right: number, expected: number, ms: number, misses: string[]) {
  console.log(`  ${item.file} [${item.tags.join(" ")}]: ${right}/${expected} in ${Math.round(ms)} ms; ${misses.join("; ")}`);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`)
  await importOcrBench({
    perFamily: arg("--per-family") ? Number(arg("--per-family")) : undefined,
    seed: arg("--seed") ? Number(arg("--seed")) : undefined,
    split: arg("--split"),
    families: arg("--families")?.split(","),
    verbose: process.argv.includes("--verbose"),
    keep: arg("--keep"),
    replay: arg("--replay"),
  });
