import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CsvDirectoryProvider, ROW_BYTES } from "../src/providers/csv.ts";
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

  it("keeps parsed files up to its bound in bytes, reading an evicted one again when asked", async () => {
    // three tickers of 100 rows each: 100 × ROW_BYTES apiece, and room for two of them
    const rows = (close: number): [string, number][] =>
      Array.from({ length: 100 }, (_, i) => [new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10), close + i]);
    const dir = writeMarketData({ AAA: rows(10), BBB: rows(20), CCC: rows(30) });
    const provider = new CsvDirectoryProvider(dir, { maxBytes: 2 * 100 * ROW_BYTES + ROW_BYTES });
    expect((await provider.quote(["AAA"])).quotes.get("AAA")?.price).toBe(109);
    expect((await provider.quote(["BBB"])).quotes.get("BBB")?.price).toBe(119);
    expect(provider.parsedBytes).toBe(2 * 100 * ROW_BYTES);
    expect((await provider.quote(["CCC"])).quotes.get("CCC")?.price).toBe(129);
    // AAA, parsed first, went to make room: two files kept, never three
    expect(provider.parsedBytes).toBe(2 * 100 * ROW_BYTES);
    // asked again, it is read from its file again (a change on disk is seen though its size and time match)
    const stamp = 1_700_000_000;
    utimesSync(join(dir, "AAA.csv"), stamp, stamp);
    writeFileSync(join(dir, "AAA.csv"), readFileSync(join(dir, "AAA.csv"), "utf8").replace(",109\n", ",108\n"));
    utimesSync(join(dir, "AAA.csv"), stamp, stamp);
    expect((await provider.quote(["AAA"])).quotes.get("AAA")?.price).toBe(108);
    expect(provider.parsedBytes).toBe(2 * 100 * ROW_BYTES);

    // a file larger than the whole bound is served, and not kept
    const small = new CsvDirectoryProvider(dir, { maxBytes: 50 * ROW_BYTES });
    expect((await small.history("BBB")).adjusted["2024-04"]).toBe(119);
    expect(small.parsedBytes).toBe(0);
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

describe("CsvDirectoryProvider on the folder's layout (split-adjusted closes, dividends, splits, currencies)", () => {
  /** A folder like ../shared/market-data: files under split-adjusted/, dividends/, splits/ and currencies.csv. */
  function layout(): string {
    const dir = writeMarketData({
      // adjusted closes (dividends folded in) for PAY and NOPAY
      PAY: [
        ["2024-01-31", 9],
        ["2024-02-29", 10],
      ],
      NOPAY: [["2024-02-29", 20]],
      "EURUSD=X": [["2024-02-29", 1.08]],
    });
    for (const sub of ["split-adjusted", "dividends", "splits"]) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, "split-adjusted", "PAY.csv"), "date,close\n2024-01-31,10\n2024-02-29,11\n2024-03-04,11.5\n");
    // a dividend after PAY.csv's last day: not read, like the closes after it
    writeFileSync(join(dir, "dividends", "PAY.csv"), "date,amount\n2024-02-15,0.25\n2024-03-02,0.3\n");
    writeFileSync(join(dir, "splits", "PAY.csv"), "date,ratio\n2024-01-10,2\n");
    // only split-adjusted closes and no dividends file: a ticker known by that file alone
    writeFileSync(join(dir, "split-adjusted", "ONLY.csv"), "date,close\n2024-02-29,5\n");
    writeFileSync(join(dir, "currencies.csv"), "ticker,currency\nPAY,EUR\nONLY,GBp\n");
    return dir;
  }

  it("takes the split-adjusted closes with their dividends when both exist, the adjusted ones as historical_data", async () => {
    const provider = new CsvDirectoryProvider(layout());
    // PAY.csv ends 2024-02-29: the split-adjusted close of 2024-03-04 and the dividend of 2024-03-02 are not read
    expect(await provider.history("PAY")).toEqual({
      adjusted: { "2024-01": 9, "2024-02": 10 },
      closes: { "2024-01": 10, "2024-02": 11 },
      splits: [{ date: "2024-01-10", ratio: 2 }],
      dividends: [{ date: "2024-02-15", amount: 0.25 }],
      dividendsInCloses: false,
      currency: "EUR",
    });
    // the latest price and its date: the last row of PAY.csv
    expect((await provider.quote(["PAY"])).quotes.get("PAY")).toMatchObject({ price: 10, asOf: "2024-02-29", currency: "EUR" });
  });

  it("takes <T>.csv with dividends in its closes when there is no split-adjusted file with dividends", async () => {
    const provider = new CsvDirectoryProvider(layout());
    expect(await provider.history("NOPAY")).toEqual({
      adjusted: { "2024-02": 20 },
      closes: { "2024-02": 20 },
      splits: [],
      dividends: [],
      dividendsInCloses: true,
      currency: "USD",
    });
  });

  it("knows a ticker by its split-adjusted file alone, in the currency currencies.csv gives", async () => {
    const provider = new CsvDirectoryProvider(layout());
    expect(provider.tickers().sort()).toEqual(["EURUSD=X", "NOPAY", "ONLY", "PAY"]);
    expect(await provider.history("ONLY")).toMatchObject({ closes: { "2024-02": 5 }, dividendsInCloses: false, currency: "GBp" });
  });

  it("quotes an exchange-rate pair in its second currency", async () => {
    const provider = new CsvDirectoryProvider(layout());
    expect((await provider.quote(["EURUSD=X"])).quotes.get("EURUSD=X")).toMatchObject({ price: 1.08, currency: "USD" });
    expect(await provider.metadata("EURUSD=X")).toMatchObject({ assetClass: "Currency" });
  });
});

describe.skipIf(!hasRealData)("CsvDirectoryProvider on the real folder's corporate actions", () => {
  const provider = new CsvDirectoryProvider(REAL_DATA_DIR);

  it("gives JNJ's split-adjusted closes and dividends up to JNJ.csv's last row, its latest price", async () => {
    const history = await provider.history("JNJ");
    expect(history.dividendsInCloses).toBe(false);
    expect(history.closes["2016-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "split-adjusted", "JNJ.csv"), "2016-01"));
    expect(history.adjusted["2016-01"]).toBe(lastCloseOfMonthInFile(join(REAL_DATA_DIR, "JNJ.csv"), "2016-01"));
    expect(history.dividends[0]).toEqual({ date: "2006-08-25", amount: 0.375 });
    const quote = (await provider.quote(["JNJ"])).quotes.get("JNJ");
    expect(quote?.price).toBe(lastCloseInFile(join(REAL_DATA_DIR, "JNJ.csv")));
    // on that last day the adjusted and the split-adjusted close agree: nothing was adjusted after it
    const lastMonth = Object.keys(history.closes).at(-1) as string;
    expect(history.closes[lastMonth]).toBe(quote?.price);
  });

  it("keeps SPY on SPY.csv (no dividends file beside its split-adjusted closes) and gives NVDA's splits", async () => {
    expect((await provider.history("SPY")).dividendsInCloses).toBe(true);
    expect((await provider.history("NVDA")).splits).toEqual([
      { date: "2021-07-20", ratio: 4 },
      { date: "2024-06-10", ratio: 10 },
    ]);
  });
});
