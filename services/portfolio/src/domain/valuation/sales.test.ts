/**
 * Sales, realized gains and the return receipt (docs/numbers.md "Sales: lots sold first in, first out", "The return
 * receipt", and the sale's place in allHistory, TWR, XIRR and the benchmark). Every expected number is worked
 * out by hand in the comment above it, from docs/numbers.md's words.
 */
import { describe, expect, it } from "vitest";
import { parseMonth } from "./months.ts";
import { annualised, returnsNote } from "./receipt.ts";
import { matchSales } from "./sales.ts";
import { hasMarketData, loadInstrument } from "./testing/market-data.ts";
import type { AssetInput, Receipt, TickerPrices } from "./types.ts";
import { valuePortfolio } from "./value-portfolio.ts";

const sell = (ticker: string, quantity: number, PoA: number, DoA: string, fee?: number): AssetInput => ({
  ticker,
  side: "sell",
  quantity,
  PoA,
  DoA,
  ...(fee === undefined ? {} : { fee }),
});

/** startValue + purchases − sales + priceGain + fxEffect − endValue: 0 to the cent. */
const identityGap = (r: Receipt) => r.startValue + r.purchases - r.sales + r.priceGain + r.fxEffect - r.endValue;

describe("FIFO across lots, with a fee (docs/numbers.md worked example)", () => {
  const A: TickerPrices = { latestPrice: 70, asOf: "2021-06-30", history: { "2019-01": 40, "2020-01": 50, "2021-01": 60 } };
  const v = valuePortfolio({
    assets: [
      { ticker: "A", quantity: 10, PoA: 40, DoA: "2019-01-10" },
      { ticker: "A", quantity: 10, PoA: 50, DoA: "2020-01-10" },
      sell("A", 15, 60, "2021-01-10", 5),
    ],
    prices: { A },
    today: "2021-06-30",
  });
  const [first, second, sale] = v.assets;

  it("takes 10 from the first lot and 5 from the second: $245 realized", () => {
    // proceeds 15 × 60 = 900; soldCost 10 × 40 + 5 × 50 = 650; realized 900 − 5 − 650 = 245
    expect(sale).toMatchObject({ side: "sell", shares: 0, soldShares: 15, marketValue: 0, profitLoss: null, percent: null });
    expect(sale.proceeds).toBeCloseTo(900, 10);
    expect(sale.saleFee).toBeCloseTo(5, 10);
    expect(sale.soldCost).toBeCloseTo(650, 10);
    expect(sale.realizedProfitLoss).toBeCloseTo(245, 10);
  });

  it("gives each lot its part: 10/15 × 895 − 400 and 5/15 × 895 − 250", () => {
    // first: 596.6667 − 400 = 196.6667, nothing held; second: 298.3333 − 250 = 48.3333, 5 held at cost 250, worth 5 × 70 = 350
    expect(first).toMatchObject({ shares: 0, soldShares: 10, marketValue: 0, value: 0 });
    expect(first.realizedProfitLoss).toBeCloseTo((10 / 15) * 895 - 400, 9);
    expect(first.profitLoss).toBeCloseTo((10 / 15) * 895 - 400, 9);
    expect(first.profitLossPercent).toBeCloseTo((((10 / 15) * 895 - 400) / 400) * 100, 9);
    expect(second).toMatchObject({ shares: 5, soldShares: 5, value: 250, marketValue: 350 });
    expect(second.realizedProfitLoss).toBeCloseTo((5 / 15) * 895 - 250, 9);
    // profitLoss = 350 − 250 + 48.3333 = 148.3333, of the lot's whole cost 500
    expect(second.profitLoss).toBeCloseTo(100 + (5 / 15) * 895 - 250, 9);
    expect(second.profitLossPercent).toBeCloseTo(((100 + (5 / 15) * 895 - 250) / 500) * 100, 9);
    expect(second.percent).toBe(100);
  });

  it("totals: cost of what is held, realized and unrealized, the percent of what was invested", () => {
    // value 250, market 350, unrealized 100, realized 245, P/L 345 of 900 invested = 38.33 %
    expect(v).toMatchObject({ value: 250, marketValue: 350, unrealizedProfitLoss: 100, invested: 900 });
    expect(v.realizedProfitLoss).toBeCloseTo(245, 10);
    expect(v.priceProfitLoss).toBeCloseTo(345, 10);
    expect(v.profitLoss).toBeCloseTo(345, 10);
    expect(v.profitLossPercent).toBeCloseTo((345 / 900) * 100, 10);
    // the same money seen from the lots and from the sale
    expect((first.realizedProfitLoss ?? 0) + (second.realizedProfitLoss ?? 0)).toBeCloseTo(sale.realizedProfitLoss ?? 0, 10);
  });

  it("the receipt since inception: 0 + 900 − 900 + priceGain = 350", () => {
    // priceGain: 10 × (60 − 40) + 5 × (60 − 50) + 5 × (70 − 50) = 200 + 50 + 100 = 350
    const r = v.receipt.All as Receipt;
    expect(r).toMatchObject({ startValue: 0, purchases: 900, sales: 900, fxEffect: 0, fees: 5, endValue: 350 });
    expect(r.priceGain).toBeCloseTo(350, 9);
    expect(identityGap(r)).toBeCloseTo(0, 9);
  });
});

