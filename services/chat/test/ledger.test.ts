/**
 * Which portfolios become cards, and what the table holds: only what the tools returned, in the order the
 * answer mentions them, with the portfolio service's numbers.
 */
import { describe, expect, it } from "vitest";
import { type Holding, Ledger, tableOf } from "../src/ledger.ts";

const vti: Holding = {
  ticker: "VTI",
  name: "Vanguard Total Stock Market ETF",
  quantity: 10,
  latestPrice: 300.123,
  currency: "USD",
  marketValue: 3001.234,
  profitLoss: 1001.236,
  profitLossPercent: 50.0618,
  percent: 100,
  priceDate: "2026-07-13",
  stale: false,
  unpriced: null,
};

function seen(): Ledger {
  const ledger = new Ledger();
  ledger.portfolio("growth-a1", "Growth", 3001.23);
  ledger.portfolio("income-b2", "Income", 1500);
  ledger.portfolio("tech-c3", "Tech", null);
  ledger.listed = true;
  return ledger;
}

describe("cards", () => {
  it("are the portfolios the answer names, by name or slug, in the order it names them", () => {
    expect(seen().cards("Income did better than growth; see tech-c3.")).toEqual([
      { slug: "income-b2", name: "Income", value: 1500 },
      { slug: "growth-a1", name: "Growth", value: 3001.23 },
      { slug: "tech-c3", name: "Tech", value: null },
    ]);
  });

  it("match whole words only, and never a portfolio no tool returned", () => {
    // "Techno" is not "Tech"; "Dividend" was never returned by a tool
    expect(seen().cards("Technology and your Dividend portfolio")).toEqual([]);
  });

  it("include the table's portfolios even when the text does not name them", () => {
    const ledger = seen();
    ledger.portfolio("growth-a1", "Growth", 3001.23, [vti]);
    ledger.table = tableOf(ledger, "holdings");
    expect(ledger.cards("Here is the table.")).toEqual([{ slug: "growth-a1", name: "Growth", value: 3001.23 }]);
  });
});

describe("the currency of the figures", () => {
  it("a card and a table say the owner's base currency the tools returned; a later call without it keeps it", () => {
    const ledger = new Ledger();
    ledger.portfolio("euro-d4", "Euro", 28696.63, undefined, "EUR");
    ledger.portfolio("euro-d4", "Euro", 28696.63, [vti]);
    ledger.listed = true;
    expect(ledger.cards("Euro")).toEqual([{ slug: "euro-d4", name: "Euro", value: 28696.63, currency: "EUR" }]);
    expect(tableOf(ledger, "portfolios")?.currency).toBe("EUR");
    expect(tableOf(ledger, "holdings")?.currency).toBe("EUR");
    // not said by any tool: nothing invented (the web reads USD, the default)
    expect(seen().cards("Growth")).toEqual([{ slug: "growth-a1", name: "Growth", value: 3001.23 }]);
    expect(tableOf(seen(), "portfolios")).not.toHaveProperty("currency");
  });

  it("a holdings table says each price's own currency, the instrument's, beside the owner's for the amounts", () => {
    const ledger = new Ledger();
    const sap: Holding = { ...vti, ticker: "SAP.DE", name: "SAP SE", latestPrice: 181.3, currency: "EUR" };
    const unknown: Holding = { ...vti, ticker: "OLD", name: "Old", currency: null };
    ledger.portfolio("mixed-e5", "Mixed", 5000, [vti, sap, unknown], "GBP");
    const table = tableOf(ledger, "holdings");
    expect(table?.currency).toBe("GBP");
    expect(table?.priceCurrencies).toEqual(["USD", "EUR", null]);
    expect(table?.rows.map((r) => r[4])).toEqual([300.123, 181.3, 300.123]);
  });
});

describe("the table", () => {
  it("portfolios: only after list_portfolios, money to cents", () => {
    const ledger = seen();
    ledger.portfolio("growth-a1", "Growth", 3001.234);
    expect(tableOf(ledger, "portfolios", ["growth-a1", "tech-c3"])).toEqual({
      title: "Your portfolios",
      columns: ["Portfolio", "Slug", "Market value"],
      rows: [
        ["Growth", "growth-a1", 3001.23],
        ["Tech", "tech-c3", null],
      ],
    });
    const unlisted = new Ledger();
    unlisted.portfolio("growth-a1", "Growth", 1);
    expect(tableOf(unlisted, "portfolios")).toBeNull();
  });

  it("holdings: only of portfolios fetched with their holdings; price kept, money and percents to cents", () => {
    const ledger = seen();
    expect(tableOf(ledger, "holdings")).toBeNull();
    ledger.portfolio("growth-a1", "Growth", 3001.23, [vti]);
    // 3001.234 → 3001.23; 1001.236 → 1001.24; 50.0618 → 50.06
    expect(tableOf(ledger, "holdings")?.rows).toEqual([
      ["Growth", "VTI", "Vanguard Total Stock Market ETF", 10, 300.123, "2026-07-13", 3001.23, 1001.24, 50.06, 100],
    ]);
    expect(tableOf(ledger, "holdings")?.title).toBe("Holdings of Growth");
    // a later list keeps the holdings already fetched
    ledger.portfolio("growth-a1", "Growth", 3001.23);
    expect(tableOf(ledger, "holdings", ["growth-a1"])?.rows).toHaveLength(1);
  });

  it("holdings: says which price is a last known one and which holding has none, and why", () => {
    const ledger = seen();
    const stale: Holding = { ...vti, ticker: "KO", name: "Coca-Cola", priceDate: "2026-07-01", stale: true };
    const none: Holding = {
      ...vti,
      ticker: "XYZ",
      name: "XYZ",
      latestPrice: null,
      marketValue: null,
      profitLoss: null,
      profitLossPercent: null,
      percent: null,
      priceDate: null,
      unpriced: "no price, so it is counted in no market figure",
    };
    ledger.portfolio("growth-a1", "Growth", 3001.23, [stale, none]);
    const table = tableOf(ledger, "holdings");
    expect(table?.columns[5]).toBe("Price as of");
    expect(table?.rows.map((r) => [r[1], r[4], r[5], r[6]])).toEqual([
      ["KO", 300.123, "2026-07-01 (stale)", 3001.23],
      ["XYZ", null, "unpriced: no price, so it is counted in no market figure", null],
    ]);
  });
});
