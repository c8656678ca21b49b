/**
 * Robinhood account activity report (Account → Reports and statements → Reports → CSV): `Activity Date,
 * Process Date,Settle Date,Instrument,Description,Trans Code,Quantity,Price,Amount`, month-first dates,
 * `$` prices, amounts in parentheses when negative, a multi-line Description (`Apple\nCUSIP: 037833100`, its
 * first line is the name), newest first, and a closing disclaimer line. Trans Codes: `Buy` (and `REINV`,
 * `DRIP`) buy at Price; `Sell` sells; `SPL` is a split stated as the shares it adds; `REC` and `GIFT` receive
 * shares (at Price when given); `ACATI`/`ACATO` move shares in or out; `LIQ` is a liquidation for cash (the
 * shares leave). Corporate actions `MRGS`, `MRGR`, `SXCH`, `SPR`, `SOFF`, `CONV` are legs: a quantity with an
 * `S` suffix (`100S`) is the shares surrendered, a plain one the shares received; on one date they pair into
 * exchanges (a reverse split on one instrument, a merger, a symbol change), received legs alone are spin-off
 * shares. Cash codes (CDIV, ACH, INT, GOLD, SLIP, DTAX, MRGC, CIL, RTP, MISC, …) are cash; options (BTO, STC,
 * BTC, STO, OEXP, OASGN, OEXCS) are not imported.
 * Format from Robinhood's report as read by open-source tools (robinhood capital-gains estimators, portfolio
 * importers' corporate-action helpers).
 */
import { parseNumber } from "../numbers.ts";
import { dateOf, earliestDate, entriesFromLegs, type Leg, markedNumber, Problems, security, yahooTicker } from "./common.ts";
import { findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type SourceFile, type Statement } from "./port.ts";

const table = (file: SourceFile) =>
  findTable(
    file.rows(),
    (k) => k[0] === "activitydate" && k.includes("instrument") && k.includes("transcode") && k.includes("quantity"),
    3,
  );

const LEG_CODES = new Set(["MRGS", "MRGR", "SXCH", "SPR", "SOFF", "CONV"]);
const OPTION_CODES = new Set(["BTO", "STC", "BTC", "STO", "OEXP", "OASGN", "OEXCS", "OCC"]);

export class RobinhoodParser implements BrokerFileParser {
  readonly format = "robinhood" as const;

  detect(file: SourceFile): boolean {
    return table(file) !== null;
  }

  read(file: SourceFile): Statement {
    const t = table(file) as Table;
    const problems = new Problems();
    const entries: Entry[] = [];
    const legs: Leg[] = [];
    for (const row of t.rows) {
      const code = t.get(row, "Trans Code").toUpperCase();
      const instrument = t.get(row, "Instrument").toUpperCase();
      if (!code || !instrument) continue;
      if (OPTION_CODES.has(code)) {
        problems.add(row, `options are not imported (${instrument})`);
        continue;
      }
      const { value, marker } = markedNumber(t.get(row, "Quantity"));
      const moves =
        ["BUY", "SELL", "REINV", "DRIP", "SPL", "REC", "GIFT", "ACATI", "ACATO", "ACATS", "LIQ"].includes(code) || LEG_CODES.has(code);
      if (!moves || value === null || value === 0) continue;
      const date = dateOf(t.get(row, "Activity Date"), row, problems, "mdy");
      if (!date) continue;
      const name = t.get(row, "Description").split("\n")[0].trim();
      const s = security(instrument, yahooTicker(instrument), name);
      const base = { ...s, account: "", at: date, line: row.line };
      const q = Math.abs(value);
      const price = parseNumber(t.get(row, "Price"));
      if (code === "BUY" || code === "REINV" || code === "DRIP") {
        if (price === null) problems.add(row, `no price for ${instrument}`);
        else entries.push({ ...base, kind: "buy", quantity: q, price });
      } else if (code === "SELL") entries.push({ ...base, kind: "sell", quantity: q, price });
      else if (code === "SPL") entries.push({ ...base, kind: "split", shares: marker === "S" ? -q : value });
      else if (code === "REC" || code === "GIFT" || code === "ACATI") entries.push({ ...base, kind: "transferIn", quantity: q, price });
      else if (code === "ACATO" || code === "ACATS") entries.push({ ...base, kind: "transferOut", quantity: q });
      else if (code === "LIQ") {
        const at = /at\s+\$?([\d.,]+)/i.exec(t.get(row, "Description"));
        entries.push({ ...base, kind: "sell", quantity: q, price: price ?? (at ? parseNumber(at[1]) : null) });
      } else {
        const signed = marker === "S" || value < 0 ? -q : q;
        legs.push({ security: s, quantity: signed, account: "", at: date, line: row.line, group: `${date}|${code}` });
      }
    }
    entries.push(...entriesFromLegs(legs));
    const since = earliestDate(
      t.rows.map((r) => t.get(r, "Activity Date")),
      "mdy",
    );
    return { ...emptyStatement(this.format), entries, since, errors: problems.list };
  }
}