describe("sales on both sides of a split (docs/numbers.md worked example)", () => {
  // a 2:1 split on 2022-06-01; closes in today's shares (a $100 share before the split is $50 here)
  const S: TickerPrices = {
    latestPrice: 40,
    asOf: "2022-12-30",
    history: { "2022-01": 50, "2022-03": 55, "2022-09": 60 },
    splits: [{ date: "2022-06-01", ratio: 2 }],
  };
  const v = valuePortfolio({
    assets: [{ ticker: "S", quantity: 10, PoA: 100, DoA: "2022-01-03" }, sell("S", 5, 110, "2022-03-01"), sell("S", 6, 60, "2022-09-01")],
    prices: { S },
    today: "2022-12-31",
  });

  it("counts each sale in today's shares", () => {
    // bought 10 × 2 = 20; sold 5 × 2 = 10 before the split and 6 after; 4 held
    expect(v.assets[0]).toMatchObject({ shares: 4, soldShares: 16 });
    expect(v.assets[1]).toMatchObject({ soldShares: 10, splitNote: "5 sold → 10 after the 2:1 split of Jun 01, 2022" });
    // 550 − 10/20 × 1,000 = 50; 360 − 6/20 × 1,000 = 60
    expect(v.assets[1].realizedProfitLoss).toBeCloseTo(50, 10);
    expect(v.assets[2].realizedProfitLoss).toBeCloseTo(60, 10);
    // 4 held of cost 4/20 × 1,000 = 200, worth 4 × 40 = 160
    expect(v.value).toBeCloseTo(200, 10);
    expect(v.marketValue).toBeCloseTo(160, 10);
  });

  it("a sale on the split's ex-date is already in post-split shares", () => {
    const splitsOf = () => S.splits ?? [];
    const held = [{ ticker: "S", quantity: 10, DoA: "2022-01-03" }];
    // on 2022-06-01: 20 held, so 20 may be sold and 20.5 may not
    expect(matchSales([...held, { ticker: "S", side: "sell", quantity: 20, DoA: "2022-06-01" }], splitsOf, "2022-12-31").unmatched).toEqual(
      [],
    );
    expect(
      matchSales([...held, { ticker: "S", side: "sell", quantity: 20.5, DoA: "2022-06-01" }], splitsOf, "2022-12-31").unmatched,
    ).toEqual([1]);
    // the day before, the 10 pre-split shares were held: 10 may be sold, 11 may not
    expect(matchSales([...held, { ticker: "S", side: "sell", quantity: 11, DoA: "2022-05-31" }], splitsOf, "2022-12-31").unmatched).toEqual(
      [1],
    );
  });
});

