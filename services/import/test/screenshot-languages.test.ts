/**
 * The reader's words for a quantity, a price, a value and a cost in the languages brokers' screens use
 * (holdings.ts QUANTITY_WORDS, PRICE_WORDS, VALUE_WORDS, COST_WORDS): the same lexicon heads a column and
 * labels a number. Recognised lines by hand (no OCR); the arithmetic of each case in its comments.
 */
import { describe, expect, it } from "vitest";
import { labelStrips, readHoldings, type ScreenshotLine, splitPanes } from "../src/domain/screenshot/holdings.ts";
import { boxed } from "./word-boxes.ts";

const lines = (text: string): ScreenshotLine[] => text.split("\n").map((t) => ({ text: t }));
const read = (l: ScreenshotLine[]) => readHoldings(l).rows.map((r) => [r.ticker, r.name, r.quantity, r.price, r.marketValue]);

describe("screenshot labels in many languages", () => {
  it("Swedish: 'Antal 12' is the quantity and 'GAV 178,20 kr' a cost per share, never a ticker nor the price", () => {
    // Volvo: 12 shares worth 2 271,84 kr (the price, 2 271,84 ÷ 12 = 189,32, is not shown); Ericsson: 150 shares, 9 810,00 kr
    expect(
      read(
        boxed(`Volvo AB                       2 271,84 kr
Antal 12 · GAV 178,20 kr          +6,24 %
Ericsson B                     9 810,00 kr
Antal 150 · GAV 71,05 kr          -7,95 %`),
      ),
    ).toEqual([
      [null, "Volvo AB", 12, 189.32, 2271.84],
      [null, "Ericsson B", 150, 65.4, 9810],
    ]);
  });

  it("totals in Swedish, Italian and Polish ('Totalt', 'Totale', 'Razem') are no holdings", () => {
    // 12 × 189,32 = 2 271,84; a total line showing a count of positions, an average and the sum (2 × 1 135,92 =
    // 2 271,84) would read as a row named "Totalt"
    for (const word of ["Totalt", "Totale", "Razem"])
      expect(read(boxed(`Volvo AB   12   189,32   2 271,84\n${word}   2   1 135,92   2 271,84`)).map((r) => [r[1], r[2]])).toEqual([
        ["Volvo AB", 12],
      ]);
  });

  it("one amount misread without its decimals does not turn the document's currency ('kr') into a unit", () => {
    // five amounts before "kr" show two decimals, "678718" (6 787,18 read without its comma and space) does not:
    // "kr" stays the currency and "Antal 38" the quantity of Procter & Gamble, not 678718
    const rows = read(
      boxed(`Apple Inc.                  120 102,40 kr
Antal 640 · GAV 170,94 kr
Procter Gamble Co           678718 kr
Antal 38 · GAV 148,94 kr
Chevron Corp                18 360,57 kr
Antal 129 · GAV 125,42 kr`),
    );
    expect(rows.map((r) => [r[1], r[2]])).toEqual([
      ["Apple Inc.", 640],
      ["Procter Gamble Co", 38],
      ["Chevron Corp", 129],
    ]);
  });

  it("Italian, Spanish and Polish headers name the columns: Quantità, Prezzo, Valore; Cantidad, Precio medio, Valor; Ilość, Cena, Wartość", () => {
    // the header, not the numbers, tells the quantity: 40 × 12,50 = 500,00 and 12,5 × 40,00 = 500,00 both check
    expect(
      read(
        boxed(`Titolo        Quantità   Prezzo    Valore
ENI           40         12,50     500,00`),
      ).map((r) => [r[0], r[2], r[3]]),
    ).toEqual([["ENI", 40, 12.5]]);
    // the average price ("Precio medio") is a cost: 30 × 20,00 = 600,00, and 18,00 is no price
    expect(
      read(
        boxed(`Valor     Cantidad   Precio medio   Precio   Importe
SAN       30         18,00          20,00    600,00`),
      ).map((r) => [r[0], r[2], r[3], r[4]]),
    ).toEqual([["SAN", 30, 20, 600]]);
    expect(
      read(
        boxed(`Nazwa     Ilość   Cena     Wartość
PKO       25      50,00    1 250,00`),
      ).map((r) => [r[0], r[2], r[3]]),
    ).toEqual([["PKO", 25, 50]]);
  });

  it("a label in capitals between a row's numbers is a label, not a symbol: '12 STK · PRU 45,10' (PRU opening a row stays a ticker)", () => {
    // 12 × 45,10 = 541,20 is not shown: the quantity is 12 by its unit, PRU (prix de revient unitaire) a cost
    expect(read(boxed("Air Liquide   12 STK · PRU 45,10 €   2 100,00 €")).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      [null, "Air Liquide", 12, 2100],
    ]);
    // 10 × 100.00 = 1,000.00: Prudential's row
    expect(read(lines("PRU Prudential Financial 10 $100.00 $1,000.00")).map((r) => [r[0], r[2]])).toEqual([["PRU", 10]]);
  });
});

