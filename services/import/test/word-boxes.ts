import type { ScreenshotLine } from "../src/domain/screenshot/holdings.ts";

/**
 * Recognised lines with word boxes, for the reader's tests (no OCR): a character 10 px wide, a space 5 px (as in
 * proportional type), each line 30 px down; `word@NN` gives that word a confidence of NN (95 otherwise).
 */
export function boxed(text: string): ScreenshotLine[] {
  return text.split("\n").map((row, y) => {
    const words: NonNullable<ScreenshotLine["words"]> = [];
    let x = 0;
    for (const part of row.split(/( +)/)) {
      if (part.startsWith(" ")) x += part.length * 5;
      else if (part) {
        const [word, confidence] = part.split("@");
        words.push({ text: word, x0: x, x1: x + word.length * 10, y0: y * 30, y1: y * 30 + 20, confidence: Number(confidence ?? 95) });
        x += part.length * 10;
      }
    }
    return { text: words.map((w) => w.text).join(" "), words };
  });
}