describe("what may be sold, and when (matching)", () => {
  const none = () => [];
  it("refuses a sale of more than is held, or before any purchase", () => {
    const bought = { ticker: "X", quantity: 10, DoA: "2020-05-01" };
    expect(matchSales([bought, { ticker: "X", side: "sell", quantity: 10.5, DoA: "2021-01-01" }], none, "2024-01-01").unmatched).toEqual([
      1,
    ]);
    expect(matchSales([{ ticker: "X", side: "sell", quantity: 1, DoA: "2020-04-30" }, bought], none, "2024-01-01").unmatched).toEqual([0]);
    // a second sale may only take what the first left: 6 + 5 > 10
    const two = matchSales(
      [
        bought,
        { ticker: "X", side: "sell", quantity: 6, DoA: "2021-01-01" },
        { ticker: "X", side: "sell", quantity: 5, DoA: "2021-02-01" },
      ],
      none,
      "2024-01-01",
    );
    expect(two.unmatched).toEqual([2]);
  });

  it("lets a buy and a sale of the same day meet whatever their order in the list", () => {
    const m = matchSales(
      [
        { ticker: "x", side: "sell", quantity: 4, DoA: "2021-03-03" },
        { ticker: "X", quantity: 4, DoA: "2021-03-03" },
      ],
      none,
      "2024-01-01",
    );
    expect(m.unmatched).toEqual([]);
    expect(m.takes).toEqual([{ sale: 0, lot: 1, shares: 4 }]);
    expect(m.heldTickers.has("X")).toBe(false);
  });

  it("treats a shortfall of floating-point noise as none (a 1:3 reverse split)", () => {
    // 10 bought before a 1:3 reverse split = 3.333… of today's shares; 10 sold before it = the same 3.333…
    const splitsOf = () => [{ date: "2023-01-02", ratio: 1 / 3 }];
    const m = matchSales(
      [
        { ticker: "R", quantity: 10, DoA: "2022-01-03" },
        { ticker: "R", side: "sell", quantity: 10, DoA: "2022-06-01" },
      ],
      splitsOf,
      "2024-01-01",
    );
    expect(m.unmatched).toEqual([]);
    expect(m.taken[0]).toBe(m.todayShares[0]);
  });

  it("leaves an unmatched sale out of every figure and says so", () => {
    const A: TickerPrices = { latestPrice: 12, asOf: "2023-06-30", history: { "2023-01": 10 } };
    const v = valuePortfolio({
      assets: [{ ticker: "A", quantity: 10, PoA: 10, DoA: "2023-01-03" }, sell("A", 11, 11, "2023-03-01")],
      prices: { A },
      today: "2023-06-30",
    });
    expect(v.unmatchedSales).toEqual([1]);
    expect(v.assets[1].realizedProfitLoss).toBeNull();
    expect(v).toMatchObject({ value: 100, marketValue: 120, realizedProfitLoss: 0, unpriced: [] });
    expect(v.gaps).toContainEqual({
      kind: "unmatched-sale",
      ticker: "A",
      date: "2023-03-01",
      message: "A: sold 11 on Mar 01, 2023, more than was held then, so the sale is counted in no figure",
    });
  });
});

describe("a sale in another currency (docs/numbers.md worked examples)", () => {
  // EURUSD=X: Jan 2023 1.08 (carried to Feb 2024), Mar 2024 1.09 (to May), Jun 2024 1.07 (the latest)
  const fx = { "EURUSD=X": { latestPrice: 1.07, asOf: "2024-06-28", history: { "2023-01": 1.08, "2024-03": 1.09 } } };
  const E: TickerPrices = { latestPrice: 130, asOf: "2024-06-28", currency: "EUR", history: { "2023-01": 100, "2024-03": 120 } };
  const v = valuePortfolio({
    assets: [{ ticker: "E", quantity: 10, PoA: 100, DoA: "2023-01-15" }, sell("E", 4, 120, "2024-03-20", 2)],
    prices: { E },
    fx,
    today: "2024-06-30",
  });

  it("converts the proceeds and the fee at the sale month's rate, the cost at the purchase month's", () => {
    // proceeds €480 × 1.09 = 523.20, fee €2 × 1.09 = 2.18, soldCost 4/10 × 1,080 = 432: realized 89.02
    const sale = v.assets[1];
    expect(sale.proceeds).toBeCloseTo(523.2, 9);
    expect(sale.saleFee).toBeCloseTo(2.18, 9);
    expect(sale.soldCost).toBeCloseTo(432, 9);
    expect(sale.realizedProfitLoss).toBeCloseTo(89.02, 9);
  });

  it("splits the receipt into price and currency", () => {
    // purchases 1,080; sales 523.20; end 6 × 130 × 1.07 = 834.60
    // priceGain 4 × 20 × 1.09 + 6 × 30 × 1.07 = 87.20 + 192.60 = 279.80; fxEffect 4 × 100 × 0.01 + 6 × 100 × (−0.01) = −2.00
    const r = v.receipt.All as Receipt;
    expect(r.startValue).toBe(0);
    expect(r.purchases).toBeCloseTo(1080, 9);
    expect(r.sales).toBeCloseTo(523.2, 9);
    expect(r.endValue).toBeCloseTo(834.6, 9);
    expect(r.priceGain).toBeCloseTo(279.8, 9);
    expect(r.fxEffect).toBeCloseTo(-2, 9);
    expect(r.fees).toBeCloseTo(2.18, 9);
    expect(identityGap(r)).toBeCloseTo(0, 9);
    // P/L: unrealized 834.60 − 648 = 186.60, realized 89.02: 275.62 = priceGain + fxEffect − fees
    expect(v.profitLoss).toBeCloseTo(275.62, 9);
    expect(r.priceGain + r.fxEffect - r.fees).toBeCloseTo(275.62, 9);
  });
});

