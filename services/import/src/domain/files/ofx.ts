/**
 * OFX/QFX investment statements (what Fidelity, Vanguard, Schwab, E*TRADE and most US brokers offer as
 * "Quicken"/"Money" downloads): SGML OFX 1.x (`OFXHEADER:100`, leaf tags not closed) and XML OFX 2.x
 * (`<?OFX OFXHEADER="200"…?>`), read by one tolerant tag reader.
 * INVSTMTRS → INVPOSLIST (POSSTOCK, POSMF, POSDEBT, POSOTHER → INVPOS: SECID, UNITS, UNITPRICE, MKTVAL) is
 * the positions section (DTASOF its date); INVTRANLIST is the history: BUY* (INVBUY) and REINVEST buy at
 * UNITPRICE (COMMISSION + FEES the fee), SELL* (INVSELL) sell, SPLIT multiplies by NUMERATOR/DENOMINATOR
 * (else NEWUNITS/OLDUNITS), TRANSFER moves UNITS in or out (TFERACTION); INCOME, INVEXPENSE, INVBANKTRAN,
 * RETOFCAP, MARGININTEREST are cash; options (BUYOPT, SELLOPT, POSOPT) are not imported. INVBAL/AVAILCASH is
 * the stated cash; the MKTVAL of the positions, summed, is checked against UNITS × UNITPRICE. Tickers come
 * from SECLIST (SECINFO/TICKER) by SECID/UNIQUEID, else the UNIQUEID (a CUSIP) stands in. The account is
 * INVACCTFROM/ACCTID. Elements nest at most 64 deep (a real statement nests about 10): deeper is refused.
 * Format: the OFX 2.2 specification, section 13 (investments), and its examples as shipped by ofxtools.
 */
import { parseNumber } from "../numbers.ts";
import { accountLabel, Problems, yahooTicker } from "./common.ts";
import type { Entry, Security } from "./ledger.ts";
import {
  type BrokerFileParser,
  emptyStatement,
  FileProblem,
  type ParseOptions,
  type PositionLine,
  type SourceFile,
  type Statement,
} from "./port.ts";

const MAX_DEPTH = 64;

interface Node {
  name: string;
  value: string;
  children: Node[];
}

