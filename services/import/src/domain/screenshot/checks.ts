/**
 * Every holding read from a screenshot, checked against what pricing's search answered for it, with a
 * confidence (0–1) and the flags the import table asks the user about before Create. Pure: the search's
 * answers come in, a checked row goes out.
 *
 * Rules (docs/product-decisions.md, Imports, "Checks"):
 * - A ticker read on the screen is KNOWN when the search for it answers that very symbol (or its crypto
 *   pair, BTC → BTC-USD): pricing's autocomplete only offers symbols a configured provider can price. A
 *   known ticker whose row also shows a name is SURE when the name is like the symbol's name (bigram
 *   similarity ≥ 0.5) or when no name is shown.
 * - A ticker the search does not answer exactly is UNKNOWN (a misreading such as "COM", or a symbol pricing
 *   cannot price): flagged. When the row shows a name that the name search finds at similarity ≥ 0.8 and
 *   that symbol is at most two letters away from what was read (XOoM → XOM), or what was read is the name's
 *   first word (LVMH Moet Hennessy → MC), the name's symbol is taken and the row is sure; otherwise the
 *   closest symbol the searches offered is proposed in the flag.
 * - A known ticker beside a name that matches another company better (similarity < 0.5 to its own, ≥ 0.5 to
 *   the other's: a bank's "Novartis Namen-Akt" is 0.64 like Novartis AG) is flagged as a mismatch, proposing
 *   the name's symbol.
 * - A name without a ticker takes the name search's best suggestion: sure at similarity ≥ 0.8, flagged as
 *   unsure from 0.5, and left without a ticker (flagged) below or when nothing is found; flagged too when
 *   another symbol's name is within 0.1 of the best or also ≥ 0.8 (two funds named alike: IWDA and EUNL).
 * - The quantity is sure when quantity × price = value holds on the line, or it stands under a Quantity
 *   column or beside a unit, with a recognition confidence of at least 60 (when the OCR gave one), at least
 *   80 when the row shows neither a price nor a value to check it against (a dropped separator, "80719" for
 *   "80,719", is then nothing else's to catch). It is
 *   flagged when its digits were re-read from value ÷ price, when quantity × price misses the value shown,
 *   when a second reading of the number alone gives other digits, or when it was only "the one number
 *   without a currency sign".
 * - It is flagged too when quantity × price = value holds but both factors are written alike (no currency sign,
 *   the same decimals) and no other row of the screen told the quantity's column from the price's.
 * - When the search could not be asked (pricing down), every row is flagged: nothing unchecked is sure.
 * - confidence = the ticker's × the quantity's (each 1 when sure; the similarity or the recognition's
 *   confidence / 100 otherwise), rounded to 2 places.
 */
import type { HoldingEvidence, ScreenshotHolding } from "./holdings.ts";

export type FlagField = "ticker" | "quantity";

export interface RowFlag {
  field: FlagField;
  code: "unknown-ticker" | "name-mismatch" | "unsure-name" | "no-ticker" | "unchecked" | "unsure-quantity";
  message: string;
  /** a symbol the searches offered instead, when there is one */
  suggestion?: string;
}

export interface Suggested {
  ticker: string;
  name: string;
}

/** What the search answered for a row: for its ticker and for its name; null when the search could not be asked. */
export interface SearchAnswers {
  byTicker: Suggested[] | null;
  byName: Suggested[] | null;
}

export interface CheckedHolding {
  ticker: string;
  name: string;
  quantity: number;
  price: number | null;
  marketValue: number | null;
  confidence: number;
  flags: RowFlag[];
}

export const SURE_NAME = 0.8;
export const LIKELY_NAME = 0.5;
export const SURE_WORD = 60;
/** a row's name less like its symbol's company than this, and like no other, makes the symbol doubtful */
export const UNLIKE_NAME = 0.2;
/** a second name this close to the best one (similarity) makes a name-only row's symbol a choice */
export const RIVAL_NAME = 0.1;
/** the recognition's confidence a quantity needs when its row shows no price nor value to check it against */
export const SURE_WORD_UNCHECKED = 80;

