/**
 * Image preparation before OCR (sharp, prebuilt libvips from the registry): decode PNG/JPEG/WebP (refusing
 * more than 40 megapixels), flatten transparency, grayscale, invert wherever the ground is dark (dark themes,
 * coloured pills, dark bars: light text on a dark ground reads worse), erase table rules and grid lines,
 * then scale so that capitals and digits are about TARGET_GLYPH_PX high: small and low-resolution screenshots
 * are enlarged, very large text reduced. The type's height comes from the vertical strokes of its glyphs
 * (glyphHeight).
 */
import { MAX_PIXELS } from "./input.ts";

/** the height of capitals and digits the recognition is given (it reads small type badly, large type slowly) */
const TARGET_GLYPH_PX = 24;
const MAX_SIDE = 4000;

export interface PreparedImage {
  png: Buffer;
  /** the same pixels, one grey byte each, row by row: a word's box is cut from these (engine.readWord) */
  gray: Buffer;
  width: number;
  height: number;
  /** the factor applied to the original, to map boxes back */
  scale: number;
  inverted: boolean;
}

export class BlankImageError extends Error {
  constructor() {
    super("the image is blank: no text to read");
    this.name = "BlankImageError";
  }
}

export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  // sharp (native libvips) loads with the first screenshot rather than at every start
  const sharp = (await import("sharp")).default;
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .flatten({ background: "#ffffff" })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < data.length; i++) {
    sum += data[i];
    sumSq += data[i] * data[i];
  }
  const mean = sum / data.length;
  if (Math.sqrt(Math.max(0, sumSq / data.length - mean * mean)) < 2) throw new BlankImageError();
  // light text on a dark ground reads worse: wherever the ground around a pixel is dark (a dark theme, a
  // coloured price pill, a dark header bar) the pixel is inverted, so all text ends up dark on light
  const ground = await background(sharp, data, width, height);
  let inverted = 0;
  for (let i = 0; i < data.length; i++) {
    if (ground[i] < DARK_GROUND) {
      data[i] = 255 - data[i];
      ground[i] = 255 - ground[i];
      inverted++;
    }
  }
  removeRules(data, ground, width, height, textLineHeight(data, width, height) ?? 20);
  const glyph = glyphHeight(data, ground, width, height);
  let scale = glyph ? TARGET_GLYPH_PX / glyph : 1;
  // enlarge small text; shrink only very large text (a 3× phone screenshot), which reads as well and faster
  if (scale < 1) scale = glyph && glyph > TARGET_GLYPH_PX * 2 ? (TARGET_GLYPH_PX * 1.5) / glyph : 1;
  scale = Math.min(Math.max(scale, 0.5), 4, MAX_SIDE / Math.max(width, height));
  if (Math.abs(scale - 1) < 0.15) scale = 1;
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  const stretched = stretch(data);
  let gray = data;
  if (scale !== 1)
    gray = await sharp(data, { raw: { width, height, channels: 1 } })
      .resize(outWidth, outHeight, { kernel: scale > 1 ? "cubic" : "lanczos3" })
      .extractChannel(0)
      .raw()
      .toBuffer();
  // normalised from the resized pixels held in memory: sharp's normalise evaluates its pipeline three times
  // (two percentiles, then the output), which would redo the resize each time (the same pixels, less CPU)
  if (!stretched)
    gray = await sharp(gray, { raw: { width: outWidth, height: outHeight, channels: 1 } })
      .normalise()
      .extractChannel(0)
      .raw()
      .toBuffer();
  const png = await sharp(gray, { raw: { width: outWidth, height: outHeight, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, gray, width: outWidth, height: outHeight, scale, inverted: inverted > data.length / 2 };
}

type Sharp = typeof import("sharp")["default"];

/**
 * Table rules and grid lines erased (painted with the ground around them): a horizontal run of ink (darker
 * than its ground) longer than 15 % of the width (at least 50 pixels), or a vertical one taller than three
 * text lines, is no text (letters never run so far), and the recognition reads rules as "|", "l" or "_"
 * glued to the numbers beside them.
 */
export function removeRules(gray: Uint8Array, ground: Uint8Array, width: number, height: number, lineHeight: number): void {
  // ink: clearly darker than the ground around it (a dark theme's faint rules count too), marked once
  const ink = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) ink[i] = gray[i] < ground[i] - 25 ? 1 : 0;
  // both directions are found on the image as it is, then erased: erasing one first would cut the other
  const rule = new Uint8Array(gray.length);
  const minRun = Math.max(50, Math.round(width * 0.15));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      if (x < width && ink[row + x]) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        if (x - start >= minRun) rule.fill(1, row + start, row + x);
        start = -1;
      }
    }
  }
  // vertical runs followed row by row (each column's run start kept), which reads the pixels in memory order
  const minColumn = Math.max(40, lineHeight * 3);
  const starts = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (y < height && ink[row + x]) {
        if (starts[x] < 0) starts[x] = y;
      } else if (starts[x] >= 0) {
        if (y - starts[x] >= minColumn) for (let k = starts[x]; k < y; k++) rule[k * width + x] = 1;
        starts[x] = -1;
      }
    }
  }
  for (let i = 0; i < gray.length; i++) if (rule[i]) gray[i] = ground[i];
}