describe("the return receipt with dividends (docs/numbers.md worked example)", () => {
  const R: TickerPrices = {
    latestPrice: 65,
    asOf: "2024-06-28",
    history: { "2023-06": 40, "2023-12": 50, "2024-02": 55, "2024-04": 60 },
    dividends: [
      { date: "2024-03-01", amount: 1 },
      { date: "2024-05-01", amount: 1 },
    ],
  };
  const v = valuePortfolio({
    assets: [
      { ticker: "R", quantity: 10, PoA: 40, DoA: "2023-06-15" },
      { ticker: "R", quantity: 10, PoA: 55, DoA: "2024-02-10" },
      sell("R", 12, 60, "2024-04-10", 3),
    ],
    prices: { R },
    today: "2024-06-30",
  });

  it("YTD: 500 + 550 − 720 + 190 = 520, dividends $28 and fees $3 beside it", () => {
    // start 10 × 50; priceGain 10 × (60 − 50) + 2 × (60 − 55) + 8 × (65 − 55) = 190
    // dividends: Mar 1, 20 held → 20; May 1, 8 held → 8
    expect(v.receipt.YTD).toEqual({
      startValue: 500,
      purchases: 550,
      sales: 720,
      priceGain: 190,
      fxEffect: 0,
      dividends: 28,
      fees: 3,
      endValue: 520,
    });
    // P/L 190 + 28 − 3 = 215 = value − start − netPurchases + dividends, netPurchases = 550 − 717 = −167
    expect(v.ranges.YTD?.netPurchases).toBe(-167);
    expect(v.ranges.YTD?.profitLoss).toBe(215);
  });

  it("All and 1Y: the first lot starts at its price, the 1Y base close being the same $40", () => {
    // All: 0 + 950 − 720 + 290 = 520 (the first lot 10 × (60 − 40) = 200)
    expect(v.receipt.All).toMatchObject({ startValue: 0, purchases: 950, sales: 720, priceGain: 290, endValue: 520, dividends: 28 });
    // 1Y (base 2023-06, the first lot's month: entered by then): 400 + 550 − 720 + 290 = 520
    expect(v.receipt["1Y"]).toMatchObject({ startValue: 400, purchases: 550, sales: 720, priceGain: 290, endValue: 520 });
  });

  it("realized, unrealized, dividends by piece: a sold lot receives no later dividend", () => {
    // realized 720 − 3 − (400 + 110) = 207; 8 held at cost 440, worth 520: unrealized 80; P/L 80 + 207 + 28 = 315 of 950
    expect(v).toMatchObject({ value: 440, marketValue: 520, unrealizedProfitLoss: 80, dividends: 28, invested: 950 });
    expect(v.realizedProfitLoss).toBeCloseTo(207, 10);
    expect(v.profitLoss).toBeCloseTo(315, 10);
    // the first lot: 10 held on Mar 1 → $10, none on May 1 (sold Apr 10); the second: 10 + 8 → $18
    expect(v.assets[0].dividends).toBe(10);
    expect(v.assets[1].dividends).toBe(18);
  });

  it("allHistory drops the sold shares from the sale's month, and TWR counts the sale as money leaving", () => {
    expect(v.allHistory).toEqual({
      "2023-06": 400,
      "2023-07": 400,
      "2023-08": 400,
      "2023-09": 400,
      "2023-10": 400,
      "2023-11": 400,
      "2023-12": 500,
      "2024-01": 500,
      "2024-02": 1100,
      "2024-03": 1100,
      "2024-04": 480,
      "2024-05": 480,
      "2024-06": 520,
    });
    // YTD months: Jan 0; Feb: 550 in on the 10th of 29 days, w = 20/29: (1100 − 500 − 550) / (500 + 550 × 20/29);
    // Mar: (1100 − 1100 + 20) / 1100; Apr: 717 out on the 10th of 30, w = 21/30: (480 − 1100 + 717) / (1100 − 717 × 0.7);
    // May: (480 − 480 + 8) / 480; Jun: (520 − 480) / 480
    const months = [0, 50 / (500 + (550 * 20) / 29), 20 / 1100, 97 / (1100 - 717 * 0.7), 8 / 480, 40 / 480];
    const twr = months.reduce((g, r) => g * (1 + r), 1) - 1;
    expect(v.ranges.YTD?.profitLossPercent).toBeCloseTo(twr * 100, 9);
  });
});

