import { describe, expect, it } from "vitest";
import { defaultFee, exchangeDate, guessAssetClass, lastCloseByMonth, parseCloseCsv } from "../src/domain/series.ts";
import { nameHolds, rankSuggestions } from "../src/domain/suggest.ts";
import { monthlyFromMarketChart } from "../src/providers/coingecko.ts";
import { assetClassOf, monthlyFromChart, quoteFromChart } from "../src/providers/yahoo.ts";

describe("parseCloseCsv", () => {
  it("skips the header, blank lines and rows without a positive close, and sorts by date", () => {
    const rows = parseCloseCsv("date,close\r\n2024-01-03,2.5\n2024-01-02,2\n2024-01-04,null\n2024-01-05,\n2024-01-06,-1\n\n");
    expect(rows).toEqual([
      { date: "2024-01-02", close: 2 },
      { date: "2024-01-03", close: 2.5 },
    ]);
  });
});

describe("lastCloseByMonth", () => {
  it("keeps the close of each month's last trading day", () => {
    // January: 31st (11) after 30th (10); February: 29th (13) after 28th (12); March: only the 1st (14)
    const months = lastCloseByMonth([
      { date: "2024-01-30", close: 10 },
      { date: "2024-01-31", close: 11 },
      { date: "2024-02-28", close: 12 },
      { date: "2024-02-29", close: 13 },
      { date: "2024-03-01", close: 14 },
    ]);
    expect(months).toEqual({ "2024-01": 11, "2024-02": 13, "2024-03": 14 });
    expect(Object.keys(months)).toEqual(["2024-01", "2024-02", "2024-03"]);
  });
});

describe("exchangeDate", () => {
  it("reads a timestamp as the exchange's calendar day", () => {
    // 2024-03-01 00:00 in Tokyo (UTC+9) is 2024-02-29 15:00 UTC: Tokyo's March bar, not February's
    const tokyoMidnight = Date.UTC(2024, 1, 29, 15) / 1000;
    expect(exchangeDate(tokyoMidnight, 9 * 3600)).toBe("2024-03-01");
    expect(exchangeDate(tokyoMidnight)).toBe("2024-02-29");
  });
});

describe("Yahoo chart parsing", () => {
  const nyMonth = (y: number, m: number) => Date.UTC(y, m - 1, 1, 5) / 1000; // 00:00 New York (UTC-5)
  it("maps monthly bars to months, skips null closes and lets the extra last point win its month", () => {
    const months = monthlyFromChart({
      meta: { gmtoffset: -18000 },
      timestamp: [nyMonth(2024, 1), nyMonth(2024, 2), nyMonth(2024, 3), Date.UTC(2024, 2, 8, 14, 30) / 1000],
      indicators: { quote: [{ close: [1, 2, 3, 4] }], adjclose: [{ adjclose: [10, null, 30, 31] }] },
    });
    // adjusted closes are preferred; February's is null; March's bar (30) is overtaken by the 8 March point (31)
    expect(months).toEqual({ "2024-01": 10, "2024-03": 31 });
  });

  it("quotes regularMarketPrice with the meta's name and class, else the last close", () => {
    const result = {
      meta: { regularMarketPrice: 101.5, regularMarketTime: 1709913600, currency: "USD", instrumentType: "ETF", longName: "Some Fund" },
      timestamp: [1709827200],
      indicators: { quote: [{ close: [100] }] },
    };
    expect(quoteFromChart("SOME", result)).toEqual({
      ticker: "SOME",
      price: 101.5,
      at: new Date(1709913600 * 1000).toISOString(),
      // 1709913600 = 2024-03-08 16:00 UTC; no gmtoffset in the meta → the UTC date
      asOf: "2024-03-08",
      currency: "USD",
      name: "Some Fund",
      assetClass: "ETF",
    });
    const noMarketPrice = { ...result, meta: { regularMarketTime: 1709913600 } };
    expect(quoteFromChart("SOME", noMarketPrice)?.price).toBe(100);
    expect(quoteFromChart("SOME", { meta: {}, timestamp: [1], indicators: { quote: [{ close: [null] }] } })).toBeNull();
  });

  it("maps Yahoo's types onto the product's asset classes", () => {
    expect(["EQUITY", "ETF", "MUTUALFUND", "CRYPTOCURRENCY", "INDEX", "CURRENCY", undefined].map(assetClassOf)).toEqual([
      "Stock",
      "ETF",
      "ETF",
      "Crypto",
      "Index",
      "Currency",
      null,
    ]);
  });
});

