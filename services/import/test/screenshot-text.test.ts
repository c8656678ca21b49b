/** Screenshot text → holdings, from recognised lines (no OCR): one scenario per test. */
import { describe, expect, it } from "vitest";
import { readHoldings } from "../src/domain/screenshot/holdings.ts";
import { holdingsFromLines } from "../src/screenshot.ts";

const lines = (text: string) => text.split("\n").map((t) => ({ text: t }));
/** the rows without the reader's evidence (screenshot-checks.test.ts looks at that) */
const bare = <T extends { evidence?: unknown }>(rows: T[]) => rows.map(({ evidence: _, ...row }) => row);

describe("screenshot text", () => {
  it("a desktop table: header, account, cash and total lines are ignored; gains never taken for numbers", () => {
    const { rows: read, errors } = readHoldings(
      lines(`Individual Brokerage ••••4821
Positions as of 10/14/2025 4:00 PM ET
Symbol Quantity Price Market Value Gain/Loss $ Gain/Loss %
AAPL 159 $20.55 $3,267.45 +$420.00 +14.75%
MSFT 1,645 $57.24 $94,159.80 ($3,795.31) -4.20%
Cash & Money Market $1,234.56
Account Total $232,991.50`),
    );
    const rows = bare(read);
    // 159 × 20.55 = 3267.45 and 1645 × 57.24 = 94159.80: quantity × price = value picks the columns
    expect(rows).toEqual([
      { ticker: "AAPL", name: "", quantity: 159, price: 20.55, marketValue: 3267.45 },
      { ticker: "MSFT", name: "", quantity: 1645, price: 57.24, marketValue: 94159.8 },
    ]);
    expect(errors).toEqual([]);
  });

  it("a phone list: the shares sit under the ticker", () => {
    const { rows } = readHoldings(lines("Stocks\nBuying power $512.40\nVTI $245.78\n19.662 shares\nGOOGL $163.08\n68.2698 shares"));
    expect(rows.map((r) => [r.ticker, r.quantity, r.price])).toEqual([
      ["VTI", 19.662, 245.78],
      ["GOOGL", 68.2698, 163.08],
    ]);
  });

  it("European numbers, names instead of tickers, and units after the quantity", () => {
    const { rows } = readHoldings(
      lines(
        "267.553,35 €\nDepot · Wertpapiere\nAdidas AG 51.591,26 €\n238 Stk. · 216,77 € +3,15 %\nING Groep 1.000,40 €\n62,214 Stk. · 16,08 €",
      ),
    );
    expect(bare(rows)).toEqual([
      { ticker: null, name: "Adidas", quantity: 238, price: 216.77, marketValue: 51591.26 },
      // an upper-case word opening the name is offered as a ticker too; the checks take the name's symbol
      // (INGA) when pricing knows no "ING" (screenshot-checks.test.ts)
      { ticker: "ING", name: "ING Groep", quantity: 62.214, price: 16.08, marketValue: 1000.4 },
    ]);
  });

  it("crypto: the amount carries the coin's symbol and becomes Yahoo's pair", () => {
    const { rows } = readHoldings(lines("Crypto balance\n$44,881.53\nBitcoin $3,412.55\nBTC 0.05231 BTC\nUS Dollar $87.12"));
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([["BTC-USD", 0.05231]]);
  });

  it("an OCR slip in the quantity is corrected by value ÷ price when only a digit or two differ", () => {
    // 920 × 490.28 ≠ 44,125.20, but 44,125.20 ÷ 490.28 = 90 and "90" is "920" less one digit
    const { rows } = readHoldings(lines("Symbol Quantity Price Market Value\nVOO 920 $490.28 $44,125.20"));
    expect(rows[0]).toMatchObject({ ticker: "VOO", quantity: 90 });
  });

  it("a holding whose quantity cannot be told is an error, not a guess", () => {
    const { rows, errors } = readHoldings(lines("TSLA $248.50 $1,242.50 $250.00"));
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ line: 1, message: expect.stringContaining("could not tell the quantity of TSLA") }]);
  });

  it("names are resolved by the caller's search; a name it does not find is a row flagged for its ticker", async () => {
    const search = async (q: string) => (q.startsWith("Adidas") ? [{ ticker: "ADS.DE", name: "adidas AG" }] : []);
    const result = await holdingsFromLines(
      lines("Adidas AG 51.591,26 €\n238 Stk. · 216,77 €\nObscure Holding 10,00 €\n2 Stk. · 5,00 €"),
      search,
    );
    expect(result.message.map((r) => [r.ticker, r.quantity, r.flags.map((f) => f.code)])).toEqual([
      ["ADS.DE", 238, []],
      ["", 2, ["no-ticker"]],
    ]);
  });

  it("a name under a holding's numbers names it; a number inside a name is no quantity", () => {
    // the name line after VOO's numbers names the fund; "500" in "S&P 500" is no quantity
    const { rows } = readHoldings(lines("VOO\n90 $490.28 $44,125.20\nVanguard S&P 500 ETF"));
    expect(bare(rows)).toEqual([{ ticker: "VOO", name: "Vanguard S&P 500", quantity: 90, price: 490.28, marketValue: 44125.2 }]);
  });

  it("under a Symbol column a row's first word is its ticker whatever case the OCR gave it", () => {
    // 112 × 55.79 = 6,248.48 and 60 × 60.30 = 3,618.00
    const { rows } = readHoldings(
      lines(
        "Symbol Last Price Current Value Qty\no $55.79 $6,248.48 112\nVXus $60.30 $3,618.00 60\n0 $60.47 $1,148.93 19\nPending Activity -$120.00",
      ),
    );
    // and the digit 0 in front of amounts is the ticker O: 19 × 60.47 = 1,148.93
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["O", 112],
      ["VXUS", 60],
      ["O", 19],
    ]);
  });

  it("'Total' inside a fund's name is no total line; 'Account Total' is", () => {
    // European numbers: 58 × 56,73 = 3.290,34
    const { rows } = readHoldings(
      lines("Investment Quantity Price Market Value\nVanguard Total International Stock ETF 58 56,73 3.290,34\nAccount Total 90.463,70"),
    );
    expect(bare(rows)).toEqual([
      { ticker: null, name: "Vanguard Total International Stock", quantity: 58, price: 56.73, marketValue: 3290.34 },
    ]);
  });

  it("under a Symbol column a ticker alone on its line is read whatever its case or brackets", () => {
    // 17 × 61.11 = 1,038.87; "Apple" alone is a name, not a ticker
    const { rows } = readHoldings(
      lines("Symbol Quantity Price Market Value\n[o]\n17 $61.11 $1,038.87\nRealty Income Corp\nGOOGL.\n649 $152.90 $99,232.10"),
    );
    expect(rows.map((r) => [r.ticker, r.quantity, r.name])).toEqual([
      ["O", 17, "Realty Income Corp"],
      ["GOOGL", 649, ""],
    ]);
  });

  it("an account's word inside a company's name, a name before its legal form, row numbers, labels and misread units", () => {
    // 4.8102 × 398.28 = 1,915.81 (1,915.806…): "Depot" names an account only on a line that shows no holding
    const home = readHoldings(lines("Investment Shares Price Balance\nHome Depot Inc 4.8102 £398.28 £1,915.81\nTotal £1,915.81"));
    expect(home.rows.map((r) => [r.ticker, r.name, r.quantity])).toEqual([[null, "Home Depot Inc", 4.8102]]);
    // "BASF SE": an upper-case name before its legal form is a name (and offered as a ticker, checked later);
    // "pcs-" is the unit as the recognition gave it; 13.634 × 44.70 = 609.44 proves the quantity
    const basf = readHoldings(lines("BASF SE 609,44 €\n13,634 pcs- · 44,70 €"));
    expect(basf.rows.map((r) => [r.ticker, r.name, r.quantity, r.evidence.quantity])).toEqual([["BASF", "BASF SE", 13.634, "product"]]);
    // a spreadsheet's row numbers count 1, 2, 3: never quantities; 17 × 61.11 = 1,038.87
    const sheet = readHoldings(lines("1 Ticker Shares Price Value\n2 KO 17 61.11 1,038.87\n3 VTI 3 250.00 750.00\n4 Total 1,788.87"));
    expect(sheet.rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["KO", 17],
      ["VTI", 3],
    ]);
    // a label in front of the shares, and the value after its label
    const card = readHoldings(lines("XOM\nExxon Mobil Corp\nShares 3\nValue $325.71"));
    expect(card.rows.map((r) => [r.ticker, r.quantity, r.marketValue])).toEqual([["XOM", 3, 325.71]]);
  });
});
