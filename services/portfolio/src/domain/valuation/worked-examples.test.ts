import { describe, expect, it } from "vitest";
import { hasMarketData, loadInstrument, marketDataDir } from "./testing/market-data.ts";
import { valuePortfolio } from "./value-portfolio.ts";

const available = hasMarketData();
if (!available)
  console.log(`market data not found in ${marketDataDir()} (set MARKET_DATA_DIR): docs/numbers.md's worked examples are skipped`);

/** The docs/numbers.md "Worked on real data" figures, on the shared folder read as the CSV provider reads it. */
describe.skipIf(!available)("docs/numbers.md's worked examples", () => {
  const today = "2026-11-23";

  it("NVDA 10 @ $450 on 2023-09-11: 100 shares after the 10:1 split, +352.29 %", () => {
    const prices = available ? { NVDA: loadInstrument("NVDA") } : {};
    const v = valuePortfolio({ assets: [{ ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" }], prices, today });
    // NVDA.csv ends 2026-07-13 at 203.52999877929688 (the file's float; to the cent 203.53): market 100 × 203.53 = 20,353; cost 4,500; (20,353 − 4,500) / 4,500 = 352.29 %
    expect(v).toMatchObject({ valuationDate: "2026-07-13", pricesAsOf: "2026-07-13" });
    expect(v.assets[0]).toMatchObject({ shares: 100, splitNote: "10 bought → 100 after the 10:1 split of Jun 10, 2024" });
    expect(v.marketValue).toBeCloseTo(20353, 2);
    expect(v.profitLossPercent).toBeCloseTo(((20353 - 4500) / 4500) * 100, 4);
    // one purchase and no dividends apart (they are in NVDA.csv's closes): TWR = the same 352.29 %
    expect(v.twrPercent).toBeCloseTo(((20353 - 4500) / 4500) * 100, 4);
  });

  it("JNJ 100 @ $100.48 on 2016-01-04: $4,377 of dividends, +200.10 %", () => {
    const prices = available ? { JNJ: loadInstrument("JNJ") } : {};
    const asset = { ticker: "JNJ", quantity: 100, PoA: 100.48, DoA: "2016-01-04" };
    const v = valuePortfolio({ assets: [asset], prices, today });
    // JNJ.csv ends 2026-07-13 at 257.7699890136719 (to the cent 257.77), the same close as split-adjusted/JNJ.csv's
    // that day; dividends/JNJ.csv's ex-dates after 2016-01-04 up to then sum to 43.77 a share
    // P/L = 100 × 257.77 + 100 × 43.77 − 10,048 = 25,777 + 4,377 − 10,048 = 20,106 = 200.10 %
    expect(v.valuationDate).toBe("2026-07-13");
    expect(v.dividends).toBeCloseTo(4377, 2);
    expect(v.profitLoss).toBeCloseTo(20106, 2);
    expect(v.profitLossPercent).toBeCloseTo((20106 / 10048) * 100, 4);
    // price return alone: 25,777 − 10,048 = 15,729 = 156.54 % (the "+156.5 %")
    const price = valuePortfolio({ assets: [asset], prices, today, returnBasis: "price" });
    expect(price.profitLoss).toBeCloseTo(15729, 2);
    // TWR compounds each month's dividend (reinvested at the month's close): 242.40 %, computed apart from the engine
    // (a Python script over the same files) as (Jan close + Jan dividends) / 100.48 × Π (close_m + dividends_m) / close_{m−1}
    expect(v.twrPercent).toBeCloseTo(242.39512636501212, 6);
  });
});