/** a table's cells placed in columns starting at the given x (left-aligned, as a table draws them), 10 px a letter, 30 px a line */
function grid(rows: string[][], xs: number[], top = 0): ScreenshotLine[] {
  return rows.map((cells, row) => {
    const y = row + top;
    const words = cells.flatMap((cell, c) => {
      let x = xs[c];
      return cell
        .split(" ")
        .filter(Boolean)
        .map((text) => {
          const w = { text, x0: x, x1: x + text.length * 10, y0: y * 30, y1: y * 30 + 20, confidence: 95 };
          x = w.x1 + 5;
          return w;
        });
    });
    return { text: words.map((w) => w.text).join(" "), words };
  });
}

describe("a table turned on its side", () => {
  it("holdings as columns and figures as rows: each holding is read as a card of its column's cells", () => {
    // AAPL 12 × 189.32 = 2,271.84; MSFT 5 × 415.10 = 2,075.50; VOO 3.5 × 502.11 = 1,757.39 (1,757.385)
    const reading = readHoldings([
      ...boxed("Compare holdings"),
      ...grid(
        [
          ["Name", "Apple Inc.", "Microsoft Corp", "Vanguard S&P 500 ETF"],
          ["Symbol", "AAPL", "MSFT", "VOO"],
          ["Market value", "$2,271.84", "$2,075.50", "$1,757.39"],
          ["Day's change", "+1.2%", "-0.4%", "+0.3%"],
          ["Shares", "12", "5", "3.5"],
          ["Last price", "$189.32", "$415.10", "$502.11"],
          ["Weight", "37.0%", "33.8%", "28.6%"],
        ],
        [0, 200, 400, 600],
        1,
      ),
    ]);
    expect(reading.rows.map((r) => [r.ticker, r.name, r.quantity, r.price, r.marketValue, r.evidence.quantity])).toEqual([
      ["AAPL", "Apple Inc.", 12, 189.32, 2271.84, "product"],
      ["MSFT", "Microsoft Corp", 5, 415.1, 2075.5, "product"],
      ["VOO", "Vanguard S&P 500", 3.5, 502.11, 1757.39, "product"],
    ]);
  });

  it("under a Symbol label a cell the recognition read in lower case is a symbol ('voo')", () => {
    // VOO 132 × 493.51 = 65,143.32; DIS 13 × 100.58 = 1,307.54
    const rows = readHoldings(
      grid(
        [
          ["Symbol", "voo", "DIS"],
          ["Market value", "$65,143.32", "$1,307.54"],
          ["Shares", "132", "13"],
          ["Last price", "$493.51", "$100.58"],
        ],
        [0, 200, 400],
      ),
    ).rows;
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["VOO", 132],
      ["DIS", 13],
    ]);
  });

  it("a row of symbols over one number each is no table on its side unless two rows of numbers stand under them", () => {
    // a ticker tape "AAPL MSFT VOO" over one line of prices is left as it is (no holding shows a quantity)
    const reading = readHoldings([
      ...grid(
        [
          ["AAPL", "MSFT", "VOO"],
          ["$189.32", "$415.10", "$502.11"],
        ],
        [0, 200, 400],
      ),
      ...boxed("AAPL   Apple Inc.   12   $189.32   $2,271.84").map((l) => ({
        ...l,
        words: l.words?.map((w) => ({ ...w, y0: 90, y1: 110 })),
      })),
    ]);
    expect(reading.rows.map((r) => [r.ticker, r.quantity])).toEqual([["AAPL", 12]]);
  });
});

