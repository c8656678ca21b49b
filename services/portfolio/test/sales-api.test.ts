/**
 * Sales through the real routes (docs/numbers.md "Sales: lots sold first in, first out", "The return receipt"): the
 * portfolio service values with the pricing service's CSV provider on the shared closes, refuses what the rules
 * refuse with their words, and every screen of the one valuation (the page, the list, the playground, the
 * portfolio.valued event) carries the sale's figures.
 */
import { afterEach, describe, expect, it } from "vitest";
import { asset, type Harness, harness, input } from "./helpers.ts";
import { closes, hasRealData, REAL_DATA_DIR } from "./market-data.ts";

const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);
const CSV_ONLY = { MARKET_DATA_DIR: REAL_DATA_DIR, MARKET_DATA_PROVIDERS: "csv" };

let h: Harness;
const opened: Harness[] = [];
async function open(options: Parameters<typeof harness>[0]): Promise<Harness> {
  h = await harness(options);
  h.deps.clock.set(TODAY);
  opened.push(h);
  return h;
}
afterEach(async () => {
  for (const x of opened.splice(0)) await x.close();
});

const nvda = input({
  assets: [
    asset({ ticker: "NVDA", quantity: 10, PoA: 450, DoA: "2023-09-11" }),
    { ticker: "NVDA", side: "sell", quantity: 40, PoA: 130, DoA: "2024-12-02" },
  ],
});

