/**
 * A broker file's histories in the import table (docs/numbers.md "Broker files": Trades; issue 26): a row read with its
 * buys and sales is saved as them while its quantity, price and date are as read (a corrected ticker is
 * theirs too), as one position once edited; holdings sold in full are saved as their trades.
 */
import type { FileHistory, FileRow } from "@folio/proto/import";
import { describe, expect, it } from "vitest";
import { editRow, fromFile, historySummary, toAssets } from "./importRows.ts";

const row: FileRow = { ticker: "NVDA", name: "NVIDIA CORP", quantity: 30, PoA: 55.1, DoA: "2024-01-15", account: "…6543", flags: [] };
const histories: FileHistory[] = [
  {
    account: "…6543",
    ticker: "NVDA",
    name: "NVIDIA CORP",
    quantity: 30,
    trades: [
      { side: "buy", date: "2024-01-15", quantity: 4, price: 550, fee: 0 },
      { side: "sell", date: "2024-08-01", quantity: 10, price: 110, fee: 1 },
    ],
  },
  {
    account: "…6543",
    ticker: "KO",
    name: "COCA-COLA",
    quantity: 0,
    trades: [
      { side: "buy", date: "2020-01-10", quantity: 10, price: 40, fee: 0 },
      { side: "sell", date: "2022-01-10", quantity: 10, price: 60, fee: 5 },
    ],
  },
];

describe("broker histories on save", () => {
  it("a row as read is saved as its buys and sales, a holding sold in full too", () => {
    const rows = fromFile([row], histories);
    expect(toAssets(rows, histories)).toEqual([
      { ticker: "NVDA", name: "NVIDIA CORP", quantity: 4, PoA: 550, DoA: "2024-01-15" },
      { ticker: "NVDA", name: "NVIDIA CORP", side: "sell", quantity: 10, PoA: 110, DoA: "2024-08-01", fee: 1 },
      { ticker: "KO", name: "COCA-COLA", quantity: 10, PoA: 40, DoA: "2020-01-10" },
      { ticker: "KO", name: "COCA-COLA", side: "sell", quantity: 10, PoA: 60, DoA: "2022-01-10", fee: 5 },
    ]);
    expect(historySummary(rows, histories)).toEqual({ rows: 1, buys: 2, sales: 2, closed: ["KO"] });
  });

  it("a corrected ticker keeps the history; an edited quantity, price or date makes the row one position", () => {
    const [read] = fromFile([row], histories);
    const renamed = editRow(read!, "ticker", "nvda.de");
    expect(toAssets([renamed]).map((a) => [a.ticker, a.side ?? "buy", a.quantity])).toEqual([
      ["NVDA.DE", "buy", 4],
      ["NVDA.DE", "sell", 10],
    ]);
    const edited = editRow(read!, "quantity", "31");
    expect(toAssets([edited])).toEqual([{ ticker: "NVDA", name: "NVIDIA CORP", quantity: 31, PoA: 55.1, DoA: "2024-01-15" }]);
    expect(historySummary([edited])).toEqual({ rows: 0, buys: 0, sales: 0, closed: [] });
  });

  it("a row without a history of the same account, ticker and quantity is one position", () => {
    const other = fromFile([{ ...row, quantity: 29 }], histories);
    expect(other[0]?.history).toBeUndefined();
    expect(toAssets(other)).toHaveLength(1);
  });
});