/** Reads SGML (unclosed leaves) and XML alike: a tag followed by text is a leaf; closing tags pop to their opener. */
export function readOfx(text: string): Node {
  const root: Node = { name: "", value: "", children: [] };
  const stack: Node[] = [root];
  const start = text.search(/<OFX>/i);
  const body = start >= 0 ? text.slice(start) : text;
  const tag = /<(\/?)([A-Za-z0-9_.]+)>([^<]*)/g;
  for (let m = tag.exec(body); m; m = tag.exec(body)) {
    const name = m[2].toUpperCase();
    if (m[1]) {
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: Node = { name, value: decode(m[3].trim()), children: [] };
    stack[stack.length - 1].children.push(node);
    if (node.value === "") {
      stack.push(node);
      if (stack.length > MAX_DEPTH)
        throw new FileProblem(`The OFX is nested more than ${MAX_DEPTH} elements deep: this is not a broker's statement.`);
    }
  }
  return root;
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function find(node: Node | undefined, name: string): Node | undefined {
  if (!node) return undefined;
  for (const c of node.children) {
    if (c.name === name) return c;
    const deeper = find(c, name);
    if (deeper) return deeper;
  }
  return undefined;
}

const value = (node: Node | undefined, name: string) => find(node, name)?.value ?? "";
const ofxDate = (raw: string) => (/^(\d{4})(\d{2})(\d{2})/.exec(raw) ? raw.replace(/^(\d{4})(\d{2})(\d{2}).*$/, "$1-$2-$3") : null);

export class OfxParser implements BrokerFileParser {
  readonly format = "ofx" as const;

  detect(file: SourceFile): boolean {
    const head = file.text.slice(0, 2000);
    return /OFXHEADER/i.test(head) || /<OFX>/i.test(head);
  }

  read(file: SourceFile, options: ParseOptions): Statement {
    const root = readOfx(file.text);
    const problems = new Problems();
    const securities = new Map<string, { ticker: string; name: string }>();
    for (const info of find(root, "SECLIST")?.children ?? []) {
      const id = value(info, "UNIQUEID");
      if (id) securities.set(id, { ticker: value(info, "TICKER").toUpperCase(), name: value(info, "SECNAME") });
    }
    const statement = emptyStatement(this.format);
    const positions: PositionLine[] = [];
    const accounts: string[] = [];
    let listed = false;
    for (const invstmt of allOf(root, "INVSTMTRS")) {
      const account = accountLabel(value(find(invstmt, "INVACCTFROM"), "ACCTID"));
      statement.asOf = ofxDate(value(invstmt, "DTASOF")) ?? statement.asOf;
      const security = (n: Node): Security => {
        const id = value(find(n, "SECID"), "UNIQUEID");
        const known = securities.get(id);
        return { key: id, ticker: known?.ticker ? yahooTicker(known.ticker) : id, name: known?.name ?? "" };
      };
      const tranlist = find(invstmt, "INVTRANLIST");
      statement.entries.push(...this.entries(tranlist, security, account, problems));
      const start = ofxDate(value(tranlist, "DTSTART"));
      if (start && (!statement.since || start < statement.since)) statement.since = start;
      const cash = parseNumber(value(find(invstmt, "INVBAL"), "AVAILCASH"));
      if (cash !== null) statement.cash.push({ account, label: "INVBAL available cash", stated: cash, computed: null });
      const list = find(invstmt, "INVPOSLIST");
      if (!list) continue;
      listed = true;
      accounts.push(account);
      let stated = 0;
      let besides = 0;
      let values = 0;
      for (const pos of list.children) {
        const s = security(pos);
        const units = parseNumber(value(pos, "UNITS"));
        const mktval = parseNumber(value(pos, "MKTVAL"));
        if (mktval !== null) {
          stated += mktval;
          values++;
        }
        if (pos.name === "POSOPT") {
          besides += mktval ?? 0;
          problems.add(undefined, `options are not imported (${s.ticker})`);
          continue;
        }
        if (units === null || units <= 0 || value(pos, "POSTYPE") === "SHORT") {
          besides += mktval ?? 0;
          problems.add(undefined, `${s.ticker}: no long position (${value(pos, "UNITS") || "no units"})`);
          continue;
        }
        positions.push({ ...s, account, quantity: units, averageCost: null, price: parseNumber(value(pos, "UNITPRICE")), value: mktval });
      }
      if (values) statement.values.push({ account, label: "MKTVAL of the positions", stated, besides });
    }
    if (listed) {
      statement.positions = positions;
      statement.positionAccounts = accounts;
    }
    statement.asOf ??= options.asOf;
    return { ...statement, errors: problems.list };
  }

  private entries(list: Node | undefined, security: (n: Node) => Security, account: string, problems: Problems): Entry[] {
    const out: Entry[] = [];
    for (const t of list?.children ?? []) {
      const at = ofxDate(value(find(t, "INVTRAN"), "DTTRADE"));
      if (!at) continue;
      const s = { ...security(t), account, at };
      const units = Math.abs(parseNumber(value(t, "UNITS")) ?? 0);
      const price = parseNumber(value(t, "UNITPRICE"));
      const fee = Math.abs(parseNumber(value(t, "COMMISSION")) ?? 0) + Math.abs(parseNumber(value(t, "FEES")) ?? 0);
      if (/^(BUYOPT|SELLOPT|CLOSUREOPT)$/.test(t.name)) problems.add(undefined, `options are not imported (${s.ticker})`);
      else if ((/^BUY/.test(t.name) || t.name === "REINVEST") && units > 0)
        out.push({ ...s, kind: "buy", quantity: units, price: price ?? 0, fee });
      else if (/^SELL/.test(t.name) && units > 0) out.push({ ...s, kind: "sell", quantity: units, price, fee });
      else if (t.name === "SPLIT") {
        const ratio = (parseNumber(value(t, "NUMERATOR")) ?? 0) / (parseNumber(value(t, "DENOMINATOR")) ?? 0);
        const byUnits = (parseNumber(value(t, "NEWUNITS")) ?? 0) / (parseNumber(value(t, "OLDUNITS")) ?? 0);
        const r = Number.isFinite(ratio) && ratio > 0 ? ratio : byUnits;
        if (Number.isFinite(r) && r > 0) out.push({ ...s, kind: "split", ratio: r });
      } else if (t.name === "TRANSFER" && units > 0)
        out.push(
          value(t, "TFERACTION") === "OUT"
            ? { ...s, kind: "transferOut", quantity: units }
            : { ...s, kind: "transferIn", quantity: units, price: parseNumber(value(t, "AVGCOSTBASIS")) ?? price },
        );
    }
    return out;
  }
}

function allOf(node: Node, name: string): Node[] {
  const out: Node[] = [];
  const walk = (n: Node) => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      else walk(c);
    }
  };
  walk(node);
  return out;
}
