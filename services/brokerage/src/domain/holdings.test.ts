import { describe, expect, it } from "vitest";
import { importedAccounts, sameAccounts, tickerOf } from "./holdings.ts";

const account = { account_id: "a1", name: "Brokerage", mask: "1234", type: "investment" };
const security = (over: Record<string, unknown> = {}) => ({ security_id: "s1", name: "Thing", ticker_symbol: "VTI", type: "etf", ...over });

describe("tickerOf", () => {
  it("keeps a ticker the app can price, upper-cased", () => {
    expect(tickerOf(security({ ticker_symbol: "brk-b" }))).toBe("BRK-B");
  });
  it("falls back to the CUSIP, the ISIN, then the security id, when there is no usable ticker", () => {
    expect(tickerOf(security({ ticker_symbol: null, cusip: "922908769" }))).toBe("922908769");
    expect(tickerOf(security({ ticker_symbol: "AAPL 250117C00150000", isin: "US0378331005" }))).toBe("US0378331005");
    expect(tickerOf(security({ ticker_symbol: null, security_id: "abc_def-123" }))).toBe("PLAID-ABCDEF123");
  });
});

describe("importedAccounts", () => {
  it("merges lots of one ticker: quantities add, PoA is their cost over their quantity", () => {
    // lot 1: 10 at a cost basis of 1000 (100 each); lot 2: 30 with no cost basis at the price 120
    // PoA = (1000 + 30 × 120) / 40 = 4600 / 40 = 115
    const [a] = importedAccounts(
      {
        accounts: [account],
        securities: [security()],
        holdings: [
          { account_id: "a1", security_id: "s1", quantity: 10, institution_price: 130, cost_basis: 1000 },
          { account_id: "a1", security_id: "s1", quantity: 30, institution_price: 120, cost_basis: null },
        ],
      },
      "2026-01-02",
    );
    expect(a).toEqual({
      accountId: "a1",
      name: "Brokerage ••1234",
      holdings: [{ ticker: "VTI", name: "Thing", quantity: 40, PoA: 115, DoA: "2026-01-02" }],
    });
  });

  it("leaves out cash, closed or short positions, holdings without any price, and non-investment accounts", () => {
    const accounts = importedAccounts(
      {
        accounts: [account, { account_id: "c1", name: "Checking", mask: null, type: "depository" }],
        securities: [
          security(),
          security({ security_id: "cash", ticker_symbol: "CUR:USD", type: "cash" }),
          security({ security_id: "z", close_price: null }),
        ],
        holdings: [
          { account_id: "a1", security_id: "cash", quantity: 500, institution_price: 1 },
          { account_id: "a1", security_id: "s1", quantity: 0, institution_price: 100 },
          { account_id: "a1", security_id: "z", quantity: 5, institution_price: 0, cost_basis: 0 },
        ],
      },
      "2026-01-02",
    );
    expect(accounts).toEqual([{ accountId: "a1", name: "Brokerage ••1234", holdings: [] }]);
  });

  it("uses the security's close price when the institution gives neither cost basis nor price", () => {
    const [a] = importedAccounts(
      {
        accounts: [account],
        securities: [security({ close_price: 99.5 })],
        holdings: [{ account_id: "a1", security_id: "s1", quantity: 2, institution_price: 0, cost_basis: null }],
      },
      "2026-01-02",
    );
    expect(a.holdings[0].PoA).toBe(99.5);
  });
});

describe("sameAccounts", () => {
  it("is true for the same names and masks, in any order, and false for none or different ones", () => {
    const x = [
      { name: "IRA", mask: "1" },
      { name: "401k", mask: "2" },
    ];
    expect(sameAccounts(x, [...x].reverse())).toBe(true);
    expect(sameAccounts(x, [x[0]])).toBe(false);
    expect(sameAccounts([], [])).toBe(false);
    expect(sameAccounts(x, [x[0], { name: "401k", mask: "3" }])).toBe(false);
  });
});