/**
 * A sparse image's contrast stretched so the ink is black and the ground white, from the 0.2nd percentile of
 * brightness to the 99th, in place; true when done. Sparse: the 1st percentile lies in the ground (less than
 * 96 levels below the 99th: a table whose text is under 1 % of the pixels), where libvips' normalise (1st to
 * 99th) would blacken its JPEG noise and grey cells and swell the type; any other image is left to it.
 */
export function stretch(gray: Uint8Array): boolean {
  const counts = new Array<number>(256).fill(0);
  for (let i = 0; i < gray.length; i++) counts[gray[i]]++;
  const at = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += counts[v];
      if (seen >= gray.length * share) return v;
    }
    return 255;
  };
  const hi = at(0.99);
  if (hi - at(0.01) >= 96) return false;
  const lo = at(0.002);
  if (hi - lo < 16) return false;
  const k = 255 / (hi - lo);
  for (let i = 0; i < gray.length; i++) gray[i] = Math.max(0, Math.min(255, Math.round((gray[i] - lo) * k)));
  return true;
}

/** below this the ground is dark (0 black … 255 white) */
const DARK_GROUND = 120;

/**
 * The ground's brightness around each pixel: the median of a window about 32 pixels wide (computed on a
 * quarter-size copy for speed, then enlarged), so text strokes, a minority in any window, do not count.
 */
async function background(sharp: Sharp, data: Buffer, width: number, height: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width / 4));
  const h = Math.max(1, Math.round(height / 4));
  // two pipelines: sharp applies one resize per pipeline
  const small = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize(w, h, { kernel: "nearest" })
    .median(9)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return sharp(small, { raw: { width: w, height: h, channels: 1 } })
    .resize(width, height, { kernel: "nearest" })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/**
 * The height of the body text's capitals and digits, in pixels: the vertical strokes of letters and digits
 * ("1", "l", the sides of "0") run the glyph's full height, so the longest common vertical run of ink is it
 * (below); null when there is no ink. Only strokes count: a run whose
 * middle lies in a horizontal run of ink wider than 40 % of its height is part of a blob (a logo's disc, a
 * filled bar), not of a letter. Unlike the height of the bands of inked rows, it is not fooled by lines set
 * closely enough to merge into one band (a name over its ISIN in small type). Ink: clearly darker than the
 * ground around it.
 */
export function glyphHeight(gray: Uint8Array, ground: Uint8Array, width: number, height: number): number | null {
  const ink = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) ink[i] = gray[i] < ground[i] - 50 ? 1 : 0;
  // the width of the horizontal run of ink through each pixel
  const across = new Uint16Array(gray.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      if (x < width && ink[row + x]) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        across.fill(Math.min(65535, x - start), row + start, row + x);
        start = -1;
      }
    }
  }
  const counts = new Uint32Array(height + 1);
  let total = 0;
  // each column's vertical run, followed row by row (memory order)
  const runs = new Int32Array(width);
  for (let y = 0; y <= height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (y < height && ink[row + x]) runs[x]++;
      else {
        const run = runs[x];
        if (run >= 3 && across[(y - 1 - (run >> 1)) * width + x] <= run * 0.4) {
          counts[run]++;
          total++;
        }
        runs[x] = 0;
      }
    }
  }
  if (total < 20) return null;
  // the runs' lengths peak at the body text's x-height (lowercase stems) and its capitals' height (digits,
  // capitals, ascenders); a heading's few large glyphs make a far lower peak. The glyph height is the tallest
  // length at least half as common as the commonest (lengths one apart counted half, for peaks split in two).
  const smooth = (h: number) => counts[h] + ((counts[h - 1] ?? 0) + (counts[h + 1] ?? 0)) / 2;
  let top = 0;
  for (let h = 4; h < height; h++) top = Math.max(top, smooth(h));
  for (let h = height - 1; h >= 4; h--) if (smooth(h) >= top / 2) return h;
  return null;
}

/**
 * The median height of the bands of rows that hold dark ink (text lines), in pixels; null when there is
 * none. A row holds ink when enough of its pixels are much darker than the page (after dark themes are
 * inverted the page is light). Bands taller than a tenth of the image are pictures, not text.
 */
export function textLineHeight(gray: Uint8Array, width: number, height: number): number | null {
  const bands: number[] = [];
  let run = 0;
  const minInk = Math.max(2, Math.round(width * 0.002));
  for (let y = 0; y < height; y++) {
    let ink = 0;
    const row = y * width;
    for (let x = 0; x < width; x++) if (gray[row + x] < 150) ink++;
    if (ink >= minInk && ink < width * 0.6) run++;
    else {
      if (run >= 4 && run < height / 10) bands.push(run);
      run = 0;
    }
  }
  if (run >= 4 && run < height / 10) bands.push(run);
  if (bands.length === 0) return null;
  bands.sort((a, b) => a - b);
  return bands[Math.floor(bands.length / 2)];
}