describe("a sale in the month's Modified Dietz return (docs/numbers.md TWR example)", () => {
  it("5 of 10 sold at $110 on the 16th of a 30-day month, month-end $120: +20.69 %", () => {
    const T: TickerPrices = { latestPrice: 120, asOf: "2024-04-30", history: { "2024-03": 100 } };
    const v = valuePortfolio({
      assets: [{ ticker: "T", quantity: 10, PoA: 100, DoA: "2024-03-01" }, sell("T", 5, 110, "2024-04-16")],
      prices: { T },
      today: "2024-04-30",
    });
    // March: 1,000 in on the 1st, worth 1,000: 0; April: (600 − 1,000 + 550) / (1,000 − 550 × 15/30) = 150 / 725
    expect(v.twrPercent).toBeCloseTo((150 / 725) * 100, 10);
  });
});

describe("XIRR with a sale (docs/numbers.md, Money-weighted return)", () => {
  it("1,000 in on 2023-01-01, 1,210 out on 2025-01-01 (731 days): 1.21^(365/731) − 1", () => {
    const T: TickerPrices = { latestPrice: 125, asOf: "2025-01-31", history: { "2023-01": 100, "2025-01": 121 } };
    const v = valuePortfolio({
      assets: [{ ticker: "T", quantity: 10, PoA: 100, DoA: "2023-01-01" }, sell("T", 10, 121, "2025-01-01")],
      prices: { T },
      today: "2025-02-15",
    });
    // nothing held: the final flow is 0; every priced ticker sold in full: pricesAsOf is the latest of theirs
    expect(v).toMatchObject({ marketValue: 0, pricesAsOf: "2025-01-31", valuationDate: "2025-01-31" });
    expect(v.xirrPercent).toBeCloseTo((1.21 ** (365 / 731) - 1) * 100, 8);
    expect(v.ranges.All?.xirrPercent).toBe(v.xirrPercent);
    expect(v.realizedProfitLoss).toBeCloseTo(210, 10);
  });
});

describe("dividends and the sale date", () => {
  it("a seller on the ex-date is entitled; no later dividend reaches a sold lot", () => {
    const D: TickerPrices = {
      latestPrice: 10,
      asOf: "2024-04-30",
      history: { "2024-01": 10 },
      dividends: [
        { date: "2024-02-15", amount: 0.5 },
        { date: "2024-03-10", amount: 0.5 },
      ],
    };
    const v = valuePortfolio({
      assets: [
        { ticker: "D", quantity: 10, PoA: 10, DoA: "2024-01-05" },
        { ticker: "D", quantity: 1, PoA: 10, DoA: "2024-01-05" },
        sell("D", 10, 10, "2024-02-15"),
      ],
      prices: { D },
      today: "2024-04-30",
    });
    // lot 1: 10 × 0.5 on Feb 15 (sold that day) = 5, nothing on Mar 10; lot 2 (1 share): 0.5 + 0.5 = 1
    expect(v.assets[0].dividends).toBe(5);
    expect(v.assets[1].dividends).toBe(1);
    expect(v.dividends).toBe(6);
    expect(v.ranges.All?.dividends).toBe(6);
  });
});

