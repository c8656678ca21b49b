import { describe, expect, it } from "vitest";
import { ratioText, splitFactorAfter, splitNote, splitsAfter } from "./splits.ts";
import type { TickerPrices } from "./types.ts";
import { valuePortfolio } from "./value-portfolio.ts";

const NVDA_SPLITS = [
  { date: "2021-07-20", ratio: 4 },
  { date: "2024-06-10", ratio: 10 },
];

describe("split factor and note", () => {
  it("multiplies the ratios of the splits after DoA, not one on DoA itself", () => {
    // bought 2021-01-04: both splits follow → 4 × 10 = 40
    expect(splitFactorAfter(NVDA_SPLITS, "2021-01-04")).toBe(40);
    // bought on the 2021 ex-date: its shares are already post-split → only the 2024 split, 10
    expect(splitFactorAfter(NVDA_SPLITS, "2021-07-20")).toBe(10);
    // bought after both: 1
    expect(splitFactorAfter(NVDA_SPLITS, "2024-06-11")).toBe(1);
  });

  it("writes ratios as n:d in the smallest whole numbers", () => {
    expect(ratioText(10)).toBe("10:1");
    expect(ratioText(1.5)).toBe("3:2");
    expect(ratioText(0.1)).toBe("1:10");
    expect(ratioText(1 / 3)).toBe("1:3");
  });

  it("explains each split in the spec's date format, a reverse split as one", () => {
    expect(splitNote(10, splitsAfter(NVDA_SPLITS, "2023-09-11"))).toBe("10 bought → 100 after the 10:1 split of Jun 10, 2024");
    // 1 × 4 = 4, × 10 = 40
    expect(splitNote(1, NVDA_SPLITS)).toBe("1 bought → 4 after the 4:1 split of Jul 20, 2021 → 40 after the 10:1 split of Jun 10, 2024");
    // 100 × 0.1 = 10; 15 × 0.1 = 1.5 (a fraction is kept); 1,000 × 1.5 = 1,500
    expect(splitNote(100, [{ date: "2024-03-01", ratio: 0.1 }])).toBe("100 bought → 10 after the 1:10 reverse split of Mar 01, 2024");
    expect(splitNote(15, [{ date: "2024-03-01", ratio: 0.1 }])).toBe("15 bought → 1.5 after the 1:10 reverse split of Mar 01, 2024");
    expect(splitNote(1000, [{ date: "2022-08-25", ratio: 1.5 }])).toBe("1,000 bought → 1,500 after the 3:2 split of Aug 25, 2022");
    expect(splitNote(10, [])).toBe("");
  });
});

/*
 * X is quoted in today's shares (split-adjusted closes): it traded at 450 in January 2024 and split 10:1 on
 * 2024-06-10, so January's close is 45. Closes: Jan 45 · Feb–May carried · Jun 120 · latest 130 on 2024-07-15.
 * The user entered what the broker printed: 10 shares at $450 on 2024-01-10.
 */
const X: TickerPrices = {
  latestPrice: 130,
  asOf: "2024-07-15",
  history: { "2024-01": 45, "2024-06": 120 },
  splits: [{ date: "2024-06-10", ratio: 10 }],
};

describe("a lot bought before a split", () => {
  const v = valuePortfolio({ assets: [{ ticker: "X", quantity: 10, PoA: 450, DoA: "2024-01-10" }], prices: { X }, today: "2024-07-31" });
  const [x] = v.assets;

  it("keeps the entry as entered and holds today's shares", () => {
    expect(x).toMatchObject({
      quantity: 10,
      PoA: 450,
      splitFactor: 10,
      shares: 100,
      splitNote: "10 bought → 100 after the 10:1 split of Jun 10, 2024",
    });
    // cost 10 × 450 = 4,500; market 100 × 130 = 13,000; +8,500 = +188.89 %, not 10 × 130 − 4,500 = −71 %
    expect(x).toMatchObject({ value: 4500, marketValue: 13000, profitLoss: 8500 });
    expect(x.profitLossPercent).toBeCloseTo((8500 / 4500) * 100, 10);
  });

  it("values every month in today's shares, so the purchase month shows no false loss", () => {
    // Jan 100 × 45 = 4,500 (= 10 × 450 as traded) … May; Jun 100 × 120; Jul 100 × 130 (the price of Jul 15)
    expect(Object.values(v.allHistory)).toEqual([4500, 4500, 4500, 4500, 4500, 12000, 13000]);
    // one purchase, no flows after: TWR = 13,000 / 4,500 − 1
    expect(v.twrPercent).toBeCloseTo((13000 / 4500 - 1) * 100, 9);
  });

  it("dates the valuation and XIRR's last flow on the price's date, not the clock's", () => {
    expect(v).toMatchObject({ pricesAsOf: "2024-07-15", valuationDate: "2024-07-15" });
    // −4,500 on Jan 10, +13,000 on Jul 15: 21 + 29 + 31 + 30 + 31 + 30 + 15 = 187 days
    // (1 + r)^(187/365) = 13,000 / 4,500 → r = (13,000 / 4,500)^(365/187) − 1
    expect(v.xirrPercent).toBeCloseTo(((13000 / 4500) ** (365 / 187) - 1) * 100, 6);
  });

  it("counts a purchase on the ex-date in post-split shares", () => {
    const onEx = valuePortfolio({
      assets: [{ ticker: "X", quantity: 100, PoA: 45, DoA: "2024-06-10" }],
      prices: { X },
      today: "2024-07-31",
    });
    // 100 × 130 = 13,000, cost 4,500, no split note
    expect(onEx.assets[0]).toMatchObject({ splitFactor: 1, shares: 100, marketValue: 13000, splitNote: "" });
  });

  it("pays a split-adjusted dividend on today's shares", () => {
    // a dividend of 0.5 per today's share on 2024-03-15 is 5 per share as traded then: 10 old shares × 5 = 100 × 0.5 = 50
    const paying = valuePortfolio({
      assets: [{ ticker: "X", quantity: 10, PoA: 450, DoA: "2024-01-10" }],
      prices: { X: { ...X, dividends: [{ date: "2024-03-15", amount: 0.5 }] } },
      today: "2024-07-31",
    });
    expect(paying.assets[0].dividends).toBe(50);
    // P/L = 13,000 + 50 − 4,500
    expect(paying.profitLoss).toBe(8550);
  });
});
