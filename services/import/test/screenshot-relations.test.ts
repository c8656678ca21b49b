/**
 * The layout-independent reading of a screenshot's columns (holdings.ts learnRoles, documentMarks,
 * withoutTotals): which number is the quantity comes from the numbers' relations across the rows, not from
 * header words or positions. Recognised lines as text (no OCR); the arithmetic of each case in its comments.
 */
import { describe, expect, it } from "vitest";
import { documentMarks, readHoldings, type ScreenshotLine, withoutTotals } from "../src/domain/screenshot/holdings.ts";
import { boxed } from "./word-boxes.ts";

const lines = (text: string): ScreenshotLine[] => text.split("\n").map((t) => ({ text: t }));
const read = (text: string) => readHoldings(lines(text)).rows.map((r) => [r.ticker, r.quantity, r.price, r.marketValue]);

describe("screenshot relations", () => {
  it("no header and no currency signs: the quantity is the factor not written as money, the whole shares and 4-decimal fractions", () => {
    // 36 × 519.56 = 18,704.16; 21.9876 × 686.23 = 15,088.55 (15,088.5507); 100 × 123.53 = 12,353.00
    // the average cost (617.27, 694.07, 157.76) multiplies to nothing
    expect(
      read(`VOO Vanguard 519.56 36 617.27 18,704.16
NFLX Netflix 686.23 21.9876 694.07 15,088.55
NVDA NVIDIA 123.53 100 157.76 12,353.00`),
    ).toEqual([
      ["VOO", 36, 519.56, 18704.16],
      ["NFLX", 21.9876, 686.23, 15088.55],
      ["NVDA", 100, 123.53, 12353],
    ]);
  });

  it("two factors alike on a row (both two decimals) are turned round by the rows that tell them apart", () => {
    // row 1: 12.50 × 80.00 = 1,000.00, either could be the quantity; rows 2 and 3 hold their quantity in the
    // second column (7 × 45.10 = 315.70; 3 × 210.25 = 630.75), where row 1 shows 80.00: its quantity, 12.50 its price
    const rows = readHoldings(
      boxed(`AAA  12.50   80.00   1,000.00
BBB  45.10   7       315.70
CCC  210.25  3       630.75`),
    ).rows.map((r) => [r.ticker, r.quantity, r.price]);
    expect(rows).toEqual([
      ["AAA", 80, 12.5],
      ["BBB", 7, 45.1],
      ["CCC", 3, 210.25],
    ]);
  });

  it("when no row tells the quantity from the price (both written alike everywhere) the row is flagged as a guess", () => {
    // 12.50 × 80.00 = 1,000.00 and 20.00 × 5.50 = 110.00: either factor could be the quantity on both rows
    const reading = readHoldings(boxed("AAA  12.50  80.00  1,000.00\nBBB  20.00  5.50  110.00"));
    expect(reading.rows.map((r) => [r.ticker, r.evidence.guessed])).toEqual([
      ["AAA", true],
      ["BBB", true],
    ]);
  });

  it("a row whose own numbers do not check takes its quantity from the column the rows that check hold theirs in", () => {
    // rows 1 and 2 check (4 × 250.00 = 1,000.00; 10 × 20.00 = 200.00) with the quantity third; row 3's value
    // was misread (999.99 for 90.00 = 3 × 30.00): its quantity is still the third column's 3, unsure ("alone":
    // nothing on its row proves it) and flagged as a mismatch
    const reading = readHoldings(
      boxed(`AAA  $250.00  $1,000.00  4   +2.1%
BBB  $20.00   $200.00    10  -0.4%
CCC  $30.00   $999.99    3   +1.0%`),
    );
    expect(reading.rows.map((r) => [r.ticker, r.quantity, r.evidence.quantity, r.evidence.mismatch])).toEqual([
      ["AAA", 4, "product", false],
      ["BBB", 10, "product", false],
      ["CCC", 3, "alone", true],
    ]);
  });

  it("the decimal mark is the one under which the rows check: '1.234' is 1.234 shares in a document of decimal points", () => {
    // read with a decimal comma 1.234 would be 1,234 and 1,234 × 100.00 ≠ 123.40; with a point 1.234 × 100.00 = 123.40
    // and 2.5 × 40.00 = 100.00 (the commas of 1,000.00 group thousands either way)
    expect(read("AAA 1.234 $100.00 $123.40\nBBB 2.500 $40.00 $100.00")).toEqual([
      ["AAA", 1.234, 100, 123.4],
      ["BBB", 2.5, 40, 100],
    ]);
    // a European screen: 1.234 is one thousand two hundred and thirty-four (1234 × 2,50 = 3.085,00)
    expect(read("AAA 1.234 2,50 € 3.085,00 €\nBBB 10 4,00 € 40,00 €")).toEqual([
      ["AAA", 1234, 2.5, 3085],
      ["BBB", 10, 4, 40],
    ]);
  });

  it("a word the document writes after its numbers is a mark: a currency after money, a unit after quantities", () => {
    const marks = documentMarks(lines("ING Groep 14,71 zł 1,11\nAllianz 242,92 zł 12 szt.\nSAP 169,78 zł 3 szt.\nName zł"));
    // "zł" follows 14,71, 242,92 and 169,78 but also stands after a word once: 3 of its 4 places, under 80 %, so
    // it is no mark here; "szt." follows 12 and 3 and nothing else, numbers without two decimals: a unit
    expect(marks.words.get("szt.")).toBe("unit");
    expect(marks.words.has("zł")).toBe(false);
    // a currency the lexicon does not know (the koruna's "Kč") is learnt so; "zł" and "kr" it knows
    expect(documentMarks(lines("A 14,71 Kč\nB 242,92 Kč")).words.get("kč")).toBe("currency");
    // 12 szt. à 189,32 zł: the quantity before the unit and the order's sign, the price after it; 12 × 189,32 = 2271,84
    expect(read("PKO 12 szt. à 189,32 zł 2271,84 zł\nKGH 3 szt. à 150,00 zł 450,00 zł")).toEqual([
      ["PKO", 12, 189.32, 2271.84],
      ["KGH", 3, 150, 450],
    ]);
  });

  it("a number grouped by a space is one number when its parts stand a space apart", () => {
    // "2 271,84" with the parts 10 px apart (a space): 2271.84 = 12 × 189.32; the column gap before it is wider
    const rows = readHoldings(boxed("PKO  12  189,32  2 271,84\nKGH  3  150,00  450,00")).rows;
    expect(rows.map((r) => [r.ticker, r.quantity, r.marketValue])).toEqual([
      ["PKO", 12, 2271.84],
      ["KGH", 3, 450],
    ]);
  });

  it("a currency code between two numbers belongs to the side the document writes it on", () => {
    // "CHF 62.17" opens its amount on the total's line, so "18 CHF 1'119.06" is 18 (no currency) and CHF 1'119.06:
    // 18 × 62.17 = 1,119.06
    expect(read("VXUS Vanguard CHF 62.17 18 CHF 1'119.06\nKO Coca-Cola CHF 62.96 57 CHF 3'588.72\nOverall CHF 4'707.78")).toEqual([
      ["VXUS", 18, 62.17, 1119.06],
      ["KO", 57, 62.96, 3588.72],
    ]);
  });

  it("symbols as brokers mark them: in parentheses, after the exchange, before the market", () => {
    expect(
      read("Apple Inc. (AAPL) 10 $189.00 $1,890.00\nNASDAQ:MSFT Microsoft 2 $400.00 $800.00\nKO.US Coca-Cola 5 $60.00 $300.00"),
    ).toEqual([
      ["AAPL", 10, 189, 1890],
      ["MSFT", 2, 400, 800],
      ["KO", 5, 60, 300],
    ]);
  });

  it("a total is told by its sum, whatever its label says", () => {
    const row = (ticker: string, quantity: number, marketValue: number, how: "product" | "column" = "product") => ({
      ticker,
      name: "",
      quantity,
      price: null,
      marketValue,
      evidence: { quantity: how, repaired: false, tickerConfidence: null, quantityConfidence: null },
    });
    // 1,890.00 + 800.00 = 2,690.00: the "Σ" line's number is their sum, so it is a total; a row with another number is kept
    expect(withoutTotals([row("AAPL", 10, 1890), row("MSFT", 2, 800), row("Σ", 2690, 2690, "column")]).map((r) => r.ticker)).toEqual([
      "AAPL",
      "MSFT",
    ]);
    expect(withoutTotals([row("AAPL", 10, 1890), row("MSFT", 2, 800), row("T", 26, 520, "column")]).map((r) => r.ticker)).toEqual([
      "AAPL",
      "MSFT",
      "T",
    ]);
  });
});