export function checkHolding(row: ScreenshotHolding, answers: SearchAnswers): CheckedHolding {
  const flags: RowFlag[] = [];
  let ticker = row.ticker ?? "";
  let name = row.name;
  let tickerScore = 1;
  const bestByName = best(row.name, answers.byName);

  if (row.ticker) {
    const exact = answers.byTicker?.find((s) => s.ticker === row.ticker || s.ticker === `${row.ticker}-USD`);
    if (answers.byTicker === null) {
      tickerScore = 0.5;
      flags.push({ field: "ticker", code: "unchecked", message: `Pricing could not be asked about ${row.ticker} just now: check it.` });
    } else if (exact) {
      ticker = exact.ticker;
      name ||= exact.name;
      const own = row.name ? similarity(row.name, exact.name) : 1;
      if (row.name && own < LIKELY_NAME && bestByName && bestByName.score >= LIKELY_NAME && bestByName.s.ticker !== exact.ticker) {
        tickerScore = own;
        flags.push({
          field: "ticker",
          code: "name-mismatch",
          message: `${exact.ticker} is ${exact.name}, but the screen names "${row.name}" (${bestByName.s.ticker}): which is it?`,
          suggestion: bestByName.s.ticker,
        });
      } else if (row.name && own < UNLIKE_NAME && /\p{L}{3}/u.test(row.name)) {
        // a name nothing like the symbol's company, which the search cannot place either ("Als" beside SHELL):
        // the symbol may be a neighbour's
        tickerScore = Math.max(own, 0.3);
        flags.push({
          field: "ticker",
          code: "name-mismatch",
          message: `${exact.ticker} is ${exact.name}, but the screen names "${row.name}": check the ticker.`,
        });
      }
    } else if (
      bestByName &&
      bestByName.score >= SURE_NAME &&
      // two letters or fewer apart (XOoM → XOM), or the "ticker" was the name's first word (LVMH Moet Hennessy)
      (distance(row.ticker, bestByName.s.ticker.replace(/-USD$/, "")) <= 2 || row.name.split(/\s+/)[0].toUpperCase() === row.ticker)
    ) {
      ticker = bestByName.s.ticker;
      tickerScore = bestByName.score;
    } else {
      tickerScore = 0.2;
      const suggestion = bestByName && bestByName.score >= LIKELY_NAME ? bestByName.s.ticker : closest(row.ticker, answers.byTicker ?? []);
      flags.push({
        field: "ticker",
        code: "unknown-ticker",
        message: `Pricing knows no ticker "${row.ticker}": it may be misread. Correct it${suggestion ? ` (${suggestion}?)` : ""} or confirm it.`,
        ...(suggestion ? { suggestion } : {}),
      });
    }
  } else if (answers.byName === null) {
    tickerScore = 0;
    flags.push({
      field: "ticker",
      code: "unchecked",
      message: `Pricing could not be asked about "${row.name}" just now: type its ticker.`,
    });
  } else if (bestByName && bestByName.score >= LIKELY_NAME) {
    ticker = bestByName.s.ticker;
    tickerScore = bestByName.score;
    // another symbol whose name is as like the row's (within 0.1), or also surely like it ("iShares Core MSCI
    // World" is IWDA's, 1.0, and, with "UCITS", EUNL's, 0.88), leaves the choice to the user
    const rival = answers.byName?.find(
      (s) => s.ticker !== bestByName.s.ticker && similarity(row.name, s.name) >= Math.min(SURE_NAME, bestByName.score - RIVAL_NAME),
    );
    if (rival && bestByName.score >= SURE_NAME) {
      tickerScore = Math.min(tickerScore, 0.6);
      flags.push({
        field: "ticker",
        code: "unsure-name",
        message: `Read "${row.name}": ${bestByName.s.ticker} (${bestByName.s.name}) and ${rival.ticker} (${rival.name}) are both named so. Confirm or correct the ticker.`,
        suggestion: bestByName.s.ticker,
      });
    } else if (bestByName.score < SURE_NAME)
      flags.push({
        field: "ticker",
        code: "unsure-name",
        message: `Read "${row.name}": is it ${bestByName.s.ticker} (${bestByName.s.name})? Confirm or correct the ticker.`,
        suggestion: bestByName.s.ticker,
      });
  } else {
    tickerScore = 0;
    flags.push({ field: "ticker", code: "no-ticker", message: `No ticker found for "${row.name}": type it.` });
  }

  const { score: quantityScore, flag } = quantityCheck(row.evidence, row.quantity, row.price === null && row.marketValue === null);
  if (flag) flags.push(flag);
  return {
    ticker,
    name,
    quantity: row.quantity,
    price: row.price,
    marketValue: row.marketValue,
    confidence: Math.round(tickerScore * quantityScore * 100) / 100,
    flags,
  };
}

