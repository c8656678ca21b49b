/**
 * Image preparation before OCR (sharp, prebuilt libvips from the registry): decode PNG/JPEG/WebP (refusing
 * more than 40 megapixels), flatten transparency, grayscale, invert wherever the ground is dark (dark themes,
 * coloured pills, dark bars: light text on a dark ground reads worse), erase table rules and grid lines,
 * then scale so that a text line is
 * about TARGET_LINE_PX high: small and low-resolution screenshots are enlarged, very large text reduced.
 * The text-line height comes from the rows of ink found by textLineHeight (a horizontal projection).
 */
import { MAX_PIXELS } from "./input.ts";

const TARGET_LINE_PX = 30;
const MAX_SIDE = 4000;

export interface PreparedImage {
  png: Buffer;
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
  const line = textLineHeight(data, width, height);
  let scale = line ? TARGET_LINE_PX / line : 1;
  // enlarge small text; shrink only very large text (a 3× phone screenshot), which reads as well and faster
  if (scale < 1) scale = line && line > TARGET_LINE_PX * 2 ? (TARGET_LINE_PX * 1.5) / line : 1;
  scale = Math.min(Math.max(scale, 0.5), 4, MAX_SIDE / Math.max(width, height));
  if (Math.abs(scale - 1) < 0.15) scale = 1;
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  let img = sharp(data, { raw: { width, height, channels: 1 } });
  if (scale !== 1) img = img.resize(outWidth, outHeight, { kernel: scale > 1 ? "cubic" : "lanczos3" });
  const png = await img.normalise().png({ compressionLevel: 1 }).toBuffer();
  return { png, width: outWidth, height: outHeight, scale, inverted: inverted > data.length / 2 };
}

type Sharp = typeof import("sharp")["default"];

/**
 * Table rules and grid lines erased (painted with the ground around them): a horizontal run of ink (darker
 * than its ground) longer than 15 % of the width (at least 50 pixels), or a vertical one taller than three
 * text lines, is no text (letters never run so far), and the recognition reads rules as "|", "l" or "_"
 * glued to the numbers beside them.
 */
export function removeRules(gray: Uint8Array, ground: Uint8Array, width: number, height: number, lineHeight: number): void {
  // ink: clearly darker than the ground around it (a dark theme's faint rules count too)
  const ink = (i: number) => gray[i] < ground[i] - 25;
  // both directions are found on the image as it is, then erased: erasing one first would cut the other
  const rule = new Uint8Array(gray.length);
  const minRun = Math.max(50, Math.round(width * 0.15));
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      if (x < width && ink(row + x)) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        if (x - start >= minRun) rule.fill(1, row + start, row + x);
        start = -1;
      }
    }
  }
  const minColumn = Math.max(40, lineHeight * 3);
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      if (y < height && ink(y * width + x)) {
        if (start < 0) start = y;
      } else if (start >= 0) {
        if (y - start >= minColumn) for (let k = start; k < y; k++) rule[k * width + x] = 1;
        start = -1;
      }
    }
  }
  for (let i = 0; i < gray.length; i++) if (rule[i]) gray[i] = ground[i];
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