describe("a card's label strip", () => {
  it("labels in a strip over one line of figures name each figure: the quantity is the one under UNITS", () => {
    // an app's cards: symbol, name, then "UNITS VALUE ALLOCATION" over the card's figures; no price shown, so
    // each quantity is the figure under UNITS (64.5, 148, 77.186), the value the one under VALUE
    const card = (symbol: string, name: string, figures: string[], top: number) =>
      grid([[symbol], [name], ["UNITS", "VALUE", "ALLOCATION"], figures], [0, 270, 540], top);
    const rows = readHoldings([
      ...boxed("Invest"),
      ...card("VXUS", "Vanguard Total International Stock ETF", ["64.5", "$3,960.30", "5.3%"], 5),
      ...card("QQQ", "Invesco QQQ Trust", ["148", "$68,999.08", "92.0%"], 10),
      ...card("SCHD", "Schwab US Dividend Equity ETF", ["77.186", "$2,014.55", "2.7%"], 15),
    ]).rows;
    expect(rows.map((r) => [r.ticker, r.quantity, r.marketValue])).toEqual([
      ["VXUS", 64.5, 3960.3],
      ["QQQ", 148, 68999.08],
      ["SCHD", 77.186, 2014.55],
    ]);
  });

  it("a header over two lines of figures is a table, not a strip: its lines are not turned into labels", () => {
    const strip = grid(
      [
        ["Units", "Value"],
        ["12", "$100.00"],
        ["5", "$50.00"],
      ],
      [0, 200],
    );
    expect(labelStrips(strip)).toEqual(strip);
  });
});

describe("abbreviated column headers", () => {
  it("'Qty.', 'LTP', 'Cur. val', 'Net chg.' head a table: the quantity is the Qty. column's even where the value is in another currency", () => {
    // a US stocks account shown in rupees: QQQ 29.92 × $454.37 = $13,594.75, × 83.85 (USD/INR) = ₹11,39,919.79;
    // TSLA 93 × $229.20 = $21,315.60, × 83.85 = ₹17,87,313.06: no row checks in one currency, the header decides
    const rows = readHoldings(
      grid(
        [
          ["Instrument", "Qty.", "Avg. cost", "LTP", "Cur. val", "Net chg."],
          ["QQQ", "29.92", "$593.40", "$454.37", "₹11,39,919.79", "-23.43%"],
          ["TSLA", "93", "$304.71", "$229.20", "₹17,87,313.06", "-24.78%"],
        ],
        [0, 200, 320, 470, 620, 820],
      ),
    ).rows;
    expect(rows.map((r) => [r.ticker, r.quantity, r.price])).toEqual([
      ["QQQ", 29.92, 454.37],
      ["TSLA", 93, 229.2],
    ]);
  });
});

