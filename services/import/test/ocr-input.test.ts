/** Upload checks read from the header alone, and the image preparation's refusals. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImage, MAX_BYTES } from "../src/ocr/input.ts";
import { BlankImageError, prepareImage } from "../src/ocr/prepare.ts";

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();

/** A PNG header declaring `width` × `height` followed by nothing: what a decompression bomb looks like unread. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

describe("screenshot input checks", () => {
  it("reads PNG, JPEG and WebP dimensions from the header", async () => {
    const image = sharp({ create: { width: 321, height: 123, channels: 3, background: "#336699" } });
    expect(checkImage(await image.clone().png().toBuffer())).toEqual({ ok: true, header: { format: "png", width: 321, height: 123 } });
    expect(checkImage(await image.clone().jpeg().toBuffer())).toEqual({ ok: true, header: { format: "jpeg", width: 321, height: 123 } });
    expect(checkImage(await image.clone().webp().toBuffer())).toEqual({ ok: true, header: { format: "webp", width: 321, height: 123 } });
    expect(checkImage(await image.clone().webp({ lossless: true }).toBuffer())).toEqual({
      ok: true,
      header: { format: "webp", width: 321, height: 123 },
    });
  });

  it("refuses what is not an image, too large, too many pixels, a bomb, or empty", async () => {
    const code = (bytes: Uint8Array) => {
      const r = checkImage(bytes);
      return r.ok ? "ok" : r.problem.code;
    };
    expect(code(new TextEncoder().encode("Date,Symbol\n2024-01-01,AAPL"))).toBe("not_an_image");
    expect(code(new Uint8Array(0))).toBe("empty");
    expect(code(pngHeader(0, 100))).toBe("empty");
    const big = new Uint8Array(MAX_BYTES + 1);
    big.set(await png(10, 10));
    expect(code(big)).toBe("too_large");
    // 50,000 × 50,000 declared in 33 bytes: refused without inflating anything
    expect(code(pngHeader(50_000, 50_000))).toBe("decompression_bomb");
    // 8,000 × 6,000 = 48 MP in a file big enough to hold it: too many pixels, not a bomb
    const tall = new Uint8Array(400_000);
    tall.set(pngHeader(8000, 6000));
    expect(code(tall)).toBe("too_many_pixels");
    expect(code(await png(800, 600))).toBe("ok");
  });

  it("a blank image has no text to read", async () => {
    await expect(prepareImage(await png(400, 300))).rejects.toBeInstanceOf(BlankImageError);
  });

  it("dark themes are inverted and small text is enlarged", async () => {
    // a dark desktop statement at 1× in 14 px type (scripts/import-screenshots.ts, names-table, seed 7)
    const dark = readFileSync(join(import.meta.dirname, "screenshots", "names-table-7600.png"));
    const prepared = await prepareImage(dark);
    expect(prepared.inverted).toBe(true);
    expect(prepared.scale).toBeGreaterThan(1.5);
  });
});
