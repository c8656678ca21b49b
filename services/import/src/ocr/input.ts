/**
 * Checks on an uploaded screenshot before anything decodes it (pure: bytes in, verdict out).
 * The format and the dimensions are read from the file's header alone (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/
 * VP8X), so a decompression bomb (a small file declaring a huge canvas) is refused without being inflated.
 *
 * - not an image: no PNG, JPEG or WebP signature, or a header that does not parse
 * - too large: more than 10 MB
 * - too many pixels: more than 40 megapixels
 * - decompression bomb: more than 40 megapixels declared by a file that could not hold them even at an
 *   extreme compression ratio (over 1,000 pixels per byte)
 * - empty: no bytes, or zero width or height (a blank canvas is found after decoding, see prepare.ts)
 */

export const MAX_BYTES = 10 * 1024 * 1024;
export const MAX_PIXELS = 40_000_000;
const BOMB_PIXELS_PER_BYTE = 1000;

export type ImageFormat = "png" | "jpeg" | "webp";

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

export type ImageProblemCode = "not_an_image" | "too_large" | "too_many_pixels" | "decompression_bomb" | "empty";

export interface ImageProblem {
  code: ImageProblemCode;
  message: string;
}

export function checkImage(bytes: Uint8Array): { ok: true; header: ImageHeader } | { ok: false; problem: ImageProblem } {
  const fail = (code: ImageProblemCode, message: string) => ({ ok: false as const, problem: { code, message } });
  if (bytes.length === 0) return fail("empty", "the image is empty");
  if (bytes.length > MAX_BYTES) return fail("too_large", `the image is larger than 10 MB (${(bytes.length / 1024 / 1024).toFixed(1)} MB)`);
  const header = readHeader(bytes);
  if (!header) return fail("not_an_image", "the file is not a PNG, JPEG or WebP image");
  if (header.width === 0 || header.height === 0) return fail("empty", "the image is empty (no pixels)");
  const pixels = header.width * header.height;
  if (pixels > MAX_PIXELS) {
    if (pixels / bytes.length > BOMB_PIXELS_PER_BYTE) {
      return fail(
        "decompression_bomb",
        `the image declares ${header.width} × ${header.height} pixels in ${bytes.length} bytes: refused unread`,
      );
    }
    return fail("too_many_pixels", `the image has more than 40 megapixels (${header.width} × ${header.height})`);
  }
  return { ok: true, header };
}

export function readHeader(b: Uint8Array): ImageHeader | null {
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && ascii(b, 12, 4) === "IHDR") {
    return { format: "png", width: u32be(b, 16), height: u32be(b, 20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 30 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return webp(b);
  return null;
}

function jpeg(b: Uint8Array): ImageHeader | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (b[i + 2] << 8) | b[i + 3];
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: "jpeg", height: (b[i + 5] << 8) | b[i + 6], width: (b[i + 7] << 8) | b[i + 8] };
    }
    if (marker === 0xda || length < 2) return null;
    i += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): ImageHeader | null {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 " && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { format: "webp", width: ((b[27] << 8) | b[26]) & 0x3fff, height: ((b[29] << 8) | b[28]) & 0x3fff };
  }
  if (chunk === "VP8L" && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    return { format: "webp", width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)), height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)) };
  }
  return null;
}

const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + ((b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