describe("two panes side by side", () => {
  it("a tablet's watchlist beside its holdings: each pane is read alone, so a watchlist row on a holding's line takes nothing", () => {
    // the holdings: NFLX 154 shares × $734.20 = $113,066.80; MA 31 shares × $466.77 = $14,469.87; MSFT 74 × $421.33
    // = $31,178.42. The watchlist's rows (symbol and last price) stand on their own heights, two of them on
    // the lines of MA's and MSFT's shares.
    const at = (y: number, ...cells: [string, number][]): ScreenshotLine => {
      const words = cells.flatMap(([text, x0]) => {
        let x = x0;
        return text.split(" ").map((t) => {
          const w = { text: t, x0: x, x1: x + t.length * 10, y0: y, y1: y + 20, confidence: 95 };
          x = w.x1 + 5;
          return w;
        });
      });
      return { text: words.map((w) => w.text).join(" "), words };
    };
    const rows = readHoldings([
      at(0, ["Watchlist", 0], ["Holdings", 600]),
      at(40, ["HD 358.18", 0]),
      at(60, ["NFLX Netflix Inc $113,066.80", 600]),
      at(80, ["Home Depot", 0]),
      at(100, ["154 shares avg $952.53", 600]),
      at(140, ["INTC 31.24", 0]),
      at(160, ["MA Mastercard Inc $14,469.87", 600]),
      at(180, ["Intel Corp", 0]),
      at(200, ["PLTR 24.39", 0], ["31 shares avg $417.52", 600]),
      at(240, ["Palantir Technologies", 0]),
      at(260, ["MSFT Microsoft Corp $31,178.42", 600]),
      at(300, ["SCHD 27.10", 0], ["74 shares avg $420.61", 600]),
      at(340, ["Schwab US Dividend Equity ETF", 0]),
    ]).rows;
    expect(rows.map((r) => [r.ticker, r.quantity, r.marketValue])).toEqual([
      ["NFLX", 154, 113066.8],
      ["MA", 31, 14469.87],
      ["MSFT", 74, 31178.42],
    ]);
  });

  it("a table's columns are no panes: its rows fill them on the same lines", () => {
    const table = grid(
      [
        ["Symbol", "Name", "Shares", "Value"],
        ["AAPL", "Apple Inc.", "12", "$2,271.84"],
        ["MSFT", "Microsoft", "5", "$2,075.50"],
        ["VOO", "Vanguard", "3", "$1,506.33"],
      ],
      [0, 100, 400, 600],
    );
    expect(splitPanes(table)).toEqual([table]);
  });
});

describe("lines that belong together", () => {
  it("a line of amounts alone, clearly nearer the row below (a capture turned by a degree), is that row's", () => {
    // the values stand 10 px above their rows' symbols; 12 × 189.32 = 2,271.84 and 5 × 415.10 = 2,075.50
    const at = (text: string, y: number) => boxed(text).map((l) => ({ ...l, words: l.words?.map((w) => ({ ...w, y0: y, y1: y + 20 })) }));
    const reading = readHoldings([
      ...at("Symbol   Qty   Price      Value", 0),
      ...at("                                 $2,271.84", 50),
      ...at("AAPL     12    $189.32", 60),
      ...at("                                 $2,075.50", 110),
      ...at("MSFT     5     $415.10", 120),
    ]);
    expect(reading.rows.map((r) => [r.ticker, r.quantity, r.marketValue])).toEqual([
      ["AAPL", 12, 2271.84],
      ["MSFT", 5, 2075.5],
    ]);
  });

  it("amounts midway between a name cell's two lines stay with the row above ('Palantir' over 'Technologies')", () => {
    // 18 × $23.80 = $428.40; the amounts overlap both name lines by 8 px: not nearer the one below
    const at = (text: string, y: number) => boxed(text).map((l) => ({ ...l, words: l.words?.map((w) => ({ ...w, y0: y, y1: y + 30 })) }));
    const reading = readHoldings([...at("PLTR Palantir", 0), ...at("               18   $23.80   $428.40", 22), ...at("Technologies", 44)]);
    expect(reading.rows.map((r) => [r.ticker, r.quantity])).toEqual([["PLTR", 18]]);
  });

  it("a header of two-line cells ('Avg' over 'price', 'Mkt' over 'value') is one header", () => {
    // read as two headers, the second ("Symbol Qty price value") would stand alone and 150.00 be the price (12 ×
    // 150.00 = 1,800.00 ≠ 2,271.84); as one, 150.00 is the average cost and the price 2,271.84 ÷ 12 = 189.32
    const reading = readHoldings(
      grid(
        [
          ["", "", "Avg", "Mkt"],
          ["Symbol", "Qty", "price", "value"],
          ["AAPL", "12", "150.00", "2,271.84"],
        ],
        [0, 100, 200, 300],
      ),
    );
    expect(reading.rows.map((r) => [r.ticker, r.quantity, r.price, r.marketValue])).toEqual([["AAPL", 12, 189.32, 2271.84]]);
  });
});

