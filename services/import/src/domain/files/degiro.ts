/**
 * DEGIRO, three downloads, in the user's language (Dutch, English, German, French, Spanish, Portuguese,
 * Italian; columns are read by position, the unnamed columns hold currencies):
 * - Account statement (Inbox → Account statement): `Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,
 *   Mutatie,,Saldo,,Order Id`, day-first dates, decimal commas or points (both occur in one file); a row with
 *   an empty date continues the previous row's order id. Trades are read from the description: `Koop 1 @ 33,9
 *   USD`, `Verkoop …`, `Buy/Sell …`, `Kauf/Verkauf …`, `Achat/Vente …`, `Compra/Venta …`, `Acquisto/Vendita …`,
 *   optionally with the product name and ISIN (`Compra 6 ISHARES MSCI WOR A@49,785 EUR (IE00B4L5Y983)`), at
 *   that price (in the quoted currency, GBX for London pence). `STOCK DIVIDEND: Koop 999 @ 0` adds shares at
 *   no cost. A `PRODUCTWIJZIGING`/product change pair (sell the old line, buy the new) is an exchange; a
 *   `SPLITSING`/split pair likewise (the new share count replaces the old). Money-market fund lines, fees,
 *   dividends, taxes, deposits, currency exchange and cash sweeps are cash.
 * - Transactions (Activity → Transactions → Export): `Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,
 *   Koers,,Lokale waarde,,Waarde,,Wisselkoers,Transactiekosten en/of,,Totaal,,Order ID`: Aantal is negative
 *   for a sale; Koers the price in the currency after it; the transaction costs are the fee.
 * - Portfolio (Portfolio → Export): `Product,Symbool/ISIN,Aantal,Slotkoers,Lokale waarde,,Waarde in EUR`, a
 *   `CASH & CASH FUND …` line: the positions section; the local values are checked against Aantal × Slotkoers.
 * DEGIRO names no ticker: the ISIN is the key and stands in for the ticker (looked up later), the product is
 * the name.
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { feeOf, Problems, stamp } from "./common.ts";
import { type CsvRow, headerKey } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type PositionLine, type SourceFile, type Statement } from "./port.ts";

const BUY_WORDS = "koop|buy|kauf|achat|compra|acquisto|köp|kjøp|kupno|nákup";
const SELL_WORDS = "verkoop|sell|verkauf|vente|venta|vendita|venda|sälj|salg|sprzedaż|prodej";
const TRADE = new RegExp(
  `(?:^|:\\s*)(${BUY_WORDS}|${SELL_WORDS})\\s+([\\d\\s.,]+?)\\s+(?:([A-Za-z].*?)\\s*)?@\\s*([\\d.,]+)\\s*([A-Z]{3})`,
  "i",
);
const SELL = new RegExp(`^(${SELL_WORDS})$`, "i");
const CHANGE =
  /productwijziging|product change|produktänderung|changement de produit|cambio de producto|splitsing|split|aktiensplit|fractionnement|desdoblamiento|isin[- ]?(wijziging|change|änderung)/i;
const MONEY_MARKET = /fonds mon[ée]taires|geldmarkt|money market|cash fund/i;

function looksLikeStatement(rows: CsvRow[]): boolean {
  const header = rows[0]?.cells.map(headerKey) ?? [];
  return (
    header.length >= 11 &&
    /isin/.test(header[4] ?? "") &&
    header[8] === "" &&
    header[10] === "" &&
    rows.slice(1, 20).some((r) => /^\d{2}-\d{2}-\d{4}$/.test(r.cells[0] ?? ""))
  );
}

function looksLikeTransactions(rows: CsvRow[]): boolean {
  const header = rows[0]?.cells.map(headerKey) ?? [];
  return header.length >= 17 && /isin/.test(header[3] ?? "") && header[8] === "" && /orderid/.test(header[header.length - 1] ?? "");
}

function looksLikePortfolio(rows: CsvRow[]): boolean {
  const header = rows[0]?.cells.map(headerKey) ?? [];
  return (
    header.length >= 6 && /^(product|produkt|produit|producto|prodotto|produto)$/.test(header[0] ?? "") && /isin$/.test(header[1] ?? "")
  );
}

export class DegiroParser implements BrokerFileParser {
  readonly format = "degiro" as const;

  detect(file: SourceFile): boolean {
    const rows = file.rows();
    return looksLikeStatement(rows) || looksLikeTransactions(rows) || looksLikePortfolio(rows);
  }

  read(file: SourceFile): Statement {
    const rows = file.rows();
    if (looksLikeTransactions(rows)) return this.transactions(rows);
    if (looksLikePortfolio(rows)) return this.portfolio(rows);
    return this.statement(rows);
  }

  private statement(rows: CsvRow[]): Statement {
    const problems = new Problems();
    const entries: Entry[] = [];
    const changes: { date: string; sell?: Entry & { kind: "sell" }; buy?: Entry & { kind: "buy" } }[] = [];
    for (const row of rows.slice(1)) {
      const [rawDate, time, , product, isin, description] = row.cells;
      if (!rawDate || !description || MONEY_MARKET.test(description) || MONEY_MARKET.test(product ?? "")) continue;
      const m = TRADE.exec(description);
      if (!m) continue;
      const date = parseDate(rawDate, "dmy");
      const quantity = parseNumber(m[2].replace(/\s/g, ""), ",");
      const price = parseNumber(m[4], ",");
      if (!date || quantity === null || price === null || quantity === 0) {
        problems.add(row, `unreadable trade "${description}"`);
        continue;
      }
      const key = (isin || /\(([A-Z]{2}[A-Z0-9]{9}\d)\)/.exec(description)?.[1] || product || "").toUpperCase();
      const base = { key, ticker: key, name: product ?? "", account: "", at: stamp(date, time ?? ""), line: row.line };
      const move: Entry = SELL.test(m[1]) ? { ...base, kind: "sell", quantity, price } : { ...base, kind: "buy", quantity, price };
      if (CHANGE.test(description) && !/stock dividend/i.test(description)) {
        const open = changes.find((c) => (move.kind === "sell" ? !c.sell : !c.buy) && c.date === date);
        if (open) Object.assign(open, { [move.kind]: move });
        else changes.push({ date, [move.kind]: move });
        continue;
      }
      if (/stock dividend|dividende en actions|aktiendividende/i.test(description) && move.kind === "buy") {
        entries.push({ ...base, kind: "bonus", quantity });
        continue;
      }
      entries.push(move);
    }
    for (const c of changes) {
      if (c.buy) {
        const from = c.sell ?? c.buy;
        entries.push({
          ...c.buy,
          kind: "exchange",
          from: { key: from.key, ticker: from.ticker, name: from.name },
          fromQuantity: c.sell?.quantity ?? null,
          quantity: c.buy.quantity,
        });
      } else if (c.sell) entries.push(c.sell);
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }

  private transactions(rows: CsvRow[]): Statement {
    const problems = new Problems();
    const entries: Entry[] = [];
    for (const row of rows.slice(1)) {
      const [rawDate, time, product, isin, , , rawQuantity, rawPrice] = row.cells;
      if (!rawDate) continue;
      const date = parseDate(rawDate, "dmy");
      const q = parseNumber(rawQuantity ?? "", ",");
      const price = parseNumber(rawPrice ?? "", ",");
      const key = (isin ?? "").toUpperCase();
      if (!date || !q || price === null || !key) {
        problems.add(row, `unreadable transaction "${row.cells.slice(0, 8).join(", ")}"`);
        continue;
      }
      const base = { key, ticker: key, name: product ?? "", account: "", at: stamp(date, time ?? ""), line: row.line };
      const fee = feeOf(row.cells[14] ?? "");
      entries.push(q > 0 ? { ...base, kind: "buy", quantity: q, price, fee } : { ...base, kind: "sell", quantity: -q, price, fee });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }

  private portfolio(rows: CsvRow[]): Statement {
    const problems = new Problems();
    const positions: PositionLine[] = [];
    let stated = 0;
    let besides = 0;
    for (const row of rows.slice(1)) {
      const [product = "", id = "", rawQuantity = "", rawClosing = ""] = row.cells;
      const local = parseNumber(row.cells[5] ?? "", ",") ?? parseNumber((row.cells[4] ?? "").replace(/^[A-Z]{3}\s*/, ""), ",");
      stated += local ?? 0;
      if (/^cash/i.test(product) || MONEY_MARKET.test(product)) {
        besides += local ?? 0;
        continue;
      }
      const quantity = parseNumber(rawQuantity, ",");
      const key = id.toUpperCase();
      if (!quantity || quantity < 0 || !key) {
        besides += local ?? 0;
        if (product) problems.add(row, `no quantity for ${product}`);
        continue;
      }
      positions.push({
        account: "",
        key,
        ticker: key,
        name: product,
        quantity,
        averageCost: null,
        price: parseNumber(rawClosing, ","),
        value: local,
        line: row.line,
      });
    }
    return {
      ...emptyStatement(this.format),
      positions,
      positionAccounts: [""],
      values: [{ account: "", label: "Local value column (each line in its own currency)", stated, besides }],
      errors: problems.list,
    };
  }
}