function quantityCheck(e: HoldingEvidence, quantity: number, unchecked: boolean): { score: number; flag?: RowFlag } {
  const word = e.quantityConfidence === null ? 1 : e.quantityConfidence / 100;
  if (e.repaired)
    return {
      score: 0.5,
      flag: {
        field: "quantity",
        code: "unsure-quantity",
        message: `The quantity was misread and taken as value ÷ price = ${quantity}: check it.`,
      },
    };
  if (e.mismatch)
    return {
      score: 0.4,
      flag: {
        field: "quantity",
        code: "unsure-quantity",
        message: `The quantity ${quantity} times the price shown is not the value shown: something was misread, check it.`,
      },
    };
  if (e.guessed)
    return {
      score: 0.6,
      flag: {
        field: "quantity",
        code: "unsure-quantity",
        message: `The quantity ${quantity} and the price are written alike and could be the other way round: check it.`,
      },
    };
  if (e.disagree)
    return {
      score: 0.5,
      flag: {
        field: "quantity",
        code: "unsure-quantity",
        message: `The quantity reads as ${quantity} or, read again, as ${e.disagree}: check it.`,
      },
    };
  if (e.quantity === "product") return { score: 1 };
  if (e.quantity === "alone" || (e.quantityConfidence !== null && e.quantityConfidence < (unchecked ? SURE_WORD_UNCHECKED : SURE_WORD)))
    return {
      score: Math.min(word, 0.6),
      flag: {
        field: "quantity",
        code: "unsure-quantity",
        message: `The quantity ${quantity} could not be checked against a price and value on the screen: check it.`,
      },
    };
  return { score: Math.max(word, 0.9) };
}

/**
 * The quantity's precision, asked last (after the readings are merged: these doubts ask the user, they do
 * not choose between readings). A row whose quantity nothing flagged yet is flagged when
 * - quantity × price = value holds only within the 1 % that tells the numbers apart, not to the digits the
 *   price and value are written with (a misread digit, or another number of the row that fits: "110" for 109);
 * - its row does not check and shows an amount the reading gave no role (neither quantity, price, value, cost
 *   nor change: "41157 $58.73 $2,41715", the value misread as 2.41715; "13 2999 3,388.87", 113 read as 13 and
 *   29.99 as 2999): nothing checks it;
 * - its number reads either way under the two decimal marks ("52,374": one separator, then three digits) and
 *   nothing on its row checks it (the recognition confuses "." and ",");
 * - it uses all the fixed decimals the screen pads other quantities to ("65.5536" beside "50.0000"): the
 *   screen may have rounded it (only where that rounding is worth half a cent or more: price × ½ decimal);
 * - quantity × price = value cannot vouch for UNVOUCHED_DIGITS of its digits or more (the price's and value's
 *   precision tell it only to (q × ½ price digit + ½ value digit) ÷ price) and the recognition was less than
 *   SURE_WORD_DIGITS sure of the word ("7,392.81166918" × 0.0844 = 623.95);
 * - it was given by a Quantity column it does not stand under, its numbers stand on a line apart from the
 *   row's name while the screen has lines of numbers no row claims or no ticker was read with them, or the header repeats its columns
 *   (holdings side by side) and the ticker stands under another repetition than the quantity.
 * - it has five digits or more and no separator on a screen that groups its thousands, and its row does not check
 *   ("35453" beside "137.630,96": "35,453" with its comma lost?).
 * Each multiplies the confidence by 0.6.
 */
/** digits of a quantity that quantity × price = value cannot vouch for, from which the recognition must be SURE_WORD_DIGITS sure */
export const UNVOUCHED_DIGITS = 4;
export const SURE_WORD_DIGITS = 90;

