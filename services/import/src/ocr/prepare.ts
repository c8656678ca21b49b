/**
 * Image preparation before OCR (sharp, prebuilt libvips from the registry): decode PNG/JPEG/WebP (refusing
 * more than 40 megapixels), flatten transparency, grayscale, invert dark themes (light text on a dark
 * background reads worse), then scale so that a text line is about TARGET_LINE_PX high: small and low-
 * resolution screenshots are enlarged, 3× phone screenshots reduced (faster, and as legible).
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
  const { default: sharp } = await import("sharp");
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
  const inverted = mean < 110;
  if (inverted) for (let i = 0; i < data.length; i++) data[i] = 255 - data[i];
  const line = textLineHeight(data, width, height);
  let scale = line ? TARGET_LINE_PX / line : 1;
  scale = Math.min(Math.max(scale, 0.5), 4, MAX_SIDE / Math.max(width, height));
  if (Math.abs(scale - 1) < 0.15) scale = 1;
  const outWidth = Math.round(width * scale);
  const outHeight = Math.round(height * scale);
  let img = sharp(data, { raw: { width, height, channels: 1 } });
  if (scale !== 1) img = img.resize(outWidth, outHeight, { kernel: scale > 1 ? "cubic" : "lanczos3" });
  const png = await img.normalise().png({ compressionLevel: 1 }).toBuffer();
  return { png, width: outWidth, height: outHeight, scale, inverted };
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
