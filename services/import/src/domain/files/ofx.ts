/**
 * OFX/QFX investment statements (what Fidelity, Vanguard, Schwab, E*TRADE and most US brokers offer as
 * "Quicken"/"Money" downloads): SGML OFX 1.x (`OFXHEADER:100`, leaf tags not closed) and XML OFX 2.x
 * (`<?OFX OFXHEADER="200"…?>`), read by one tolerant tag reader.
 * INVSTMTRS → INVPOSLIST (POSSTOCK, POSMF, POSDEBT, POSOTHER → INVPOS: SECID, UNITS, UNITPRICE) when present:
 * the positions list gives the quantities, PoA/DoA come from INVTRANLIST when it accounts for exactly that
 * quantity, else UNITPRICE and DTASOF stand in. Without a positions list, INVTRANLIST is replayed: BUY*
 * (INVBUY) and REINVEST buy at UNITPRICE, SELL* (INVSELL) sell, SPLIT multiplies by NUMERATOR/DENOMINATOR,
 * TRANSFER moves UNITS in or out (TFERACTION); INCOME, INVEXPENSE, INVBANKTRAN, RETOFCAP, MARGININTEREST are
 * cash; options (BUYOPT, SELLOPT, POSOPT) are not imported. Tickers come from SECLIST (SECINFO/TICKER) by
 * SECID/UNIQUEID, else the UNIQUEID (a CUSIP) stands in. The account is INVACCTFROM/ACCTID.
 * Format: the OFX 2.2 specification, section 13 (investments), and its examples as shipped by ofxtools.
 */
import { parseNumber, round } from "../numbers.ts";
import { accountLabel, Problems, positionRow } from "./common.ts";
import { type Movement, positionsFrom } from "./ledger.ts";
import type { BrokerFileParser, ImportedPosition, ParseOptions, ParseResult, SourceFile } from "./port.ts";

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
    if (node.value === "") stack.push(node);
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

  parse(file: SourceFile, options: ParseOptions): ParseResult {
    const root = readOfx(file.text);
    const problems = new Problems();
    const securities = new Map<string, { ticker: string; name: string }>();
    for (const info of find(root, "SECLIST")?.children ?? []) {
      const id = value(info, "UNIQUEID");
      if (id) securities.set(id, { ticker: value(info, "TICKER").toUpperCase(), name: value(info, "SECNAME") });
    }
    const rows: ImportedPosition[] = [];
    for (const statement of allOf(root, "INVSTMTRS")) {
      const account = accountLabel(value(find(statement, "INVACCTFROM"), "ACCTID"));
      const asOf = ofxDate(value(statement, "DTASOF")) ?? options.asOf;
      const security = (n: Node) => {
        const id = value(find(n, "SECID"), "UNIQUEID");
        const known = securities.get(id);
        return { key: id, ticker: known?.ticker || id, name: known?.name ?? "", account };
      };
      const replayed = positionsFrom(this.movements(find(statement, "INVTRANLIST"), security, problems));
      const positions = find(statement, "INVPOSLIST");
      if (!positions || positions.children.length === 0) {
        rows.push(...replayed.rows);
        problems.list.push(...replayed.errors);
        continue;
      }
      for (const pos of positions.children) {
        const s = security(pos);
        if (pos.name === "POSOPT") {
          problems.add(undefined, `options are not imported (${s.ticker})`);
          continue;
        }
        const units = parseNumber(value(pos, "UNITS"));
        const price = parseNumber(value(pos, "UNITPRICE"));
        if (units === null || units <= 0 || value(pos, "POSTYPE") === "SHORT") {
          problems.add(undefined, `${s.ticker}: no long position (${value(pos, "UNITS") || "no units"})`);
          continue;
        }
        const known = replayed.rows.find((r) => r.ticker === s.ticker && Math.abs(r.quantity - units) < 1e-6);
        rows.push(
          positionRow(
            {
              ticker: s.ticker,
              name: s.name,
              quantity: units,
              PoA: known?.PoA ?? round(price ?? 0, 4),
              account,
              DoA: known?.DoA ?? ofxDate(value(pos, "DTPRICEASOF")) ?? asOf,
            },
            asOf,
          ),
        );
      }
    }
    return { format: this.format, rows, errors: problems.list };
  }

  private movements(list: Node | undefined, security: (n: Node) => Omit<Movement, "kind" | "at">, problems: Problems): Movement[] {
    const out: Movement[] = [];
    for (const t of list?.children ?? []) {
      const at = ofxDate(value(find(t, "INVTRAN"), "DTTRADE"));
      if (!at) continue;
      const s = { ...security(t), at } as Movement;
      const units = Math.abs(parseNumber(value(t, "UNITS")) ?? 0);
      const price = parseNumber(value(t, "UNITPRICE")) ?? 0;
      if (/^(BUYOPT|SELLOPT|CLOSUREOPT)$/.test(t.name)) problems.add(undefined, `options are not imported (${s.ticker})`);
      else if (/^BUY/.test(t.name) || t.name === "REINVEST") out.push({ ...s, kind: "buy", quantity: units, price });
      else if (/^SELL/.test(t.name)) out.push({ ...s, kind: "sell", quantity: units });
      else if (t.name === "SPLIT") {
        const ratio = (parseNumber(value(t, "NUMERATOR")) ?? 0) / (parseNumber(value(t, "DENOMINATOR")) ?? 0);
        const byUnits = (parseNumber(value(t, "NEWUNITS")) ?? 0) / (parseNumber(value(t, "OLDUNITS")) ?? 0);
        const r = Number.isFinite(ratio) && ratio > 0 ? ratio : byUnits;
        if (Number.isFinite(r) && r > 0) out.push({ ...s, kind: "split", ratio: r });
      } else if (t.name === "TRANSFER" && units > 0)
        out.push(
          value(t, "TFERACTION") === "OUT" ? { ...s, kind: "sell", quantity: units } : { ...s, kind: "buy", quantity: units, price },
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
