/**
 * DEGIRO account statement (Inbox → Account statement → CSV), in the user's language: Dutch `Datum,Tijd,
 * Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id`, English `Date,Time,Value date,Product,
 * ISIN,Description,FX,Change,,Balance,,Order Id`, German, French, Spanish, Portuguese, Italian alike. Columns
 * are read by position (the two unnamed columns hold the currencies), dates day-first, numbers with decimal
 * commas or points (both occur in one file). A row with an empty date continues the previous row's order id.
 * Trades are read from the description: `Koop 1 @ 33,9 USD`, `Verkoop …`, `Buy/Sell …`, `Kauf/Verkauf …`,
 * `Achat/Vente …`, `Compra/Venta …`, `Acquisto/Vendita …`, optionally with the product name and ISIN
 * (`Compra 6 ISHARES MSCI WOR A@49,785 EUR (IE00B4L5Y983)`), at that price (in the quoted currency, GBX for
 * London pence). `STOCK DIVIDEND: Koop 999 @ 0` adds shares at no cost. A `PRODUCTWIJZIGING`/product change
 * pair (sell the old line, buy the new) carries the holding over with its cost and date. Money-market fund
 * lines, fees, dividends, taxes, deposits, currency exchange and cash sweeps are cash. DEGIRO names no ticker:
 * the ISIN is the ticker, the product the name.
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { Problems } from "./common.ts";
import { type CsvRow, headerKey } from "./csv.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ParseResult, SourceFile } from "./port.ts";

const BUY_WORDS = "koop|buy|kauf|achat|compra|acquisto|köp|kjøp|kupno|nákup";
const SELL_WORDS = "verkoop|sell|verkauf|vente|venta|vendita|venda|sälj|salg|sprzedaż|prodej";
const TRADE = new RegExp(
  `(?:^|:\\s*)(${BUY_WORDS}|${SELL_WORDS})\\s+([\\d\\s.,]+?)\\s+(?:([A-Za-z].*?)\\s*)?@\\s*([\\d.,]+)\\s*([A-Z]{3})`,
  "i",
);
const SELL = new RegExp(`^(${SELL_WORDS})$`, "i");
const PRODUCT_CHANGE = /productwijziging|product change|produktänderung|changement de produit|cambio de producto/i;
const MONEY_MARKET = /fonds mon[ée]taires|geldmarkt|money market|cash fund/i;

function looksLikeDegiro(rows: CsvRow[]): boolean {
  const header = rows[0]?.cells.map(headerKey) ?? [];
  return (
    header.length >= 11 &&
    /isin/.test(header[4] ?? "") &&
    header[8] === "" &&
    header[10] === "" &&
    rows.slice(1, 20).some((r) => /^\d{2}-\d{2}-\d{4}$/.test(r.cells[0] ?? ""))
  );
}

export class DegiroParser implements BrokerFileParser {
  readonly format = "degiro" as const;

  detect(file: SourceFile): boolean {
    return looksLikeDegiro(file.rows());
  }

  parse(file: SourceFile): ParseResult {
    const problems = new Problems();
    const movements: Movement[] = [];
    const changes: { sell?: Movement & { kind: "sell" }; buy?: Movement & { kind: "buy" } }[] = [];
    for (const row of file.rows().slice(1)) {
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
      const base = { key, ticker: key, name: product ?? "", account: "", at: `${date}T${time ?? ""}`, line: row.line };
      const move: Movement = SELL.test(m[1]) ? { ...base, kind: "sell", quantity } : { ...base, kind: "buy", quantity, price };
      if (PRODUCT_CHANGE.test(description)) {
        const open = changes.find((c) => (move.kind === "sell" ? !c.sell : !c.buy) && (c.sell ?? c.buy)?.at.slice(0, 10) === date);
        if (open) Object.assign(open, { [move.kind]: move });
        else changes.push({ [move.kind]: move });
        continue;
      }
      movements.push(move);
    }
    for (const c of changes) {
      if (c.buy) {
        const from = c.sell?.key ?? c.buy.key;
        movements.push({ ...c.buy, kind: "convert", fromKey: from, quantity: c.buy.quantity });
      } else if (c.sell) movements.push(c.sell);
    }
    const { rows, errors } = positionsFrom(movements, problems.list);
    return { format: this.format, rows, errors };
  }
}
