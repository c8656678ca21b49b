/**
 * Coinbase transaction history (Statements → Transaction history → CSV), the layouts of 2021–2025: a preamble
 * (`Transactions`, `User,…`, or "You can use this transaction report…"), then `[ID,]Timestamp,Transaction Type,
 * Asset,Quantity Transacted,Spot Price Currency|Price Currency,Spot Price at Transaction|Price at Transaction,
 * Subtotal,Total (inclusive of fees[ and/or spread]),Fees[ and/or Spread],Notes`. Quantities may be negative
 * for what leaves; amounts carry currency signs. Buy and Advanced Trade Buy buy at Subtotal ÷ Quantity (else
 * the spot price; fees kept as the fee); Sell and Advanced Trade Sell sell; Send moves coins out, Receive
 * in (at no known cost); Convert (`Converted 0.5 ETH to 1,234.56 USDC`) exchanges one coin for the other with
 * its cost; rewards, staking and learning income are bought at the spot price. Fiat deposits and
 * withdrawals, and moves between Coinbase's own wallets, are cash or nothing. Coins are priced in dollars
 * (`BTC-USD`); purchase prices stay in the file's price currency.
 * Format from Coinbase's report as read by open-source tax tools (BittyTax's Coinbase parser, its v1–v4
 * layouts).
 */
import { parseNumber } from "../numbers.ts";
import { cryptoTicker, dateOf, feeOf, Problems, security, stamp } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type SourceFile, type Statement } from "./port.ts";

const FIAT = new Set(["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "JPY", "SGD"]);
const INCOME =
  /^(rewards? income|staking income|learning reward|coinbase earn|inflation reward|incentives? rewards? payout|interest payout|subscription rebates?)/i;
const INTERNAL =
  /^(vault (deposit|withdrawal)|cash to savings|retail (staking|unstaking|eth2 deprecation)|pro (deposit|withdrawal)|exchange (deposit|withdrawal))/i;

const table = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) => k.includes("timestamp") && k.includes("transactiontype") && k.includes("asset") && k.includes("quantitytransacted"),
    12,
  );

export class CoinbaseParser implements BrokerFileParser {
  readonly format = "coinbase" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const entries: Entry[] = [];
    for (const row of t.rows) {
      const type = t.get(row, "Transaction Type");
      const asset = t.get(row, "Asset").toUpperCase();
      const raw = parseNumber(t.get(row, "Quantity Transacted"));
      if (!type || !asset || FIAT.has(asset) || INTERNAL.test(type)) continue;
      if (raw === null || raw === 0) continue;
      const date = dateOf(t.get(row, "Timestamp"), row, problems, "mdy");
      if (!date) continue;
      const q = Math.abs(raw);
      const s = { ...security(asset, cryptoTicker(asset)), currency: t.get(row, "Spot Price Currency", "Price Currency").toUpperCase() };
      const base = { ...s, account: "", at: stamp(date, t.get(row, "Timestamp")), line: row.line };
      const spot = parseNumber(t.get(row, "Spot Price at Transaction", "Price at Transaction"));
      const subtotal = parseNumber(t.get(row, "Subtotal"));
      const fee = feeOf(t.get(row, "Fees and/or Spread", "Fees"));
      if (/^(advanced? trade )?buy$/i.test(type)) {
        const price = subtotal !== null && subtotal !== 0 ? Math.abs(subtotal) / q : spot;
        entries.push({ ...base, kind: "buy", quantity: q, price: price ?? 0, fee });
      } else if (/^(advanced? trade )?sell$/i.test(type)) entries.push({ ...base, kind: "sell", quantity: q, price: spot, fee });
      else if (/^send$|^withdrawal$/i.test(type)) entries.push({ ...base, kind: "transferOut", quantity: q });
      else if (/^receive$|^deposit$/i.test(type)) entries.push({ ...base, kind: "transferIn", quantity: q, price: null });
      else if (INCOME.test(type)) entries.push({ ...base, kind: "buy", quantity: q, price: spot ?? 0 });
      else if (/^convert$/i.test(type)) {
        const m = /Converted\s+([\d.,]+)\s+(\w+)\s+to\s+([\d.,]+)\s+(\w+)/i.exec(t.get(row, "Notes"));
        const received = m ? parseNumber(m[3]) : null;
        if (!m || received === null) {
          problems.add(row, `a conversion of ${asset} whose notes do not say into what ("${t.get(row, "Notes")}")`);
          continue;
        }
        const to = m[4].toUpperCase();
        if (FIAT.has(to)) entries.push({ ...base, kind: "sell", quantity: q, price: spot });
        else
          entries.push({
            ...security(to, cryptoTicker(to)),
            account: "",
            at: base.at,
            line: row.line,
            kind: "exchange",
            from: s,
            fromQuantity: q,
            quantity: received,
          });
      } else problems.add(row, `"${type}" of ${asset} is not understood: check ${asset}'s quantity`);
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
