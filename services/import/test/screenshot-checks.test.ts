/**
 * Every screenshot row checked against the search's answers (domain/screenshot/checks.ts): what is sure,
 * what is flagged and why, and the confidence. Hand-worked: similarities are Dice coefficients over letter
 * pairs with case, punctuation and legal suffixes left out.
 */
import { describe, expect, it } from "vitest";
import { checkHolding, similarity } from "../src/domain/screenshot/checks.ts";
import type { HoldingEvidence, ScreenshotHolding } from "../src/domain/screenshot/holdings.ts";

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
});