describe("the same sale in the benchmark (docs/numbers.md, Benchmark)", () => {
  it("sells the same fraction of the index units the lot bought", () => {
    const A: TickerPrices = { latestPrice: 15, asOf: "2024-06-28", history: { "2024-01": 10, "2024-03": 12 } };
    const index = { ticker: "I", latestPrice: 150, asOf: "2024-06-28", history: { "2024-01": 100, "2024-03": 125 } };
    const v = valuePortfolio({
      assets: [{ ticker: "A", quantity: 100, PoA: 10, DoA: "2024-01-02" }, sell("A", 50, 12, "2024-03-15")],
      prices: { A },
      index,
      today: "2024-06-30",
    });
    // 1,000 buys 10 units at 100; half the lot sold: 5 units at March's 125 = 625 leave; 5 held, worth 5 × 150 = 750
    const w = v.benchmark?.whatIf.All;
    expect(w?.value).toBeCloseTo(750, 10);
    expect(w?.netPurchases).toBeCloseTo(1000 - 625, 10);
    expect(w?.profitLoss).toBeCloseTo(375, 10);
    // its TWR: Mar (625 − 1,000 + 625) / (1,000 − 625 × 17/31), Jun 750 / 625 − 1
    const twr = (1 + 250 / (1000 - (625 * 17) / 31)) * 1.2 - 1;
    expect(w?.profitLossPercent).toBeCloseTo(twr * 100, 9);
  });
});

describe("prices as of what is still held", () => {
  it("a ticker sold in full does not make the held ones out of date", () => {
    const B: TickerPrices = { latestPrice: 20, asOf: "2024-08-19", history: { "2024-01": 10 } };
    const C: TickerPrices = { latestPrice: 30, asOf: "2024-07-12", history: { "2024-01": 25 } };
    const assets = [
      { ticker: "B", quantity: 5, PoA: 10, DoA: "2024-01-10" },
      { ticker: "C", quantity: 5, PoA: 25, DoA: "2024-01-10" },
    ];
    // held: B's 2024-08-19 makes C's 2024-07-12 out of date (38 days)
    const held = valuePortfolio({ assets, prices: { B, C }, today: "2024-09-01" });
    expect(held).toMatchObject({ pricesAsOf: "2024-08-19", stale: ["C"] });
    // B sold in full on 2024-03-01: C's date is the newest that values anything
    const sold = valuePortfolio({ assets: [...assets, sell("B", 5, 15, "2024-03-01")], prices: { B, C }, today: "2024-09-01" });
    expect(sold).toMatchObject({ pricesAsOf: "2024-07-12", valuationDate: "2024-07-12", stale: [] });
    expect(sold.assets[0]).toMatchObject({ shares: 0, marketValue: 0 });
  });
});

describe("a sale that took shares bought before its currency's rates", () => {
  it("counts in no figure, nor do the shares it took from a counted lot", () => {
    const fx = { "NOKUSD=X": { latestPrice: 0.1, asOf: "2024-06-28", history: { "2024-01": 0.1 } } };
    const N: TickerPrices = { latestPrice: 120, asOf: "2024-06-28", currency: "NOK", history: { "2023-06": 100, "2024-02": 110 } };
    const v = valuePortfolio({
      assets: [
        { ticker: "N", quantity: 10, PoA: 100, DoA: "2023-06-01" },
        { ticker: "N", quantity: 10, PoA: 110, DoA: "2024-02-01" },
        sell("N", 15, 115, "2024-03-01"),
      ],
      prices: { N },
      fx,
      today: "2024-06-30",
    });
    // lot 1: no rate in Jun 2023, counts nowhere; the sale took 10 from it and 5 from lot 2: not counted
    // lot 2 holds 5: cost 5 × 110 × 0.1 = 55, worth 5 × 120 × 0.1 = 60; invested 55 (the 5 sold are out of every figure)
    expect(v.assets[2].realizedProfitLoss).toBeNull();
    expect(v).toMatchObject({ realizedProfitLoss: 0, invested: 55 });
    expect(v.value).toBeCloseTo(55, 10);
    expect(v.marketValue).toBeCloseTo(60, 10);
    expect(v.receipt.All?.purchases).toBeCloseTo(55, 10);
    expect(v.receipt.All?.sales).toBe(0);
    expect(v.gaps.map((g) => g.kind)).toEqual(["fx", "fx"]);
    expect(v.gaps[1].message).toBe(
      "N: the sale of Mar 01, 2024 sold shares bought without a NOKUSD=X exchange rate, so it is counted in no figure",
    );
  });
});