describe("currency codes between a row's numbers", () => {
  it("a whole number after a name and before a currency's code is the quantity, not a word of the name ('Invesco QQQ Trust 150 CHF 457.51')", () => {
    // 150 × 457.51 = 68,626.50 (the codes stand before their amounts: "CHF 2'802.99" on the cash line)
    const rows = readHoldings(
      boxed(`Symbol   Description         Shares   Last          Value
QQQ      Invesco QQQ Trust   150      CHF 457.51    CHF 68'626.50
Cash sweep                                          CHF 2'802.99
Account total                                       CHF 71'429.49`),
    ).rows;
    expect(rows.map((r) => [r.ticker, r.quantity, r.price])).toEqual([["QQQ", 150, 457.51]]);
  });
});

describe("holdings written in sentences", () => {
  it("a day beside its month is a date, and a parenthesis of words opened on an amount is no loss: '(45 sh. at $23.34)'", () => {
    // the intro's "October 14" is no quantity; 45 × 23.34 = 1,050.30 (the price after "at", past the unit "sh.")
    const reading = readHoldings(
      boxed(`here is where your portfolio stood at the close on October 14 ($1,050.30 in all):
Palantir Technologies (PLTR) $1,050.30 (45 sh. at $23.34)`),
    );
    expect(reading.rows.map((r) => [r.ticker, r.quantity, r.price, r.marketValue, r.evidence.quantity])).toEqual([
      ["PLTR", 45, 23.34, 1050.3, "product"],
    ]);
  });

  it("a loss in parentheses closes them on its amount and stays a change: '($10.50)'", () => {
    // 12 × 189.32 = 2,271.84; ($10.50) is the day's loss, no price nor value
    expect(readHoldings(boxed("AAPL Apple 12 $189.32 $2,271.84 ($10.50)")).rows.map((r) => [r.quantity, r.price, r.marketValue])).toEqual([
      [12, 189.32, 2271.84],
    ]);
  });
});

describe("descriptions printed in capitals", () => {
  const at = (text: string, y: number, h = 28) =>
    boxed(text).map((l) => ({ ...l, words: l.words?.map((w) => ({ ...w, y0: y, y1: y + h })) }));

  it("a description's second line in capitals, nearer its row, is that row's: its short words are no tickers", () => {
    // 61,920 × 23,13 = 1.432,21 (1.432,2096); "AANDELEN OP NAAM EO" is a share class, not a row "OP"; then the ISIN line
    const reading = readHoldings([
      ...at("STK 108,000   BASF SE               EUR 43,3600   4.682,88", 0),
      ...at("              AANDELEN OP NAAM EO   29.10.2025", 36),
      ...at("              ISIN DE000BASF111 WKN BASF11", 76),
      ...at("STK 61,920    DEUTSCHE TELEKOM AG   EUR 23,1300   1.432,21", 140),
      ...at("              NAMENS-AKTIEN O.N.    13.10.2025", 176),
      ...at("              ISIN DE0005557508 WKN 555750", 216),
    ]);
    expect(reading.rows.map((r) => [r.ticker, r.name, r.quantity])).toEqual([
      ["BASF", "BASF SE", 108],
      [null, "DEUTSCHE TELEKOM", 61.92],
    ]);
  });

  it("a symbol stands at a description's start or end, never in its middle ('ISHARES CORE MSCI WORLD UCITS')", () => {
    // 39 × 97,54 = 3.804,06: no ticker on the row, the name for the search (UCITS a fund's word, no symbol)
    const rows = readHoldings(boxed("STK 39,000   ISHARES CORE MSCI WORLD UCITS   EUR 97,5400   3.804,06")).rows;
    expect(rows.map((r) => [r.ticker, r.name, r.quantity])).toEqual([[null, "ISHARES CORE MSCI WORLD UCITS", 39]]);
  });
});

describe("doubts a screen raises about its own numbers", () => {
  it("five digits without a separator on a screen that groups its thousands, unchecked, are flagged", () => {
    // "35453" for 35,453 (comma lost): nothing checks it (no price shown); the screen writes "137.630,96"
    const rows = readHoldings(
      boxed(`COST Costco
Shares 172
Value 137.630,96
JPM JPMorgan
Shares 35453
Value 7.274,96`),
    ).rows;
    expect(rows.map((r) => [r.ticker, r.quantity, r.evidence.ungrouped ?? false])).toEqual([
      ["COST", 172, false],
      ["JPM", 35453, true],
    ]);
  });
});

