/**
 * Every screenshot row checked against the search's answers (domain/screenshot/checks.ts): what is sure,
 * what is flagged and why, and the confidence. Hand-worked: similarities are Dice coefficients over letter
 * pairs with case, punctuation and legal suffixes left out.
 */
import { describe, expect, it } from "vitest";
import { checkDuplicates, checkHolding, checkPrecision, similarity } from "../src/domain/screenshot/checks.ts";
import { type HoldingEvidence, readHoldings, type ScreenshotHolding } from "../src/domain/screenshot/holdings.ts";

const checked: HoldingEvidence = { quantity: "product", repaired: false, tickerConfidence: 92, quantityConfidence: 90 };
const row = (over: Partial<ScreenshotHolding>): ScreenshotHolding => ({
  ticker: "JNJ",
  name: "",
  quantity: 10,
  price: 158.76,
  marketValue: 1587.6,
  evidence: checked,
  ...over,
});
const JNJ = { ticker: "JNJ", name: "Johnson & Johnson" };
const XOM = { ticker: "XOM", name: "Exxon Mobil Corporation" };

describe("screenshot row checks", () => {
  it("a ticker the search answers exactly, with quantity × price = value on the line, is sure", () => {
    const r = checkHolding(row({}), { byTicker: [JNJ], byName: [] });
    expect(r).toMatchObject({ ticker: "JNJ", name: "Johnson & Johnson", quantity: 10, confidence: 1, flags: [] });
  });

  it("a quantity that checks but could be the price the other way round (written alike, no row told them apart) is flagged", () => {
    const r = checkHolding(row({ evidence: { ...checked, guessed: true } }), { byTicker: [JNJ], byName: [] });
    expect(r.flags).toEqual([expect.objectContaining({ field: "quantity", code: "unsure-quantity" })]);
    // 1 (known ticker) × 0.6 (a guess between two factors)
    expect(r.confidence).toBe(0.6);
  });

  it("a ticker the search does not know is flagged, never taken as sure (JNJ read as COM)", () => {
    const r = checkHolding(row({ ticker: "COM" }), { byTicker: [{ ticker: "COMP", name: "Compass Inc" }], byName: [] });
    expect(r.ticker).toBe("COM");
    expect(r.flags).toEqual([expect.objectContaining({ field: "ticker", code: "unknown-ticker" })]);
    // 0.2 (unknown ticker) × 1 (quantity checked by the product)
    expect(r.confidence).toBe(0.2);
  });

  it("a misread ticker beside a name the search finds surely, two letters or fewer away, takes the name's symbol", () => {
    // "Exxon Mobil Corp" vs "Exxon Mobil Corporation": both become "exxonmobil" once the suffix goes: similarity 1
    expect(similarity("Exxon Mobil Corp", XOM.name)).toBe(1);
    const r = checkHolding(row({ ticker: "XOOM", name: "Exxon Mobil Corp" }), { byTicker: [], byName: [XOM] });
    expect(r).toMatchObject({ ticker: "XOM", flags: [], confidence: 1 });
  });

  it("a known ticker beside another company's name is a mismatch to settle", () => {
    const r = checkHolding(row({ ticker: "XOM", name: "Johnson & Johnson" }), { byTicker: [XOM], byName: [JNJ] });
    expect(r.flags).toEqual([expect.objectContaining({ code: "name-mismatch", suggestion: "JNJ" })]);
  });

  it("a quantity that lost its separator on a screen that groups thousands is flagged last", () => {
    const checkedRow = checkHolding(row({ quantity: 35453, evidence: { ...checked, quantity: "unit", ungrouped: true } }), {
      byTicker: [JNJ],
      byName: [],
    });
    expect(checkPrecision(checkedRow, row({ quantity: 35453, evidence: { ...checked, quantity: "unit", ungrouped: true } })).flags).toEqual(
      [expect.objectContaining({ field: "quantity", code: "unsure-quantity" })],
    );
  });

  it("a known ticker beside a name more like another company's than its own, even loosely, is a mismatch (a bank's 'Novartis Namen-Akt' under ASML)", () => {
    // "novartisnamenakt": 15 pairs; "novartis" (AG dropped): 7 pairs, all shared → 2 × 7 / (15 + 7) = 0.64 (≥ 0.5);
    // to "asmlholding" it shares none: 0 (< 0.5)
    const NOVN = { ticker: "NOVN", name: "Novartis AG" };
    expect(similarity("Novartis Namen-Akt", NOVN.name)).toBeCloseTo(0.636, 3);
    const r = checkHolding(row({ ticker: "ASML", name: "Novartis Namen-Akt" }), {
      byTicker: [{ ticker: "ASML", name: "ASML Holding" }],
      byName: [NOVN],
    });
    expect(r.flags).toEqual([expect.objectContaining({ code: "name-mismatch", suggestion: "NOVN" })]);
  });

  it("a known ticker beside a name nothing like its company's (< 0.2) that the search cannot place is doubtful ('Als' beside SHELL)", () => {
    // "als" shares no letter pair with "shell" (plc dropped? no: "shellplc"): 0
    const r = checkHolding(row({ ticker: "SHELL", name: "Als" }), { byTicker: [{ ticker: "SHELL", name: "Shell plc" }], byName: [] });
    expect(r.flags).toEqual([expect.objectContaining({ field: "ticker", code: "name-mismatch" })]);
  });

  it("a name two symbols both answer surely is the user's choice (iShares Core MSCI World: IWDA 1.0, EUNL 0.88)", () => {
    // "isharescoremsciworld": 19 pairs; with "ucits" 24 pairs, all 19 shared: 2 × 19 / 43 = 0.88
    const IWDA = { ticker: "IWDA", name: "iShares Core MSCI World" };
    const EUNL = { ticker: "EUNL", name: "iShares Core MSCI World UCITS" };
    const r = checkHolding(row({ ticker: null, name: "ISHARES CORE MSCI WORLD" }), { byTicker: [], byName: [EUNL, IWDA] });
    expect(r.ticker).toBe("IWDA");
    expect(r.flags).toEqual([expect.objectContaining({ field: "ticker", code: "unsure-name" })]);
  });

  it("the same ticker and quantity on two rows: each not flagged yet is flagged (read twice?)", () => {
    const a = checkHolding(row({}), { byTicker: [JNJ], byName: [] });
    const b = checkHolding(row({ quantity: 5 }), { byTicker: [JNJ], byName: [] });
    expect(checkDuplicates([a, a, b]).map((r) => r.flags.length)).toEqual([1, 1, 0]);
  });

  it("a name alone: sure from 0.8, unsure (flagged with the proposal) from 0.5, no ticker below", () => {
    const sure = checkHolding(row({ ticker: null, name: "Johnson & Johnson" }), { byTicker: [], byName: [JNJ] });
    expect(sure).toMatchObject({ ticker: "JNJ", flags: [] });
    // "jonsonjonson": 11 pairs (jo×2 on×4 ns×2 so×2 nj); "johnsonjohnson": 13 (jo×2 oh×2 hn×2 ns×2 so×2 on×2 nj);
    // shared: jo 2 + on 2 + ns 2 + so 2 + nj 1 = 9 → 2 × 9 / (11 + 13) = 0.75
    expect(similarity("Jonson Jonson", JNJ.name)).toBe(0.75);
    const unsure = checkHolding(row({ ticker: null, name: "Jonson Jonson" }), { byTicker: [], byName: [JNJ] });
    expect(unsure).toMatchObject({ ticker: "JNJ", confidence: 0.75 });
    expect(unsure.flags).toEqual([expect.objectContaining({ code: "unsure-name", suggestion: "JNJ" })]);
    const none = checkHolding(row({ ticker: null, name: "Wag" }), { byTicker: [], byName: [] });
    expect(none).toMatchObject({ ticker: "", confidence: 0 });
    expect(none.flags).toEqual([expect.objectContaining({ code: "no-ticker" })]);
  });

  it("pricing down: every row flagged as unchecked", () => {
    expect(checkHolding(row({}), { byTicker: null, byName: null }).flags).toEqual([expect.objectContaining({ code: "unchecked" })]);
    expect(checkHolding(row({ ticker: null, name: "Apple" }), { byTicker: null, byName: null })).toMatchObject({
      ticker: "",
      confidence: 0,
    });
  });

  it("a quantity re-read from value ÷ price, or one with nothing to check it against, is flagged", () => {
    const repaired = checkHolding(row({ evidence: { ...checked, repaired: true } }), { byTicker: [JNJ], byName: [] });
    expect(repaired.flags).toEqual([expect.objectContaining({ field: "quantity", code: "unsure-quantity" })]);
    expect(repaired.confidence).toBe(0.5);
    const alone = checkHolding(row({ evidence: { ...checked, quantity: "alone", quantityConfidence: 95 } }), {
      byTicker: [JNJ],
      byName: [],
    });
    expect(alone.flags.map((f) => f.field)).toEqual(["quantity"]);
    // a unit beside the shares, read with confidence 88: sure, confidence 0.9 (at least 0.9 when sure)
    const unit = checkHolding(row({ evidence: { ...checked, quantity: "unit", quantityConfidence: 88 } }), { byTicker: [JNJ], byName: [] });
    expect(unit).toMatchObject({ flags: [], confidence: 0.9 });
    // the same read with confidence 41: flagged
    const faint = checkHolding(row({ evidence: { ...checked, quantity: "unit", quantityConfidence: 41 } }), {
      byTicker: [JNJ],
      byName: [],
    });
    expect(faint.flags.map((f) => f.code)).toEqual(["unsure-quantity"]);
  });

  it("a quantity under its column with no price nor value on the row needs a confidence of 80, not 60", () => {
    const bare = { price: null, marketValue: null };
    // 63 (a dropped separator: "80719" for "80,719"): nothing on the row checks it, so flagged
    const doubtful = checkHolding(row({ ...bare, evidence: { ...checked, quantity: "column", quantityConfidence: 63 } }), {
      byTicker: [JNJ],
      byName: [],
    });
    expect(doubtful.flags.map((f) => f.code)).toEqual(["unsure-quantity"]);
    // the same confidence with a price on the row: 60 is enough (confidence max(0.63, 0.9) = 0.9)
    const priced = checkHolding(row({ marketValue: null, evidence: { ...checked, quantity: "column", quantityConfidence: 63 } }), {
      byTicker: [JNJ],
      byName: [],
    });
    expect(priced).toMatchObject({ flags: [], confidence: 0.9 });
    // 85 with nothing to check it against: sure
    const clear = checkHolding(row({ ...bare, evidence: { ...checked, quantity: "column", quantityConfidence: 85 } }), {
      byTicker: [JNJ],
      byName: [],
    });
    expect(clear.flags).toEqual([]);
  });

  describe("the quantity's precision (checkPrecision, after the readings are merged)", () => {
    const precise = (over: Partial<ScreenshotHolding>) => {
      const r = row(over);
      return checkPrecision(checkHolding(r, { byTicker: [JNJ], byName: [] }), r);
    };
    const quantityFlag = (r: { flags: { field: string; code: string; message: string }[] }) =>
      r.flags.filter((f) => f.field === "quantity");

    it("a row the checks were sure of stays sure when nothing doubts its precision", () => {
      expect(precise({})).toMatchObject({ flags: [], confidence: 1 });
    });

    it("each doubt flags the quantity with its reason and multiplies the confidence by 0.6", () => {
      const cases: [Partial<HoldingEvidence>, string][] = [
        // 110 × 162.16 = 17,837.60 is within 1 % of 17,675.44 but not within 110 × 0.005 + 0.005 = 0.555
        [{ inexact: true }, "near but not the value"],
        [{ leftover: true }, "could not be placed"],
        [{ rounded: 4 }, "with 4 decimals"],
        [{ offColumn: true }, "does not stand under the Quantity column"],
        [{ otherLine: true }, "on a line apart from its name"],
        [{ crossed: true }, "holdings side by side"],
        [{ unvouched: 9, quantityConfidence: 87 }, "the last 9 rest on the reading alone"],
      ];
      for (const [doubt, reason] of cases) {
        const r = precise({ evidence: { ...checked, ...doubt } });
        expect(quantityFlag(r), reason).toEqual([
          expect.objectContaining({ code: "unsure-quantity", message: expect.stringContaining(reason) }),
        ]);
        // 1 × 1 (sure ticker and quantity) × 0.6
        expect(r.confidence).toBe(0.6);
      }
    });

    it("digits the product cannot vouch for need a recognition 90 sure; fewer than 4 such digits are not asked about", () => {
      expect(precise({ evidence: { ...checked, unvouched: 9, quantityConfidence: 92 } }).flags).toEqual([]);
      expect(precise({ evidence: { ...checked, unvouched: 3, quantityConfidence: 70 } }).flags).toEqual([]);
    });

    it("a number that reads either way under the two decimal marks is flagged when nothing on its row checks it", () => {
      // "52,374" is 52,374 under US grouping and 52.374 under a European comma (or a point the recognition read as a comma)
      const r = precise({
        quantity: 52374,
        price: null,
        marketValue: 8838.11,
        evidence: { ...checked, quantity: "unit", quantityText: "52,374" },
      });
      expect(quantityFlag(r)).toEqual([expect.objectContaining({ message: expect.stringContaining("may be 52374 or 52.374") })]);
      // the same number on a row where quantity × price = value holds: the product told the mark
      expect(precise({ quantity: 52374, evidence: { ...checked, quantityText: "52,374" } }).flags).toEqual([]);
    });

    it("a row already flagged for its quantity gets no second quantity flag", () => {
      const r = precise({ evidence: { ...checked, repaired: true, inexact: true } });
      expect(quantityFlag(r)).toHaveLength(1);
      expect(r.confidence).toBe(0.5);
    });
  });

  describe("the evidence the reading gives for those doubts (holdings.ts)", () => {
    const lines = (text: string) => text.split("\n").map((t) => ({ text: t }));
    const evidence = (text: string) => readHoldings(lines(text)).rows.map((r) => [r.ticker, r.quantity, r.evidence]);

    it("a product that holds within 1 % but not to the digits written is inexact; an exact one is not", () => {
      // 110 × 162.16 = 17,837.60: 162.16 off 17,675.44, within its 1 % (176.75), beyond 110 × 0.005 + 0.005 = 0.555
      // 109 × 162.16 = 17,675.44 exactly
      const [[, , wrong]] = evidence("JNJ 110 $162.16 $17,675.44");
      expect(wrong).toMatchObject({ quantity: "product", inexact: true });
      const [[, , right]] = evidence("JNJ 109 $162.16 $17,675.44");
      expect(right).not.toHaveProperty("inexact");
    });

    it("a row with a price, no value and an amount given no role has its value misread: leftover", () => {
      // "41157 $58.73 2,41715": 2.41715 is no value (smaller than the price, 41,157 × 58.73 = 2,417,150.61), nor a cost
      const [[, , e]] = evidence("O 41157 shares $58.73 2,41715");
      expect(e).toMatchObject({ quantity: "unit", leftover: true });
      // quantity × price = value: every number has its role
      const [[, , sure]] = evidence("O 41.157 shares $58.73 $2,417.15");
      expect(sure).not.toHaveProperty("leftover");
    });

    it("numbers on a line apart from a name with no ticker are paired by order: otherLine", () => {
      // boxes: the name on the line at y 0–20, its numbers on the line at y 30–50
      const boxedLines = [
        {
          text: "Visa Inc Class A",
          words: [
            { text: "Visa", x0: 0, x1: 40, y0: 0, y1: 20 },
            { text: "Inc", x0: 50, x1: 80, y0: 0, y1: 20 },
          ],
        },
        {
          text: "913 $439.13 $400,925.69",
          words: [
            { text: "913", x0: 0, x1: 30, y0: 30, y1: 50 },
            { text: "$439.13", x0: 100, x1: 170, y0: 30, y1: 50 },
            { text: "$400,925.69", x0: 200, x1: 310, y0: 30, y1: 50 },
          ],
        },
      ];
      const [row] = readHoldings(boxedLines).rows;
      // 913 × 439.13 = 400,925.69: the row checks, but the pairing of name and numbers is a guess
      expect(row).toMatchObject({ ticker: null, quantity: 913 });
      expect(row.evidence).toMatchObject({ quantity: "product", otherLine: true });
    });

    /** one line of words, each at the given x (10 px a character), 20 px high, on the line's row y */
    const at = (y: number, ...words: [string, number][]) => ({
      text: words.map(([t]) => t).join(" "),
      words: words.map(([text, x]) => ({ text, x0: x, x1: x + text.length * 10, y0: y * 30, y1: y * 30 + 20, confidence: 95 })),
    });

    it("under a header that repeats its columns, each repetition is read as a table of its own: a quantity never crosses to the other's symbol", () => {
      // "Symbol Qty Value | Symbol Qty Value": the left holding's symbol was not read; before the tables were split
      // the right one's (CVX at x 1000) took the left quantity (78 under the first Qty, flagged crossed). Cut midway
      // between the first Value (x 600–650) and the second Symbol (x 1000), CVX keeps its own 118 and the left 78
      // has nothing to name it (an orphan, a reason to read the image again); JPM at x 0 and its 88 are one holding
      const reading = readHoldings([
        at(0, ["Symbol", 0], ["Qty", 300], ["Value", 600], ["Symbol", 1000], ["Qty", 1300], ["Value", 1600]),
        at(1, ["78", 310], ["$20,033.52", 560], ["CVX", 1000], ["118", 1300], ["$19,169.10", 1560]),
        at(2, ["JPM", 0], ["88", 310], ["$19,714.64", 560]),
      ]);
      expect(reading.rows.map((r) => [r.ticker, r.quantity, r.evidence.crossed ?? false])).toEqual([
        ["JPM", 88, false],
        ["CVX", 118, false],
      ]);
      expect(reading.orphans).toBe(1);
    });

    it("a quantity the Quantity column gave though it stands under another header cell is offColumn", () => {
      // "Quantity" spans x 1000–1080; MSFT's 7701220 stands at x 800–870, under no header cell, nearest the Quantity
      // cell (its left edge 200 px away; Description's right edge 560); AAPL's 12 at x 1060–1080 stands under it
      const rows = readHoldings([
        at(0, ["Symbol", 0], ["Description", 200], ["Quantity", 1000]),
        at(1, ["MSFT", 0], ["7701220", 800]),
        at(2, ["AAPL", 0], ["12", 1060]),
      ]).rows;
      expect(rows.map((r) => [r.ticker, r.quantity, r.evidence.quantity, r.evidence.offColumn ?? false])).toEqual([
        ["MSFT", 7701220, "column", true],
        ["AAPL", 12, "column", false],
      ]);
    });

    it("a quantity that uses all the decimals another row pads with zeros may be rounded", () => {
      // 65.5536 × 454.45 = 29,790.83, within 65.5536 × 0.005 + 0.005 = 0.33 of 29,790.81: exact as far as the digits go
      const rows = evidence("AAA 50.0000 $10.00 $500.00\nMSFT 65.5536 $454.45 $29,790.81");
      expect(rows.map(([t, , e]) => [t, (e as HoldingEvidence).rounded ?? null, (e as HoldingEvidence).inexact ?? false])).toEqual([
        ["AAA", null, false],
        ["MSFT", 4, false],
      ]);
    });

    it("the digits of a coin's amount that the product cannot vouch for are counted", () => {
      // 7,392.81166918 × 0.0844 = 623.9533 ≈ 623.95; the product tells the quantity to (7,392.81 × 0.00005 + 0.005) ÷ 0.0844
      // = 4.44: the units digit and the 8 decimals (places 10^0 … 10^-8) are below it: 9 digits
      const [[, , e]] = evidence("XLM 7,392.81166918 $0.0844 $623.95");
      expect(e).toMatchObject({ quantity: "product", unvouched: 9 });
    });
  });
});
