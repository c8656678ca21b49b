import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CsvDirectoryProvider } from "../src/providers/csv.ts";
import { UnknownTickerError } from "../src/providers/port.ts";
import {
  ACME,
  hasRealData,
  lastCloseInFile,
  lastCloseOfMonthInFile,
  REAL_DATA_DIR,
  removeMarketData,
  writeMarketData,
  writeSeries,
} from "./support.ts";

afterAll(removeMarketData);

describe.skipIf(!hasRealData)("CsvDirectoryProvider on the real market-data folder", () => {
  const provider = new CsvDirectoryProvider(REAL_DATA_DIR);

  it("knows the folder's tickers, and not files whose names are not tickers", () => {
    const tickers = provider.tickers();
    expect(tickers).toEqual(expect.arrayContaining(["SPY", "VOO", "BTC-USD", "O"]));
    expect(tickers).not.toContain("SP500_INDEX_MONTHLY");
    expect(tickers).not.toContain("DIVIDENDS");
    expect(provider.canHandle("SPY")).toBe(true);
    expect(provider.canHandle("NOPE")).toBe(false);
  });

  it("gives SPY's March 2020 month end as the last March 2020 line of SPY.csv", async () => {
    const months = (await provider.history("SPY")).adjusted;
    expect(months["2020-03"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "SPY.csv"), "2020-03"));
    expect(months["2000-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "SPY.csv"), "2000-01"));
  });

  it("quotes the last close of the file", async () => {
    const { quotes, failed } = await provider.quote(["SPY", "BTC-USD", "NOPE"]);
    expect(quotes.get("SPY")?.price).toBe(lastCloseInFile(join(REAL_DATA_DIR, "SPY.csv")));
    expect(quotes.get("BTC-USD")?.price).toBe(lastCloseInFile(join(REAL_DATA_DIR, "BTC-USD.csv")));
    expect(quotes.has("NOPE")).toBe(false);
    expect(failed.size).toBe(0);
  });

  it("names the catalogue's symbols", async () => {
    expect(await provider.metadata("VOO")).toEqual({ ticker: "VOO", name: "Vanguard S&P 500 ETF", assetClass: "ETF", fee: 0.03 });
    expect(await provider.metadata("NOPE")).toBeNull();
  });
});

describe("CsvDirectoryProvider on a synthetic folder", () => {
  it("keeps a parsed file until it changes on disk", async () => {
    const dir = writeMarketData({ ACME: ACME });
    const path = join(dir, "ACME.csv");
    const stamp = 1_700_000_000; // whole seconds, so the file system keeps the time exactly
    utimesSync(path, stamp, stamp);
    const provider = new CsvDirectoryProvider(dir);
    expect((await provider.quote(["ACME"])).quotes.get("ACME")?.price).toBe(14);

    // Same size and modification time: the memoised parse stands (14, not 15).
    writeFileSync(path, `date,close\n${ACME.map(([d, c]) => `${d},${d === "2024-03-01" ? 15 : c}`).join("\n")}\n`);
    utimesSync(path, stamp, stamp);
    expect((await provider.quote(["ACME"])).quotes.get("ACME")?.price).toBe(14);

    // A new line changes the size: read again.
    writeSeries(dir, "ACME", [...ACME, ["2024-03-04", 16]]);
    expect((await provider.quote(["ACME"])).quotes.get("ACME")?.price).toBe(16);
    expect((await provider.history("ACME")).adjusted["2024-03"]).toBe(16);
  });

  it("names a ticker outside the catalogue by itself and guesses its class from its form", async () => {
    const provider = new CsvDirectoryProvider(writeMarketData({ ACME, "DOGE-USD": [["2024-01-02", 0.08]] }));
    expect(await provider.metadata("ACME")).toEqual({ ticker: "ACME", name: "ACME", assetClass: "Stock" });
    expect((await provider.metadata("DOGE-USD"))?.assetClass).toBe("Crypto");
    expect((await provider.search("ac")).map((s) => s.ticker)).toEqual(["ACME"]);
  });

  it("does not know a ticker without a file, nor one whose file has no prices", async () => {
    const provider = new CsvDirectoryProvider(writeMarketData({ EMPTY: [] }));
    await expect(provider.history("NOPE")).rejects.toBeInstanceOf(UnknownTickerError);
    await expect(provider.history("EMPTY")).rejects.toBeInstanceOf(UnknownTickerError);
    expect((await provider.quote(["EMPTY"])).quotes.size).toBe(0);
  });
});