export function checkPrecision(checked: CheckedHolding, row: ScreenshotHolding): CheckedHolding {
  if (checked.flags.some((f) => f.field === "quantity")) return checked;
  const e = row.evidence;
  const q = checked.quantity;
  const text = e.quantityText ?? String(q);
  const amount = (n: number | null) => (n === null ? "" : String(Math.round(n * 100) / 100));
  let message: string | null = null;
  if (e.crossed) message = `This line shows holdings side by side: the quantity ${q} may be the other holding's, check it.`;
  else if (e.otherLine)
    message = `The numbers of this row stand on a line apart from its name: ${q} may be the quantity of the holding above or below, check it.`;
  else if ((e.unvouched ?? 0) >= UNVOUCHED_DIGITS && e.quantityConfidence !== null && e.quantityConfidence < SURE_WORD_DIGITS)
    message = `Price × value can vouch only for the first digits of ${text}; the last ${e.unvouched} rest on the reading alone: check them.`;
  else if (e.ungrouped)
    message = `"${text}" is written without the separators this screen groups its numbers with, and nothing on the row checks it: a "." or "," may be lost, check the quantity.`;
  else if (e.offColumn) message = `The quantity ${q} does not stand under the Quantity column it was taken from: check it.`;
  else if (e.inexact && row.price !== null && row.marketValue !== null)
    message = `${q} × ${row.price} is ${amount(q * row.price)}, near but not the value ${row.marketValue} shown: a digit may be misread, check the quantity.`;
  else if (e.leftover)
    message = `A number on this row could not be placed (neither quantity, price nor value), so nothing checks the quantity ${q}: check it.`;
  else if (e.quantity !== "product" && /^\D*\d{1,3}[.,]\d{3}\D*$/.test(text)) {
    const [whole, part] = text.replace(/^\D+|\D+$/g, "").split(/[.,]/);
    const other = Number.isInteger(q) ? `${whole}.${part}` : `${whole}${part}`;
    message = `"${text}" may be ${q} or ${Number(other)} (a decimal point and a comma look alike), and nothing on the row checks it: check the quantity.`;
  } else if (e.rounded)
    message = `The screen writes quantities with ${e.rounded} decimals: ${q} may be rounded, check it against your broker.`;
  if (!message) return checked;
  return {
    ...checked,
    confidence: Math.round(checked.confidence * 0.6 * 100) / 100,
    flags: [...checked.flags, { field: "quantity", code: "unsure-quantity", message }],
  };
}

/**
 * The same holding twice on one screen (the same ticker and quantity on two rows): a line read twice, or a
 * neighbour's name or numbers taken, as likely as two accounts holding alike; each row not flagged yet is flagged.
 */
export function checkDuplicates(rows: CheckedHolding[]): CheckedHolding[] {
  const key = (r: CheckedHolding) => `${r.ticker}|${r.quantity}`;
  const count = new Map<string, number>();
  for (const r of rows) if (r.ticker) count.set(key(r), (count.get(key(r)) ?? 0) + 1);
  return rows.map((r) =>
    r.ticker && (count.get(key(r)) ?? 0) > 1 && r.flags.length === 0
      ? {
          ...r,
          confidence: Math.round(r.confidence * 0.6 * 100) / 100,
          flags: [
            {
              field: "quantity",
              code: "unsure-quantity",
              message: `${r.ticker} ${r.quantity} is on this screen twice: check that it was not read twice before you create.`,
            },
          ],
        }
      : r,
  );
}

function best(query: string, found: Suggested[] | null): { s: Suggested; score: number } | null {
  if (!query || !found?.length) return null;
  let top: { s: Suggested; score: number } | null = null;
  for (const s of found) {
    const score = similarity(query, s.name);
    if (!top || score > top.score) top = { s, score };
  }
  return top;
}

function closest(read: string, found: Suggested[]): string | undefined {
  const near = found
    .map((s) => ({ ticker: s.ticker, d: distance(read, s.ticker.replace(/-USD$/, "")) }))
    .filter((x) => x.d <= 1)
    .sort((a, b) => a.d - b.d);
  return near[0]?.ticker;
}

/** Company names' likeness: shared letter pairs (Dice), case, punctuation and legal suffixes left out. */
export function similarity(a: string, b: string): number {
  const x = pairs(a);
  const y = pairs(b);
  if (!x.length || !y.length) return 0;
  const pool = [...y];
  let common = 0;
  for (const g of x) {
    const i = pool.indexOf(g);
    if (i >= 0) {
      common++;
      pool.splice(i, 1);
    }
  }
  return (2 * common) / (x.length + y.length);
}

const SUFFIXES = /\b(inc|corp|corporation|co|company|ltd|plc|sa|se|ag|nv|the|class [abc]|cl [abc])\b\.?/g;

function pairs(s: string): string[] {
  const t = s
    .toLowerCase()
    .replace(SUFFIXES, "")
    .replace(/[^a-z0-9]/g, "");
  return Array.from({ length: Math.max(0, t.length - 1) }, (_, i) => t.slice(i, i + 2));
}

/** Levenshtein distance */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}