describe("CoinGecko market_chart parsing", () => {
  it("puts a 00:00 UTC point on the day before, whose close it is", () => {
    const point = (date: string, price: number): [number, number] => [Date.parse(`${date}T00:00:00Z`), price];
    // the 1 March 00:00 point closes February; the 8 March 14:00 point (now) is March's latest
    const months = monthlyFromMarketChart([point("2024-02-29", 1), point("2024-03-01", 2), [Date.parse("2024-03-08T14:00:00Z"), 3]]);
    expect(months).toEqual({ "2024-02": 2, "2024-03": 3 });
  });
});

describe("asset class and fee defaults", () => {
  it("guesses from Yahoo's ticker conventions", () => {
    expect([guessAssetClass("^GSPC"), guessAssetClass("DOGE-USD"), guessAssetClass("BRK-B")]).toEqual(["Index", "Crypto", "Stock"]);
  });
  it("charges nothing for a share or a coin, and does not guess a fund's expense ratio", () => {
    expect([defaultFee("Stock"), defaultFee("Crypto"), defaultFee("ETF"), defaultFee("Index")]).toEqual([0, 0, null, null]);
  });
});

describe("rankSuggestions", () => {
  const s = (ticker: string, name: string) => ({ ticker, name, assetClass: "Stock" as const });
  it("puts the exact ticker first, then ticker prefixes (shorter first), then name words, then name substrings", () => {
    const ranked = rankSuggestions(
      "vo",
      [s("AVOID", "Avoid Co"), s("VOOG", "Growth"), s("VO", "Mid"), s("XYZ", "Volume Corp"), s("VOO", "S&P"), s("DEVO", "Devon")],
      10,
    );
    // AVOID and DEVO both only contain "vo" in their names: the shorter ticker first
    expect(ranked.map((r) => r.ticker)).toEqual(["VO", "VOO", "VOOG", "XYZ", "DEVO", "AVOID"]);
  });
  it("keeps the first name seen for a ticker, the source's order for fuzzy hits, drops unusable tickers and cuts at the limit", () => {
    const ranked = rankSuggestions(
      "ab",
      [s("ABC", "Curated"), s("ABC", "Vendor"), s("A B", "Space"), s("ZZ1", "fuzzy one"), s("ZZ0", "fuzzy two")],
      10,
    );
    expect(ranked).toEqual([s("ABC", "Curated"), s("ZZ1", "fuzzy one"), s("ZZ0", "fuzzy two")]);
    expect(rankSuggestions("ab", [s("AB1", "x"), s("AB2", "x"), s("AB3", "x")], 2).map((r) => r.ticker)).toEqual(["AB1", "AB2"]);
  });
});

describe("nameHolds: a name as a screen or a person writes it", () => {
  it("holds when each word is the name's, starts one, or is one letter off a long one; legal forms and single letters aside", () => {
    expect(nameHolds("The Procter & Gamble Company", "Procter Gamble Co")).toBe(true);
    expect(nameHolds("The Coca-Cola Company", "Coca Cola")).toBe(true);
    expect(nameHolds("Alphabet Inc. Class A", "ALPHABET INC CLASS A")).toBe(true);
    expect(nameHolds("Microsoft Corporation", "Microsft Corp")).toBe(true);
    expect(nameHolds("Nestlé S.A.", "Nestle SA Reg Shs")).toBe(true);
    expect(nameHolds("SPDR S&P 500 ETF Trust", "S&P 500")).toBe(true);
    expect(nameHolds("Vanguard Total Stock Market ETF", "Vanguard Total Stock Mar")).toBe(true);
  });
  it("does not hold for another company, a word it lacks, a two-letter start, or nothing but forms", () => {
    expect(nameHolds("Bitcoin", "Bitcoin Cash")).toBe(false);
    expect(nameHolds("Apple Inc.", "Applied Materials")).toBe(false);
    expect(nameHolds("Vanguard Total Stock Market ETF", "Va To")).toBe(false);
    expect(nameHolds("Realty Income Corporation", "Inc")).toBe(false);
    expect(nameHolds("Visa Inc.", "Vise")).toBe(false);
  });
  it("ranks such a name among the name matches", () => {
    const s = (ticker: string, name: string) => ({ ticker, name, assetClass: "Stock" as const });
    expect(rankSuggestions("Procter Gamble", [s("XYZ", "Other"), s("PG", "The Procter & Gamble Company")], 10)[0].ticker).toBe("PG");
  });
});
