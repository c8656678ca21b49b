/**
 * QIF (Quicken Interchange Format) investment accounts: records of `!Type:Invst` (lines `D` date, `N` action,
 * `Y` security, `I` price, `Q` quantity, `T` amount, `O` commission, `M` memo, `^` end of record), a security
 * list `!Type:Security` (`N` name, `S` symbol) that turns names into tickers, and `!Account` blocks (`N`
 * name) naming the account of the records after them. Dates as Quicken writes them: `1/15'24`, `3/ 1'24` (days
 * and months padded with a space), `01/15/2024`, `1/15/24`, month-first (day-first when a part is above 12). Actions: Buy, BuyX, ReinvDiv, ReinvInt, ReinvLg,
 * ReinvSh, ReinvMd buy at I (else T ÷ Q); Sell, SellX sell; ShrsIn, ShrsOut move shares; StkSplit splits by
 * Q ÷ 10 (Quicken writes new shares per ten old ones); Grant/Vest receive shares; the rest (Div, IntInc,
 * CGLong, MiscExp, XIn, XOut, …) is cash. Options (`Y` naming a call or put) are not imported.
 * Format: Quicken's QIF specification and open-source QIF readers (GnuCash's qif-import, qifparse).
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { accountLabel, Problems, security, yahooTicker } from "./common.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, FileProblem, type SourceFile, type Statement } from "./port.ts";

const MAX_RECORDS = 250_000;

interface QifRecord {
  fields: Map<string, string>;
  line: number;
  section: string;
  account: string;
}

function records(text: string): QifRecord[] {
  const out: QifRecord[] = [];
  let section = "";
  let account = "";
  let fields = new Map<string, string>();
  let start = 1;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trimEnd();
    if (line === "") continue;
    if (line.startsWith("!")) {
      const head = line.toLowerCase();
      if (head.startsWith("!type:") || head === "!account") section = head;
      if (head.startsWith("!option") || head.startsWith("!clear")) continue;
      fields = new Map();
      continue;
    }
    if (line === "^") {
      if (section === "!account") account = fields.get("N") ?? account;
      else if (fields.size) out.push({ fields, line: start, section, account });
      if (out.length > MAX_RECORDS)
        throw new FileProblem(`The file has more than ${MAX_RECORDS.toLocaleString("en-US")} records. Export a shorter period.`);
      fields = new Map();
      continue;
    }
    if (fields.size === 0) start = i + 1;
    const code = line[0];
    if (!fields.has(code)) fields.set(code, line.slice(1).trim());
  }
  return out;
}

/** `1/15'24`, `3/ 1'24`, `1/15' 4`, `01/15/2024`, `1/15/99` → ISO (an apostrophe marks a year of the 2000s). */
function qifDate(raw: string): string | null {
  const m = /^(\d{1,2})\s*[/-]\s*(\d{1,2})\s*(['/-])\s*(\d{1,4})$/.exec(raw.trim());
  if (!m) return parseDate(raw, "mdy");
  const yy = +m[4];
  const year = m[4].length === 4 ? yy : m[3] === "'" ? 2000 + yy : yy >= 70 ? 1900 + yy : 2000 + yy;
  return parseDate(`${m[1]}/${m[2]}/${year}`, "mdy");
}

export class QifParser implements BrokerFileParser {
  readonly format = "qif" as const;

  detect(file: SourceFile): boolean {
    return /^!(Type:(Invst|Port|Security)|Account)/im.test(file.text.slice(0, 4000)) && /^!Type:(Invst|Port)/im.test(file.text);
  }

  read(file: SourceFile): Statement {
    const all = records(file.text);
    const problems = new Problems();
    const symbols = new Map<string, string>();
    for (const r of all) {
      if (r.section === "!type:security" && r.fields.get("N") && r.fields.get("S"))
        symbols.set((r.fields.get("N") as string).toUpperCase(), r.fields.get("S") as string);
    }
    const entries: Entry[] = [];
    for (const r of all) {
      if (r.section !== "!type:invst" && r.section !== "!type:port") continue;
      const action = (r.fields.get("N") ?? "").toLowerCase();
      const name = r.fields.get("Y") ?? "";
      if (!action || !name) continue;
      const q = parseNumber(r.fields.get("Q") ?? "");
      const moves = /^(buyx?|sellx?|reinv\w*|shrsin|shrsout|stksplit|grant|vest)$/.test(action);
      if (!moves) continue;
      if (/\b(call|put)\b/i.test(name)) {
        problems.add(r.line, `options are not imported (${name})`);
        continue;
      }
      const date = qifDate(r.fields.get("D") ?? "");
      if (!date) {
        problems.add(r.line, `unreadable date "${r.fields.get("D") ?? ""}"`);
        continue;
      }
      if (q === null || q === 0) {
        problems.add(r.line, `no number of shares for ${name}`);
        continue;
      }
      const symbol = symbols.get(name.toUpperCase()) ?? name;
      const s = security(symbol.toUpperCase(), symbols.has(name.toUpperCase()) ? yahooTicker(symbol) : symbol.toUpperCase(), name);
      const base = { ...s, account: accountLabel(r.account), at: date, line: r.line };
      const amount = parseNumber(r.fields.get("T") ?? "");
      const price = parseNumber(r.fields.get("I") ?? "") ?? (amount !== null ? Math.abs(amount) / Math.abs(q) : null);
      const fee = Math.abs(parseNumber(r.fields.get("O") ?? "") ?? 0);
      if (/^buy|^reinv/.test(action)) entries.push({ ...base, kind: "buy", quantity: Math.abs(q), price: price ?? 0, fee });
      else if (/^sell/.test(action)) entries.push({ ...base, kind: "sell", quantity: Math.abs(q), price, fee });
      else if (action === "shrsin" || action === "grant" || action === "vest")
        entries.push({ ...base, kind: "transferIn", quantity: Math.abs(q), price });
      else if (action === "shrsout") entries.push({ ...base, kind: "transferOut", quantity: Math.abs(q) });
      else entries.push({ ...base, kind: "split", ratio: q / 10 });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