describe("a security's numbers", () => {
  const at = (text: string, y: number) => boxed(text).map((l) => ({ ...l, words: l.words?.map((w) => ({ ...w, y0: y, y1: y + 20 })) }));

  it("a CUSIP beside a row's amounts is no amount, and the line of them nearer the description below is its ('43069513B 63 59.93')", () => {
    // a scan turned by a degree: each row's amounts stand just above its description; 63 × 59.93 = 3,775.59
    const reading = readHoldings([
      ...at("Security Description                 CUSIP       Shares   Price    Market Value", 0),
      ...at("                                     43069513B   63       59.93    3,775.59", 60),
      ...at("REALTY INCOME CORP", 72),
      ...at("                                     89773111A   176      258.55   45,504.80", 120),
      ...at("SALESFORCE INC (CRM)", 132),
    ]);
    expect(reading.rows.map((r) => [r.ticker, r.name, r.quantity])).toEqual([
      [null, "REALTY INCOME", 63],
      ["CRM", "SALESFORCE", 176],
    ]);
  });

  it("a Valor label stands right before its number: one the recognition put far along another line is no label of that line's quantity", () => {
    // "Valor" read on the numbers' line, 700 px left of the quantity 44: 44 stays the quantity (44 × 909.01 = 39,996.44)
    const reading = readHoldings([
      ...at("Description                                          Quantity   Price     Market value", 0),
      ...at("Costco Wholesale Reg Shs", 40),
      ...at("Valor                                                44         909.01    39,996.44", 70),
    ]);
    expect(reading.rows.map((r) => [r.name, r.quantity])).toEqual([["Costco Wholesale Reg", 44]]);
  });

  it("a whole number before a fund's word is part of a name wherever it stands ('500 ETF' on a name's second line)", () => {
    // the row's own quantity 9 (9 × 459.29 = 4,133.61); "500 ETF" under it is the name's end, never 500 shares
    const reading = readHoldings([...at("VOO Vanguard S&P   9   $459.29   $4,133.61", 0), ...at("500 ETF", 24)]);
    expect(reading.rows.map((r) => [r.ticker, r.quantity])).toEqual([["VOO", 9]]);
  });
});

describe("what no row may take unchecked", () => {
  it("a letter or digit before a coin's symbol is its logo, never the ticker ('O ADA 3,929.49377324')", () => {
    // 3,929.49377324 ADA worth $1,952.17 (the price $0.4968 not shown); "O" would be Realty Income's symbol
    const rows = readHoldings(
      boxed(`Coin        Total              Available          USD Value
O ADA       3,929.49377324     3,929.49377324     $1,952.17`),
    ).rows;
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([["ADA-USD", 3929.49377324]]);
  });

  it("a number under a CUSIP column is the security's, not an amount of the row", () => {
    // 13 × 29.99 = 389.87 ≠ 3,388.87 (113 read as 13): re-read as value ÷ price = 113 and flagged as repaired; the
    // CUSIP 433315678 is no amount (else 433315678 would stand in the triple's search)
    const reading = readHoldings(
      grid(
        [
          ["Description", "CUSIP", "Shares", "Price", "Market Value"],
          ["SCHWAB US DIVIDEND EQUITY", "433315678", "13", "29.99", "3,388.87"],
        ],
        [0, 400, 600, 800, 1000],
      ),
    );
    expect(reading.rows.map((r) => [r.quantity, r.price, r.marketValue, r.evidence.repaired])).toEqual([[113, 29.99, 3388.87, true]]);
  });

  it("a row that does not check and shows a number no role took is doubtful (leftover)", () => {
    // "Shares 13", "Value 3,388.87" and 2999 unplaced (29.99 with its point lost): nothing checks 13
    const rows = readHoldings(boxed("SCHD Schwab US Dividend Equity\nShares 13\n2999\nValue $3,388.87")).rows;
    expect(rows.map((r) => [r.quantity, r.evidence.leftover ?? false])).toEqual([[13, true]]);
  });
});
