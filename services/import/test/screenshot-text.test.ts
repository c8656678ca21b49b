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

  it("a unit as the recognition misreads it: Stück as Stiick, Stlick or Stick, with its capital", () => {
    // cards: the name and value, then the shares and price under it; 96 × 282.46 = 27,116.16, 18 × 93.49 = 1,682.82
    const { rows } = readHoldings(
      lines("Depot Wertpapiere\nAllianz SE 27116,16\n96 Stiick 282,46 +40,23\nNovartis AG 1682,82\n18 Stick 93,49 -18,90"),
    );
    expect(rows.map((r) => [r.name, r.quantity, r.price])).toEqual([
      ["Allianz", 96, 282.46],
      ["Novartis", 18, 93.49],
    ]);
  });

  it("an amount of money under the Quantity header gives way to quantity × price = value", () => {
    // the header line lost "Market Value" (set on two lines): the value sits under "Quantity"; 95 × 181.06 = 17,200.70
    const at = (text: string, x0: number) => ({ text, x0, x1: x0 + text.length * 10 });
    const { rows } = readHoldings([
      { text: "Symbol Quantity Price Gain/Loss", words: [at("Symbol", 0), at("Quantity", 200), at("Price", 400), at("Gain/Loss", 600)] },
      { text: "ABBV", words: [at("ABBV", 0)] },
      { text: "$17,200.70 95 $181.06 -2.03%", words: [at("$17,200.70", 190), at("95", 330), at("$181.06", 400), at("-2.03%", 600)] },
    ]);
    expect(rows.map((r) => [r.ticker, r.quantity, r.price, r.marketValue])).toEqual([["ABBV", 95, 181.06, 17200.7]]);
  });

  it("a one-letter ticker read in lower case or as a zero, right before an amount, is the ticker", () => {
    // 124 × 296.46 = 36,761.04 and 27.312 × 61.83 = 1,688.70 (within 1 %)
    // 144 × 523.49 = 75,382.56; 94 × 55.64 = 5,230.16: a bold VOO read with doubled letters, an O read as "[0]"
    const { rows } = readHoldings(
      lines(
        "Symbol Price Value Qty\nv $296.46 $36,761.04 124\n0 $61.83 $1,688.70 27.312\nVvOoO $523.49 $75,382.56 144\n[0] $55.64 $5,230.16 94",
      ),
    );
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["V", 124],
      ["O", 27.312],
      ["VOO", 144],
      ["O", 94],
    ]);
  });

  it("an account's word before a legal form is a company's name, not an account line (Home Depot Inc)", () => {
    const { rows } = readHoldings(lines("Holdings\nHD $26,166.63\nHome Depot Inc -2.56%\nQty 70.53 Avg $439.94\nDepot Wertpapiere"));
    expect(rows.map((r) => [r.ticker, r.name, r.quantity])).toEqual([["HD", "Home Depot Inc", 70.53]]);
  });

  it("a fund's name with header words and its shares is no header (Vanguard Total Bond Market 31)", () => {
    const { rows } = readHoldings(lines("Symbol Qty Value\nBND\n$2,164.11\nVanguard Total Bond Market 31\n-1.66%"));
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([["BND", 31]]);
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

  it("yen written with its sign before the amount and headers the model cannot read: quantity × price = value tells the columns", () => {
    // 155 × 7,935 = 1,229,925 and 22 × 96,149 = 2,115,278; the tofu of a Japanese header ("ooo oo") is no header
    const { rows } = readHoldings(
      lines(
        "ooo oo ooo ooo ooo\nVXUS Vanguard Total International Stock ETF 155 ¥7,935 ¥1,229,925 +3.89%\nNFLX Netflix Inc 22 ¥96,149 ¥2,115,278 +27.48%",
      ),
    );
    expect(rows.map((r) => [r.ticker, r.quantity, r.price, r.marketValue, r.evidence.quantity])).toEqual([
      ["VXUS", 155, 7935, 1229925, "product"],
      ["NFLX", 22, 96149, 2115278, "product"],
    ]);
  });

  it("a card of label/value pairs in any order, in French: the symbol after its label, Quantité, Cours and Valeur", () => {
    // 93 × 397,76 = 36.991,68; 81 × 89,07 = 7.214,67
    const { rows } = readHoldings(
      lines(
        "Mon portefeuille\n86.616,02\nL'Oreal SA\nMnémo OR\nValeur 36.991,68\nCours 397,76\nQuantité 93\nBayerische Motoren Werke\nMnémo BMW\nQuantité 81\nValeur 7.214,67 €\nCours 89,07 €",
      ),
    );
    expect(rows.map((r) => [r.ticker, r.name, r.quantity, r.price, r.marketValue, r.evidence.quantity])).toEqual([
      ["OR", "L'Oreal", 93, 397.76, 36991.68, "product"],
      ["BMW", "Bayerische Motoren Werke", 81, 89.07, 7214.67, "product"],
    ]);
  });

  it("a table read right to left: the ticker opens the row's words after its amounts", () => {
    // 22.301 × 68.85 = 1,535.42; 1,559 × 160.60 = 250,375.40
    const { rows } = readHoldings(
      lines(
        "Market value Price Quantity\n$1,535.42 $68.85 22.301 KO Coca-Cola Co\n$250,375.40 $160.60 1,559 AMD Advanced Micro Devices\n$251,910.82 Total",
      ),
    );
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["KO", 22.301],
      ["AMD", 1559],
    ]);
  });

  it("a coin's amount with its symbol on one line, its name, price and approximate value on the next", () => {
    // 973.3 × 7.71 = 7,504.14; 3,132.8 × 0.5659 = 1,772.85
    const { rows } = readHoldings(
      lines("Total balance\n£9,276.99\n973.3 UNI\nUniswap £7.71 ≈£7,504.14\n3,132.8 XRP\nXRP £0.5659 =£1,772.85"),
    );
    expect(rows.map((r) => [r.ticker, r.name, r.quantity, r.price, r.marketValue])).toEqual([
      ["UNI-USD", "Uniswap", 973.3, 7.71, 7504.14],
      ["XRP-USD", "", 3132.8, 0.5659, 1772.85],
    ]);
  });

  it("a currency code after the amount is no word of a name", () => {
    // 12 × 178,20 = 2.138,40
    const { rows } = readHoldings(lines("Allianz SE 12 178,20 EUR 2.138,40 EUR"));
    expect(rows.map((r) => [r.name, r.quantity, r.price, r.marketValue])).toEqual([["Allianz", 12, 178.2, 2138.4]]);
  });
});