describe("TWR and XIRR per range, and why they differ", () => {
  it("annualises TWR over the range's days", () => {
    // +21 % over 730 days is 10 % a year
    expect(annualised(21, 730)).toBeCloseTo(10, 10);
    expect(annualised(null, 365)).toBeNull();
  });

  it("says which is higher and why, naming the range's purchases and sales", () => {
    const receipt = { startValue: 0, purchases: 5000, sales: 0, priceGain: 0, fxEffect: 0, dividends: 0, fees: 0, endValue: 0 };
    expect(returnsNote(10, 10, 4, 365, receipt, "USD")).toBe(
      "XIRR 4% a year is below the TWR 10% over a year, because more of your money was at work in the months that gained least or lost: the $5,000.00 bought in this range came at bad times.",
    );
    expect(returnsNote(21, 10, 10.2, 730, { ...receipt, purchases: 0 }, "USD")).toBe(
      "TWR 21% over 2 years (10% a year) and XIRR 10.20% a year agree: no money went in or out after the range's start.",
    );
  });

  it("the ranges of a valuation carry their XIRR and sentence", () => {
    const A: TickerPrices = { latestPrice: 70, asOf: "2021-06-30", history: { "2019-01": 40, "2020-01": 50, "2021-01": 60 } };
    const v = valuePortfolio({
      assets: [{ ticker: "A", quantity: 10, PoA: 40, DoA: "2019-01-10" }, sell("A", 5, 60, "2021-01-10")],
      prices: { A },
      today: "2021-06-30",
    });
    // 1Y (base 2020-06, close $50): flows −500 on 2020-06-30, +300 on 2021-01-10, +350 on 2021-06-30
    const y = v.ranges["1Y"];
    expect(y?.xirrPercent).not.toBeNull();
    const t0 = Date.parse("2020-06-30");
    const npv = (r: number) =>
      -500 +
      300 * (1 + r) ** (-(Date.parse("2021-01-10") - t0) / 864e5 / 365) +
      350 * (1 + r) ** (-(Date.parse("2021-06-30") - t0) / 864e5 / 365);
    expect(npv((y?.xirrPercent as number) / 100)).toBeCloseTo(0, 8);
    expect(y?.returnsNote).toMatch(/XIRR|TWR/);
    expect(parseMonth(y?.end ?? "")).toBe(parseMonth("2021-06"));
  });
});

const available = hasMarketData();
describe.skipIf(!available)("NVDA on the shared data (docs/numbers.md worked example)", () => {
  it("10 bought at $450 on 2023-09-11, 40 sold at $130 on 2024-12-02: 60 left, $3,400 realized", () => {
    const prices = available ? { NVDA: loadInstrument("NVDA") } : {};
    const v = valuePortfolio({
      assets: [{ ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" }, sell("NVDA", 40, 130, "2024-12-02")],
      prices,
      today: "2026-11-23",
    });
    // 100 of today's shares bought; 40 sold after the split; soldCost 40/100 × 4,500 = 1,800; 5,200 − 1,800 = 3,400
    expect(v.assets[0]).toMatchObject({ shares: 60, soldShares: 40 });
    expect(v.assets[1].realizedProfitLoss).toBeCloseTo(3400, 9);
    // 60 × 203.53 = 12,211.80 (NVDA.csv's last close 203.52999877929688); cost 2,700; P/L 9,511.80 + 3,400 = 12,911.80 of 4,500
    expect(v.value).toBeCloseTo(2700, 9);
    expect(v.marketValue).toBeCloseTo(12211.8, 2);
    expect(v.profitLossPercent).toBeCloseTo((12911.8 / 4500) * 100, 2);
    expect(identityGap(v.receipt.All as Receipt)).toBeCloseTo(0, 6);
  });
});
