/**
 * Rebuilds text lines from word boxes: words whose vertical centres fall within about half a word height of a
 * line's centre belong to it (words without a letter or digit, icons mostly, are dropped), ordered left to right; lines are ordered top to bottom. This keeps a table's
 * row together however Tesseract split the page into blocks.
 */

export interface OcrWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  confidence?: number;
}

export interface OcrLine {
  text: string;
  words: OcrWord[];
  y0: number;
  y1: number;
}

export function groupLines(all: OcrWord[]): OcrLine[] {
  // icons read as "®" or "@" span two text lines and would glue them together
  const words = all.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
  const sorted = [...words].sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const lines: { words: OcrWord[]; centre: number; height: number }[] = [];
  for (const w of sorted) {
    const centre = (w.y0 + w.y1) / 2;
    const height = w.y1 - w.y0;
    const line = lines.find((l) => Math.abs(l.centre - centre) <= Math.min(l.height, height) * 0.45);
    if (line) {
      line.words.push(w);
      const n = line.words.length;
      line.centre = (line.centre * (n - 1) + centre) / n;
    } else lines.push({ words: [w], centre, height });
  }
  return lines
    .map((l) => {
      const ws = l.words.sort((a, b) => a.x0 - b.x0);
      return {
        words: ws,
        text: ws.map((w) => w.text).join(" "),
        y0: Math.min(...ws.map((w) => w.y0)),
        y1: Math.max(...ws.map((w) => w.y1)),
      };
    })
    .sort((a, b) => a.y0 - b.y0);
}
