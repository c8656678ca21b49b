/**
 * tesseract.js, fully local: the English model from the `@tesseract.js-data/eng` package (`langPath` is a
 * folder on disk, so the worker reads the file instead of fetching it), the WebAssembly core from the
 * `tesseract.js-core` package (`corePath`), and no cache written next to the process (`cacheMethod: none`).
 * Nothing is downloaded at run time and the image never leaves the process.
 *
 * One worker is kept warm and reused (loading the model costs about a second); calls are serialised on it.
 * The package itself loads with the first worker, not with the server.
 * Words come back with their boxes; lines are rebuilt from the boxes (layout.ts) rather than trusted from
 * Tesseract, whose blocks may split a table's row into columns.
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type { Worker } from "tesseract.js";
import { groupLines, type OcrLine, type OcrWord } from "./layout.ts";
import { type PreparedImage, prepareImage } from "./prepare.ts";

const require = createRequire(import.meta.url);

export function localTesseractPaths(): { langPath: string; corePath: string } {
  const eng = require("@tesseract.js-data/eng") as { langPath: string };
  return { langPath: eng.langPath, corePath: dirname(require.resolve("tesseract.js-core/package.json")) };
}

/** sparse: text anywhere (best for phone apps and cards); block: one uniform block (keeps table rows whole) */
export type Layout = "sparse" | "block";

export interface OcrResult {
  lines: OcrLine[];
  /** the plain text, one line per row */
  text: string;
}

export class OcrEngine {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private tesseract: typeof import("tesseract.js") | undefined;

  private start(): Promise<Worker> {
    this.worker ??= (async () => {
      const tesseract = await import("tesseract.js");
      this.tesseract = tesseract;
      const worker = await tesseract.createWorker("eng", tesseract.OEM.LSTM_ONLY, {
        ...localTesseractPaths(),
        cacheMethod: "none",
        gzip: true,
      });
      // debug_file: Tesseract's own diagnostics (statistics of an empty crop) stay out of the service's output
      await worker.setParameters({ preserve_interword_spaces: "1", user_defined_dpi: "300", debug_file: "/dev/null" });
      return worker;
    })();
    return this.worker;
  }

  /** Loads the model now rather than on the first image. */
  async warm(): Promise<void> {
    await this.start();
  }

  /** Prepares and reads an image; `layout` picks Tesseract's page segmentation (see readScreenshot). */
  read(image: Uint8Array | PreparedImage, layout: Layout = "sparse"): Promise<OcrResult> {
    const job = this.queue.then(async () => this.readNow(image instanceof Uint8Array ? await prepareImage(image) : image, layout));
    this.queue = job.catch(() => undefined);
    return job;
  }

  private async readNow(prepared: PreparedImage, layout: Layout): Promise<OcrResult> {
    const worker = await this.start();
    const { PSM } = this.tesseract as typeof import("tesseract.js");
    await worker.setParameters({
      tessedit_pageseg_mode: layout === "sparse" ? PSM.SPARSE_TEXT : PSM.SINGLE_BLOCK,
      tessedit_char_whitelist: "",
    });
    const { data } = await worker.recognize(prepared.png, {}, { blocks: true, text: false });
    const words: OcrWord[] = [];
    for (const block of data.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          for (const w of line.words) {
            const text = w.text.trim();
            if (text) words.push({ text, x0: w.bbox.x0, y0: w.bbox.y0, x1: w.bbox.x1, y1: w.bbox.y1, confidence: w.confidence });
          }
        }
      }
    }
    const lines = groupLines(words);
    return { lines, text: lines.map((l) => l.text).join("\n") };
  }

  /**
   * Reads one word again on its own (Tesseract's single-word mode, the box with a margin): a short bold word
   * in a page the whole-page reading found unsure of ("vVoo", "[8]") often reads right alone. `chars`, when
   * given, are the only characters it may read (a ticker's capitals, a quantity's digits).
   */
  readWord(
    image: PreparedImage,
    box: { x0: number; y0: number; x1: number; y1: number },
    chars = "",
  ): Promise<{ text: string; confidence: number }> {
    const job = this.queue.then(async () => {
      const worker = await this.start();
      const { PSM } = this.tesseract as typeof import("tesseract.js");
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_WORD, tessedit_char_whitelist: chars });
      const margin = Math.round((box.y1 - box.y0) * 0.4);
      // whole pixels inside the image (a box split from a glued word has fractional edges)
      const left = Math.min(image.width - 1, Math.max(0, Math.floor(box.x0 - margin)));
      const top = Math.min(image.height - 1, Math.max(0, Math.floor(box.y0 - margin)));
      const rectangle = {
        left,
        top,
        width: Math.max(1, Math.min(image.width - left, Math.ceil(box.x1 - box.x0 + 2 * margin))),
        height: Math.max(1, Math.min(image.height - top, Math.ceil(box.y1 - box.y0 + 2 * margin))),
      };
      // the word's box cut from the prepared pixels and sent alone: a rectangle of the whole page would have the
      // worker decode the whole page's PNG for every word
      const { data } = await worker.recognize(await crop(image, rectangle), {}, { text: true });
      return { text: data.text.trim(), confidence: data.confidence };
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await (await worker).terminate();
  }
}

/** a rectangle of the prepared image's grey pixels, as a PNG of its own */
async function crop(image: PreparedImage, r: { left: number; top: number; width: number; height: number }): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const out = Buffer.alloc(r.width * r.height);
  for (let y = 0; y < r.height; y++)
    image.gray.copy(out, y * r.width, (r.top + y) * image.width + r.left, (r.top + y) * image.width + r.left + r.width);
  return sharp(out, { raw: { width: r.width, height: r.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
