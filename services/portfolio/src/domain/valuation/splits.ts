/**
 * Splits: a lot entered as traded is held today in more (or fewer) shares. The user's entry stays as
 * entered; the lot's shares, and the sentence that explains them, follow from the splits after its DoA.
 */
import { displayDate } from "./months.ts";
import type { IsoDate, Split } from "./types.ts";

/** The splits whose ex-date is after DoA (a purchase on the ex-date already has post-split shares). */
export function splitsAfter(splits: readonly Split[], DoA: IsoDate): Split[] {
  return splits.filter((s) => s.date > DoA);
}

/** F = Π ratio over the given splits. */
export function splitFactor(splits: readonly Split[]): number {
  let f = 1;
  for (const s of splits) f *= s.ratio;
  return f;
}

/** A ratio as n:d in the smallest whole numbers (d ≤ 1000): 10 → "10:1", 1.5 → "3:2", 0.1 → "1:10". */
export function ratioText(ratio: number): string {
  for (let d = 1; d <= 1000; d++) {
    const n = ratio * d;
    const whole = Math.round(n);
    if (whole > 0 && Math.abs(n - whole) < 1e-9 * Math.max(1, n)) return `${whole}:${d}`;
  }
  return `${Number(ratio.toPrecision(6))}:1`;
}

/** A share count with thousands separators and at most 6 decimals: 1000 → "1,000", 0.5 → "0.5". */
export function shareCount(n: number): string {
  const [whole, fraction] = String(Math.round(n * 1e6) / 1e6).split(".");
  const digits = whole.replace("-", "");
  let grouped = "";
  for (let i = 0; i < digits.length; i++) grouped += (i > 0 && (digits.length - i) % 3 === 0 ? "," : "") + digits[i];
  return (whole.startsWith("-") ? "-" : "") + grouped + (fraction ? `.${fraction}` : "");
}

/**
 * "10 bought → 100 after the 10:1 split of Jun 10, 2024", one step per split; a ratio below 1 is a
 * "reverse split". "" when there is no split after DoA. A sale says "sold".
 */
export function splitNote(quantity: number, splits: readonly Split[], verb: "bought" | "sold" = "bought"): string {
  if (splits.length === 0) return "";
  let shares = quantity;
  let note = `${shareCount(quantity)} ${verb}`;
  for (const s of splits) {
    shares *= s.ratio;
    note += ` → ${shareCount(shares)} after the ${ratioText(s.ratio)} ${s.ratio < 1 ? "reverse split" : "split"} of ${displayDate(s.date)}`;
  }
  return note;
}