describe.skipIf(!hasRealData)("sales through the API", () => {
  const last = hasRealData ? closes("NVDA").last : 0;

  it("10 NVDA at $450, 40 sold at $130 after the split: 60 held, $3,400 realized, on the page and the list", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const slug = await h.create("alice", "Sold some", nvda);
    h.deps.clock.set(TODAY);
    const page = await h.as("alice").get(slug);
    expect(page.statusCode).toBe(200);
    const { data, valuation } = page.json();
    const [lot, sale] = data.assets;
    expect(lot).toMatchObject({ ticker: "NVDA", quantity: 10, shares: 60, soldShares: 40 });
    expect(lot.side).toBeUndefined();
    expect(lot.marketValue).toBeCloseTo(60 * last, 6);
    expect(lot.cost).toBeCloseTo(2700, 9);
    expect(sale).toMatchObject({ side: "sell", quantity: 40, PoA: 130, DoA: "2024-12-02", shares: 0, marketValue: 0, fee: 0 });
    expect(sale.realizedProfitLoss).toBeCloseTo(3400, 9);
    expect(sale.proceeds).toBeCloseTo(5200, 9);
    expect(sale.soldCost).toBeCloseTo(1800, 9);
    // totals: held cost 2,700; realized 3,400; unrealized 60 × last − 2,700; P/L of the 4,500 invested
    expect(valuation.value).toBeCloseTo(2700, 9);
    expect(valuation.realizedProfitLoss).toBeCloseTo(3400, 9);
    expect(valuation.unrealizedProfitLoss).toBeCloseTo(60 * last - 2700, 6);
    expect(valuation.invested).toBeCloseTo(4500, 9);
    expect(valuation.profitLossPercent).toBeCloseTo(((60 * last - 2700 + 3400) / 4500) * 100, 6);
    for (const key of ["All", "YTD", "1Y", "3Y"]) {
      const r = valuation.receipt[key];
      expect(Math.abs(r.startValue + r.purchases - r.sales + r.priceGain + r.fxEffect - r.endValue)).toBeLessThan(0.005);
      expect(r.endValue).toBeCloseTo(60 * last, 6);
      expect(typeof valuation.ranges[key].returnsNote).toBe("string");
    }
    expect(valuation.receipt.All).toMatchObject({ startValue: 0, purchases: 4500, sales: 5200 });
    expect(valuation.ranges.All.xirrPercent).toBe(valuation.xirrPercent);

    // the dashboard's list: the same figures, the totals with realized and unrealized
    const list = (await h.as("alice").list()).json().portfolios[slug];
    expect(list.figures.realizedProfitLoss).toBeCloseTo(3400, 9);
    expect(list.figures.profitLoss).toBeCloseTo(valuation.profitLoss, 9);
    expect(list.assets[0]).toMatchObject({ shares: 60, soldShares: 40 });
    expect(list.assets[1].realizedProfitLoss).toBeCloseTo(3400, 9);
  });

  it("publishes only what is still held: net worth counts the 60 shares", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    await h.create("alice", "Sold some", nvda);
    const events = await h.relay();
    const valued = events.filter((e) => e.type === "portfolio.valued").at(-1)?.payload as {
      figures: { marketValue: number; realizedProfitLoss: number };
      holdings: { ticker: string; shares: number }[];
    };
    expect(valued.holdings).toEqual([expect.objectContaining({ ticker: "NVDA", shares: 60 })]);
    expect(valued.figures.marketValue).toBeCloseTo(60 * last, 6);
    expect(valued.figures.realizedProfitLoss).toBeCloseTo(3400, 9);
    const saved = events.find((e) => e.type === "portfolio.saved")?.payload as { holdings: { side?: string }[] };
    expect(saved.holdings.map((x) => x.side ?? "buy")).toEqual(["buy", "sell"]);
  });

  it("refuses a sale of more than is held on its date, or before any purchase, in the issue's words", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const more = await h
      .as("alice")
      .save(
        "new",
        input({ assets: [nvda.assets[0], { ticker: "NVDA", side: "sell", quantity: 101, PoA: 130, DoA: "2024-12-02" }] }),
        "Too many",
      );
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({
      result: "nok",
      data: "You cannot sell more than you hold on that date",
      asset: { index: 1, ticker: "NVDA" },
    });
    // before the split 10 were held: 11 on 2024-06-07 is too many, 10 is all of them
    const early = await h
      .as("alice")
      .save(
        "new",
        input({ assets: [nvda.assets[0], { ticker: "NVDA", side: "sell", quantity: 11, PoA: 120, DoA: "2024-06-07" }] }),
        "Early",
      );
    expect(early.json().data).toBe("You cannot sell more than you hold on that date");
    const before = await h
      .as("alice")
      .save(
        "new",
        input({ assets: [{ ticker: "NVDA", side: "sell", quantity: 1, PoA: 120, DoA: "2023-01-03" }, nvda.assets[0]] }),
        "Before",
      );
    expect(before.json()).toMatchObject({ data: "You cannot sell more than you hold on that date", asset: { index: 0 } });
    const all = await h
      .as("alice")
      .save(
        "new",
        input({ assets: [nvda.assets[0], { ticker: "NVDA", side: "sell", quantity: 10, PoA: 120, DoA: "2024-06-07" }] }),
        "All of it",
      );
    expect(all.json().message).toBe("pcreated");
    // a save that edits the buy below what a stored sale took is refused too
    const slug = all.json().slug as string;
    const edited = await h
      .as("alice")
      .save(slug, input({ rev: 1, assets: [{ ...nvda.assets[0], quantity: 9 }, all.json().data.assets[1]] }));
    expect(edited.statusCode).toBe(400);
    expect(edited.json().data).toBe("You cannot sell more than you hold on that date");
  });

  it("refuses any other side, and a sale without a quantity, price or date, with 400", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const short = await h.as("alice").save("new", input({ assets: [{ ...nvda.assets[0], side: "short" as never }] }), "Short");
    expect(short.statusCode).toBe(400);
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, "Quantity sold must be more than 0 and at most 1,000,000,000"],
      [{ PoA: 0 }, "Sale price missing"],
      [{ DoA: "2024-02-30" }, "Sale date is not a calendar date"],
      [{ DoA: "2030-01-01" }, "Sale date cannot be in the future"],
      [{ fee: -1 }, "Sale fee must be an amount from 0 to 1,000,000,000"],
      [{ fee: "0.1%" }, "Sale fee must be an amount from 0 to 1,000,000,000"],
    ];
    for (const [over, message] of cases) {
      const res = await h.as("alice").save("new", input({ assets: [nvda.assets[0], { ...nvda.assets[1], ...over }] }), "Bad sale");
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().data).toBe(message);
    }
  });

  it("keeps a sale's fee as money, never the fund's expense ratio", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const slug = await h.create("alice", "Fees", {
      assets: [
        asset({ ticker: "VTI", quantity: 10, PoA: 165, DoA: "2020-01-02" }),
        { ticker: "VTI", side: "sell", quantity: 4, PoA: 200, DoA: "2021-01-04", fee: "4.95" },
      ],
    });
    const { data, valuation } = (await h.as("alice").get(slug)).json();
    // the buy gets VTI's 0.03 % expense ratio from pricing; the sale keeps its $4.95
    expect(data.assets[0].fee).toBe(0.03);
    expect(data.assets[1].fee).toBe(4.95);
    expect(data.assets[1].saleFee).toBeCloseTo(4.95, 9);
    // proceeds 800 − 4.95 − 4/10 × 1,650 = 135.05
    expect(data.assets[1].realizedProfitLoss).toBeCloseTo(135.05, 9);
    expect(valuation.receipt.All.fees).toBeCloseTo(4.95, 9);
    // Portfolio.fees: the weighted expense ratio of what is held (all VTI): 0.03 % a year
    expect(data.fees).toBe(0.03);
  });

  it("values a draft with sales in the playground, and refuses an oversale there too", async () => {
    await open({ pricing: true, env: CSV_ONLY });
    const ok = await h.app.inject({ method: "POST", url: "/v1/playground/value", payload: { portfolio: nvda } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().valuation.realizedProfitLoss).toBeCloseTo(3400, 9);
    const bad = await h.app.inject({
      method: "POST",
      url: "/v1/playground/value",
      payload: { portfolio: { assets: [nvda.assets[0], { ...nvda.assets[1], quantity: 200 }] } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toBe("You cannot sell more than you hold on that date");
  });

  it("answers 503, not a guess, when pricing cannot give a sold ticker's splits", async () => {
    // no pricing service on this app: every ticker is unavailable
    await open({});
    const res = await h.as("alice").save("new", nvda, "Outage");
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toContain("Prices for NVDA are unavailable right now");
    // a portfolio without a sale saves as before
    expect((await h.as("alice").save("new", input({ assets: [nvda.assets[0]] }), "Plain")).json().message).toBe("pcreated");
  });
});
