/**
 * The OCR pipeline end to end on a fixed subset of the generated screenshot set (every third image, so each
 * kind of screen is in it): tesseract.js with the packaged English model, image preparation, the text
 * reader and name resolution. The full set and the timings are the bench's (scripts/bench/import-ocr.ts).
 * The floor is the goal (95 %): the subset reads 73/74 today (README, Imports), so a regression fails it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OcrEngine } from "../src/ocr/engine.ts";
import { readScreenshot } from "../src/screenshot.ts";
import { loadSet, nameSearch, SCREENSHOTS, score } from "./screenshot-set.ts";

const FLOOR = 0.95;

describe("screenshot OCR accuracy", () => {
  const engine = new OcrEngine();
  afterAll(() => engine.close());

  it(`reads at least ${FLOOR * 100} % of the subset's holdings exactly (ticker and quantity)`, { timeout: 120_000 }, async () => {
    const set = loadSet();
    const resolve = nameSearch(set);
    let right = 0;
    let expected = 0;
    const misses: string[] = [];
    for (const item of set.filter((_, i) => i % 3 === 0)) {
      const { message } = await readScreenshot(engine, readFileSync(join(SCREENSHOTS, item.file)), resolve);
      const s = score(item, message);
      right += s.right;
      expected += s.expected;
      misses.push(...s.misses.map((m) => `${item.file}: ${m}`));
    }
    console.log(
      `screenshot OCR subset: ${right}/${expected} holdings exactly right${misses.length ? `; missed ${misses.join("; ")}` : ""}`,
    );
    expect(right / expected).toBeGreaterThanOrEqual(FLOOR);
  });
});
