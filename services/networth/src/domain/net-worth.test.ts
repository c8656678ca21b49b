import type { RateUsed } from "@folio/proto/portfolio";
import { describe, expect, it } from "vitest";
import { type HeldFigures, netWorthOf, type PortfolioHoldings, quantitiesByTicker } from "./net-worth.ts";

const figures = (marketValue: number | null, over: Partial<HeldFigures> = {}): HeldFigures => ({
  rev: 1,
  valuedAt: "2026-07-14T00:00:00.000Z",
  baseCurrency: "USD",
  marketValue,
  pricesAsOf: "2026-07-13",
  stale: [],
  unpriced: [],
  rates: [],
  holdings: [],
  ...over,
});
const valued = (slug: string, f: HeldFigures | null, playGround = false): PortfolioHoldings => ({
  slug,
  playGround,
  holdings: [{ ticker: "VTI", quantity: 1 }],
  figures: f,
});
const june = (pair: string, month: string, stale: RateUsed["stale"]): RateUsed => ({ pair, rate: 1.1, month, asOf: `${month}-01`, stale });

describe("netWorthOf", () => {
  it("sums the portfolios' market values as their valuations give them, rounded to cents", () => {
    // 2790.004 + 500.0011 = 3290.0051 → 3290.01
    const worth = netWorthOf([valued("a", figures(2790.004)), valued("b", figures(500.0011))], "USD");
    expect(worth).toEqual({ netWorth: 3290.01, baseCurrency: "USD", stale: [], unpriced: [], rates: [], pending: [] });
  });

  it("leaves playgrounds and deleted portfolios out; a portfolio with nothing priced adds 0", () => {
    const worth = netWorthOf(
      [
        valued("a", figures(100)),
        valued("p", figures(90000), true),
        { ...valued("d", figures(5)), deleted: true },
        valued("n", figures(null)),
      ],
      "USD",
    );
    expect(worth.netWorth).toBe(100);
    expect(netWorthOf([], "USD").netWorth).toBe(0);
  });

  it("names what the valuations could not count, the stale prices and the stale rates (the oldest month per pair)", () => {
    const worth = netWorthOf(
      [
        valued(
          "a",
          figures(100, {
            stale: ["KO"],
            unpriced: [{ ticker: "ZZ", reason: "unknown-ticker" }],
            rates: [june("USDEUR=X", "2026-06", "out-of-date")],
          }),
        ),
        valued(
          "b",
          figures(50, { stale: ["KO", "A"], rates: [june("USDEUR=X", "2026-05", "out-of-date"), june("GBPEUR=X", "2026-07", null)] }),
        ),
      ],
      "USD",
    );
    expect(worth.stale).toEqual(["A", "KO"]);
    expect(worth.unpriced).toEqual([{ ticker: "ZZ", reason: "unknown-ticker" }]);
    expect(worth.rates).toEqual([june("USDEUR=X", "2026-05", "out-of-date")]);
  });

  it("never adds figures of another currency: a portfolio not revalued in the new base currency yet is pending", () => {
    const worth = netWorthOf(
      [valued("eur", figures(100, { baseCurrency: "EUR" })), valued("usd", figures(10)), valued("new", null)],
      "USD",
    );
    expect(worth).toMatchObject({ netWorth: 10, pending: ["eur", "new"] });
  });
});

describe("quantitiesByTicker", () => {
  it("sums today's shares per ticker from the valuations, the entered quantity where there is none yet", () => {
    const split = figures(1, {
      holdings: [{ ticker: "NVDA", shares: 100, marketValue: 1, priceDate: "2026-07-13", staleReason: null }],
    });
    const totals = quantitiesByTicker([
      { playGround: false, holdings: [{ ticker: "NVDA", quantity: 10 }], figures: split },
      { playGround: false, holdings: [{ ticker: "nvda", quantity: 2 }], figures: null },
      { playGround: true, holdings: [{ ticker: "BND", quantity: 5 }], figures: null },
    ]);
    expect(Object.fromEntries(totals)).toEqual({ NVDA: 102 });
  });
});
