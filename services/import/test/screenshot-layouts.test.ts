/**
 * Layouts the reader learnt after the fourth held-out split was seen (holdings.ts): tables side by side under
 * a header that repeats its columns (splitRepeatedHeader), a rebalancing table's weights and suggested trades,
 * a chart's shapes read as scraps of letters, labels of several words before their values, "N shares of
 * SYMBOL", a symbol alone under the row its numbers stand on. Recognised lines with word boxes (no OCR);
 * the arithmetic of each case in its comments.
 */
import { describe, expect, it } from "vitest";
import { readHoldings, type ScreenshotLine, splitRepeatedHeader } from "../src/domain/screenshot/holdings.ts";
import { boxed } from "./word-boxes.ts";

/** one line of words, each at the given x (10 px a character), 20 px high, on the line's row y */
const at = (y: number, ...words: [string, number][]): ScreenshotLine => ({
  text: words.map(([t]) => t).join(" "),
  words: words.map(([text, x]) => ({ text, x0: x, x1: x + text.length * 10, y0: y * 30, y1: y * 30 + 20, confidence: 95 })),
});
const read = (text: string) => readHoldings(boxed(text)).rows.map((r) => [r.ticker, r.quantity]);

describe("screenshot layouts", () => {
  it("two tables side by side under one header are cut where the header repeats and read apart", () => {
    // header: Symbol 0–60, Qty 200–230, Value 400–450 | Symbol 800–860 …: the cut lies midway, at (450 + 800) / 2 = 625
    const lines =
      boxed(`Symbol              Qty                 Value                                       Symbol              Qty                 Value
NOVN                1,294               $116,227.08                                 BAS                 12.431              $551.07
IWDA                9                   $826.20                                     ADS                 136                 $32,066.08`);
    const panels = splitRepeatedHeader(lines);
    expect(panels.map((p) => p.map((l) => l.text))).toEqual([
      ["Symbol Qty Value", "NOVN 1,294 $116,227.08", "IWDA 9 $826.20"],
      ["Symbol Qty Value", "BAS 12.431 $551.07", "ADS 136 $32,066.08"],
    ]);
    expect(readHoldings(lines).rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["NOVN", 1294],
      ["IWDA", 9],
      ["BAS", 12.431],
      ["ADS", 136],
    ]);
  });

  it("a rebalancing table: the target, actual and drift weights and the suggested trade's number are no holding's", () => {
    // Shares 181, value £52,609.46; "Sell 48" and "Buy7" (the verb glued to its number) are orders
    const rows = readHoldings([
      at(0, ["Fund", 0], ["Target", 300], ["Actual", 400], ["Drift", 500], ["Shares", 600], ["Value", 750], ["Trade", 900]),
      at(1, ["Vanguard", 0], ["Total", 90], ["Stock", 150], ["Market", 210], ["ETF", 280]),
      at(2, ["22.5%", 300], ["30.5%", 400], ["+8.0%", 500], ["181", 630], ["£52,609.46", 700], ["Sell", 900], ["48", 950]),
      at(3, ["VTI", 0]),
      at(4, ["Invesco", 0], ["QQQ", 80], ["Trust", 120]),
      at(5, ["4.2%", 300], ["3.7%", 400], ["0.5%", 500], ["57.25598", 580], ["$3,855.62", 710], ["Buy7", 900]),
      at(6, ["QQQ", 0]),
    ]).rows;
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["VTI", 181],
      ["QQQ", 57.25598],
    ]);
  });

  it("a fund's name holding header words is no header", () => {
    // "Vanguard Total Stock Market ETF": Total and Market are header words (2 of 5), ETF ends a fund's name
    expect(
      read(`Symbol   Shares   Price     Value
Vanguard Total Stock Market ETF
VTI      12       $271.84   $3,262.08`),
    ).toEqual([["VTI", 12]]);
  });

  it("a chart's bar read as an unsure scrap of letters beside the value does not take the symbol's place", () => {
    // META over its bar ("EE" read 39 % sure) and its value, then 180 shares; COST's bar read "GE" 28 % sure
    expect(
      read(`META
EE@39   £87,600.60   32.6%
180 shares
COST
GE@28   £52,548.96   30.7%
57 shares`),
    ).toEqual([
      ["META", 180],
      ["COST", 57],
    ]);
  });

  it("labels of several words open the lines of a block of label/value pairs", () => {
    // "Current price" and "Position value" are labels, not a holding named "Current"; 18 × 264.22 = 4,755.96
    expect(
      read(`Instrument    IWM
Description   iShares Russell 2000 ETF
Current price $189.11
Units         149
Position value $28,177.39
Instrument    CVX
Description   Chevron Corp
Current price $145.16
Units         25.809
Position value $3,746.43`),
    ).toEqual([
      ["IWM", 149],
      ["CVX", 25.809],
    ]);
  });

  it("'N shares of SYMBOL' names the symbol under its asset class and value", () => {
    // 27.8552 shares of SPY worth $15,024.82; the asset class "S&P 500" is the row's name
    expect(
      read(`U.S. Total Market $14,386.30
48.782 shares of VTI 22.8%
International Stocks $2,398.63
42.894 shares of VXUS 3.8%`),
    ).toEqual([
      ["VTI", 48.782],
      ["VXUS", 42.894],
    ]);
  });

  it("a symbol in capitals opening a row is no cost label, and a bold symbol read 'V0o' or 'Vvoo' is VOO", () => {
    // COST 94 × 921.62 = 86,632.28 ≈ 86,575.88 (within 1 %); VOO 35.63939 × 478.52 = 17,054.16
    expect(
      read(`sym    qty        avg      last     mkt_val     pnl
COST   94         649.75   921.62   86,575.88   +25,499.42
V0o    35.63939   348.98   478.52   17,054.16   +4,616.76
Vvoo   12         348.98   478.52   5,742.24    +1,554.48`),
    ).toEqual([
      ["COST", 94],
      ["VOO", 35.63939],
      ["VOO", 12],
    ]);
  });

  it("a wallet's estimated balance in coins under its label is a total, not a holding of the coin", () => {
    // "Estimated balance" stands alone; "0.76773592 BTC" and "$49,312.83" under it are the total's
    // (445.41 + 32,548.41 + 16,319.01 = 49,312.83); the holdings are DOGE and BTC and ETH
    expect(
      read(`Estimated balance
0.76773592 BTC
$49,312.83
DOGE 3,938.17433201
Dogecoin $445.41
BTC 0.48537015
Bitcoin $32,548.41
ETH 5.25517211
Ethereum $16,319.01`),
    ).toEqual([
      ["DOGE-USD", 3938.17433201],
      ["BTC-USD", 0.48537015],
      ["ETH-USD", 5.25517211],
    ]);
  });

  it("a row whose one amount is the sum of the other rows' one amounts is a total", () => {
    // the total's label was not read: 445.41 + 472.70 + 32,548.41 = 33,466.52 is the first row's amount
    expect(
      read(`0.5210 BTC
$33,466.52
DOGE 3,938.17
Dogecoin $445.41
ADA 1,042.57
Cardano $472.70
BTC 0.48537015
Bitcoin $32,548.41`),
    ).toEqual([
      ["DOGE-USD", 3938.17],
      ["ADA-USD", 1042.57],
      ["BTC-USD", 0.48537015],
    ]);
  });

  it("'Symbol: AMD' under a statement's description is that row's symbol, not the next row's", () => {
    // 100 × 142.00 = 14,200.00 on the name's line, the symbol under it closer to it than to the next row
    const rows = readHoldings([
      at(0, ["Description", 0], ["Quantity", 400], ["Price", 520], ["Market", 620], ["Value", 700]),
      at(1, ["ADVANCED", 0], ["MICRO", 90], ["DEVICES", 150], ["100", 430], ["142.00", 520], ["14,200.00", 650]),
      at(1.6, ["Symbol:", 0], ["AMD", 80]),
      at(3, ["PEPSICO", 0], ["INC", 80], ["30.699", 400], ["172.99", 520], ["5,310.62", 660]),
      at(3.6, ["Symbol:", 0], ["PEP", 80]),
    ]).rows;
    expect(rows.map((r) => [r.ticker, r.quantity])).toEqual([
      ["AMD", 100],
      ["PEP", 30.699],
    ]);
  });

  it("a German depot statement: 'STK 112,000' is the quantity and a name printed in capitals is a name", () => {
    // STK 112,000 = 112 shares (decimal comma, three decimals) × 698,75 = 78.260,00; "LVMH MOET HENNESSY":
    // MOET stands beside HENNESSY (too long for a symbol), so both are the name's; LVMH opens it and stays a
    // symbol as well (the checks ask pricing about it and the name); 16,190 × 135,55 = 2.194,55 (2.194,5545)
    const rows = readHoldings(
      boxed(`Nominale/Stück Wertpapierbezeichnung Kurs Kurswert in EUR
STK 112,000 LVMH MOET HENNESSY EUR 698,7500 78.260,00
INHABER-AKTIEN O.N. 21.10.2025
STK 16,190 AIRBUS SE EUR 135,5500 2.194,55
NAMENS-AKTIEN O.N. 24.10.2025`),
    ).rows;
    expect(rows.map((r) => [r.ticker, r.name, r.quantity])).toEqual([
      ["LVMH", "LVMH MOET HENNESSY", 112],
      [null, "AIRBUS", 16.19],
    ]);
  });
});
