/**
 * Broker histories as buys and sales (docs/numbers.md "Broker files": Trades; issue 26): a holding whose every
 * transaction is a buy or a sale with a price is saved as those, so its sales' realized gains survive the import;
 * anything no buy or sale says keeps it one position. Expected trades are read off the files by hand.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseBrokerFile, settleFiles, sourceFile } from "../src/domain/files/index.ts";
import type { Entry } from "../src/domain/files/ledger.ts";
import type { Statement } from "../src/domain/files/port.ts";
import { settle } from "../src/domain/files/settle.ts";

const FILES = join(import.meta.dirname, "broker-files");
const asOf = "2026-07-14";
const read = (...names: string[]) =>
  settleFiles(
    names.map((n) => sourceFile(readFileSync(join(FILES, n), "utf8"))),
    { asOf },
  );

describe("histories from the tuning files", () => {
  it("Robinhood: TSLA's buy and its sale after the 3-for-1 split; a merger and a reward stay positions", () => {
    const r = read("tuning/robinhood-activity.csv");
    // TSLA: 2 bought at $750 on 2022-06-01, ×3 on 2022-08-25, 1.5 sold at $250 on 2025-03-25: 6 − 1.5 = 4.5, the row's
    expect(r.histories).toEqual([
      {
        account: "",
        ticker: "AAPL",
        name: "Apple",
        quantity: 0.8452,
        trades: [{ side: "buy", date: "2025-02-10", quantity: 0.8452, price: 236.63, fee: 0 }],
      },
      {
        account: "",
        ticker: "TSLA",
        name: "Tesla",
        quantity: 4.5,
        trades: [
          { side: "buy", date: "2022-06-01", quantity: 2, price: 750, fee: 0 },
          { side: "sell", date: "2025-03-25", quantity: 1.5, price: 250, fee: 0 },
        ],
      },
    ]);
    // AMD came from XLNX by a merger (an exchange) and SNAP as a reward (no price): one position each, as before
    expect(r.rows.map((x) => x.ticker)).toEqual(["AAPL", "AMD", "SNAP", "TSLA"]);
  });

  it("IBKR Flex: NVDA bought before its 10:1 split and sold after it, with the sale's fee", () => {
    const r = read("tuning/ibkr-flex.xml");
    // 4 × 10 = 40 − 10 = 30, the open position's; realized on saving: 10 × $110 − $1 − 10/40 × $2,200 = $549
    expect(r.histories.find((h) => h.ticker === "NVDA")).toEqual({
      account: "…6543",
      ticker: "NVDA",
      name: "NVIDIA CORP",
      quantity: 30,
      trades: [
        { side: "buy", date: "2024-01-15", quantity: 4, price: 550, fee: 0 },
        { side: "sell", date: "2024-08-01", quantity: 10, price: 110, fee: 1 },
      ],
    });
  });

  it("a positions download beside a history: an opening at the average cost beside other buys stays a position", () => {
    // BND and MSFT: held before the history (an opening at the positions' average cost) and bought in it too: the
    // average is of every share, no opening's own price
    const r = read("tuning/schwab-history.csv", "tuning/schwab-positions.csv");
    expect(r.histories).toEqual([]);
    expect(r.rows.map((x) => [x.ticker, x.quantity])).toEqual([
      ["BND", 32.5],
      ["MSFT", 15],
      ["NEWCO", 30],
    ]);
  });

  it("a positions list alone is positions, as before", () => {
    expect(parseBrokerFile(readFileSync(join(FILES, "tuning/schwab-positions.csv"), "utf8"), { asOf }).histories).toEqual([]);
  });
});

describe("histories from a ledger", () => {
  const security = { key: "K", ticker: "KO", name: "Coca-Cola", account: "A1" };
  const statement = (entries: Entry[]): Statement => ({
    format: "csv",
    entries,
    positions: null,
    asOf: null,
    values: [],
    cash: [],
    errors: [],
  });
  const buy = (at: string, quantity: number, price: number): Entry => ({ ...security, kind: "buy", at, quantity, price });
  const sell = (at: string, quantity: number, price: number | null, fee = 0): Entry => ({
    ...security,
    kind: "sell",
    at,
    quantity,
    price,
    fee,
  });

  it("a holding sold in full keeps its buys and sales (quantity 0), so its realized gain survives", () => {
    const r = settle([statement([buy("2020-01-10", 10, 40), buy("2021-01-10", 5, 50), sell("2022-01-10", 15, 60, 5)])], { asOf });
    expect(r.rows).toEqual([]);
    expect(r.histories).toEqual([
      {
        account: "A1",
        ticker: "KO",
        name: "Coca-Cola",
        quantity: 0,
        trades: [
          { side: "buy", date: "2020-01-10", quantity: 10, price: 40, fee: 0 },
          { side: "buy", date: "2021-01-10", quantity: 5, price: 50, fee: 0 },
          { side: "sell", date: "2022-01-10", quantity: 15, price: 60, fee: 5 },
        ],
      },
    ]);
  });

  it("a sale without a price, a transfer out, or a sale of more than the history shows keeps the holding one position", () => {
    const noPrice = settle([statement([buy("2020-01-10", 10, 40), sell("2022-01-10", 4, null)])], { asOf });
    expect(noPrice.histories).toEqual([]);
    expect(noPrice.rows.map((x) => x.quantity)).toEqual([6]);
    const moved = settle([statement([buy("2020-01-10", 10, 40), { ...security, kind: "transferOut", at: "2022-01-10", quantity: 4 }])], {
      asOf,
    });
    expect(moved.histories).toEqual([]);
    // the file starts after the first buy: the least opening is assumed and asked about, never guessed at a price
    const midway = settle([statement([buy("2020-01-10", 2, 40), sell("2022-01-10", 5, 60)])], { asOf });
    expect(midway.questions).toHaveLength(1);
    expect(midway.histories).toEqual([]);
  });

  it("a split stated as the shares it added is followed to the row's quantity", () => {
    const r = settle(
      [statement([buy("2020-01-10", 10, 40), { ...security, kind: "split", at: "2021-06-01", shares: 10 }, sell("2022-01-10", 5, 25, 1)])],
      { asOf },
    );
    // 10 → 20 by the split, 5 sold: 15 held, the row's
    expect(r.rows.map((x) => x.quantity)).toEqual([15]);
    expect(r.histories[0]?.trades.map((t) => [t.side, t.quantity, t.price, t.fee])).toEqual([
      ["buy", 10, 40, 0],
      ["sell", 5, 25, 1],
    ]);
  });
});
