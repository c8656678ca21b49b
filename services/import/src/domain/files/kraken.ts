/**
 * Kraken, two exports (History → Export):
 * - Ledgers (`ledgers.csv`): `txid,refid,time,type,subtype,aclass,asset,[wallet,]amount,fee,balance` — one row
 *   per asset movement; a trade is two rows with one refid (one asset out, one in), and so is a spend/receive
 *   pair (Buy Crypto). Kraken's asset codes are normalised (XXBT and XBT → BTC, XETH → ETH, ZUSD → USD, ETH2
 *   → ETH, staking and earn variants `DOT.S`, `ETH2.S`, `SOL.F`… → their coin). The fee is charged in the
 *   row's asset: a row changes its balance by amount − fee. Per refid: coin in against fiat out is a buy at
 *   |fiat| ÷ coins (the fiat fee kept as the fee), coin out against fiat in a sale, coin for coin an exchange
 *   (the cost goes along); deposits and withdrawals of coins move them in or out, staking rewards, earn
 *   rewards and airdrops come in at no known cost; transfers between spot and staking wallets, earn
 *   allocations and migrations move nothing. The balance column is the positions section: the last balance
 *   of each asset code (its variants added together) is what is held, and the history is checked against it.
 * - Trades (`trades.csv`): `txid,ordertxid,pair,time,type,ordertype,price,cost,fee,vol,…` — buy or sell `vol`
 *   of the pair's base at `price` (the fee is in the quote currency).
 * Formats from Kraken's support pages on ledger fields as read by open-source tax tools (BittyTax's Kraken
 * parser). Coins are priced in dollars (`BTC-USD`); purchase prices stay in the file's fiat currency.
 */
import { parseDate } from "../dates.ts";
import { parseNumber } from "../numbers.ts";
import { cryptoTicker, Problems, security, stamp } from "./common.ts";
import { type CsvRow, findTable, type Table } from "./csv.ts";
import type { Entry } from "./ledger.ts";
import { type BrokerFileParser, emptyStatement, type PositionLine, type SourceFile, type Statement } from "./port.ts";

const LEGACY: Record<string, string> = {
  XXBT: "BTC",
  XBT: "BTC",
  XETH: "ETH",
  XETC: "ETC",
  XLTC: "LTC",
  XXRP: "XRP",
  XXLM: "XLM",
  XXMR: "XMR",
  XZEC: "ZEC",
  XXDG: "DOGE",
  XDG: "DOGE",
  XREP: "REP",
  XMLN: "MLN",
  ZUSD: "USD",
  ZEUR: "EUR",
  ZGBP: "GBP",
  ZCAD: "CAD",
  ZJPY: "JPY",
  ZAUD: "AUD",
  ETH2: "ETH",
};
const FIAT = new Set(["USD", "EUR", "GBP", "CAD", "JPY", "AUD", "CHF", "KFEE"]);
const QUOTES = [
  "ZUSD",
  "ZEUR",
  "ZGBP",
  "ZCAD",
  "ZJPY",
  "XXBT",
  "XETH",
  "USDT",
  "USDC",
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "JPY",
  "AUD",
  "CHF",
  "XBT",
  "ETH",
  "DAI",
];

/** Kraken's code of an asset → the coin (`XXBT` → BTC, `DOT.S` → DOT, `ETH2.S` → ETH). */
export function krakenAsset(code: string): string {
  const bare = code
    .trim()
    .toUpperCase()
    .replace(/(\d*)\.[A-Z]$/, "")
    .replace(/\.[A-Z]+$/, "");
  return LEGACY[bare] ?? bare;
}

const ledgers = (file: SourceFile) =>
  findTable(file.rows(), (k) => k.includes("refid") && k.includes("asset") && k.includes("amount") && k.includes("balance"), 2);
const trades = (file: SourceFile) =>
  findTable(file.rows(), (k) => k.includes("ordertxid") && k.includes("pair") && k.includes("vol") && k.includes("cost"), 2);

export class KrakenParser implements BrokerFileParser {
  readonly format = "kraken" as const;

  detect(file: SourceFile): boolean {
    return ledgers(file) !== null || trades(file) !== null;
  }

  read(file: SourceFile): Statement {
    const l = ledgers(file);
    return l ? this.ledgers(l) : this.trades(trades(file) as Table);
  }

  private ledgers(t: Table): Statement {
    const problems = new Problems();
    const entries: Entry[] = [];
    const byRef = new Map<string, CsvRow[]>();
    const balances = new Map<string, { coin: string; balance: number; at: string; line: number }>();
    let last = "";
    for (const row of t.rows) {
      if (!t.get(row, "txid")) continue; // failed or pending
      const ref = t.get(row, "refid");
      byRef.set(ref, [...(byRef.get(ref) ?? []), row]);
      const code = t.get(row, "asset").toUpperCase();
      const wallet = t.get(row, "wallet");
      const balance = parseNumber(t.get(row, "balance"));
      const time = t.get(row, "time");
      if (time > last) last = time;
      const id = `${code}|${wallet}`;
      const known = balances.get(id);
      if (balance !== null && (!known || time >= known.at))
        balances.set(id, { coin: krakenAsset(code), balance, at: time, line: row.line });
    }
    const done = new Set<string>();
    for (const row of t.rows) {
      const ref = t.get(row, "refid");
      if (!t.get(row, "txid") || done.has(ref)) continue;
      const group = byRef.get(ref) ?? [row];
      const type = t.get(row, "type").toLowerCase();
      const subtype = t.get(row, "subtype").toLowerCase();
      const legs = group.map((r) => {
        const coin = krakenAsset(t.get(r, "asset"));
        const amount = parseNumber(t.get(r, "amount")) ?? 0;
        const fee = parseNumber(t.get(r, "fee")) ?? 0;
        return { row: r, coin, amount, fee, net: amount - fee, fiat: FIAT.has(coin) };
      });
      const date = parseDate(t.get(row, "time"), "mdy");
      if (!date) {
        problems.add(row, `unreadable date "${t.get(row, "time")}"`);
        continue;
      }
      const at = stamp(date, t.get(row, "time"));
      const coin = (c: string, currency?: string) => ({ ...security(c, cryptoTicker(c)), ...(currency ? { currency } : {}) });
      if (type === "trade" || type === "spend" || type === "receive") {
        done.add(ref);
        const coins = legs.filter((x) => !x.fiat && x.amount !== 0);
        const fiat = legs.find((x) => x.fiat && x.amount !== 0);
        const into = coins.find((x) => x.amount > 0);
        const out = coins.find((x) => x.amount < 0);
        if (into && out) {
          entries.push({
            ...coin(into.coin),
            account: "",
            at,
            line: into.row.line,
            kind: "exchange",
            from: coin(out.coin),
            fromQuantity: -out.net,
            quantity: into.net,
          });
        } else if (into) {
          const price = fiat ? Math.abs(fiat.amount) / into.amount : null;
          if (price === null)
            entries.push({ ...coin(into.coin), account: "", at, line: into.row.line, kind: "transferIn", quantity: into.net, price: null });
          else
            entries.push({
              ...coin(into.coin, fiat?.coin),
              account: "",
              at,
              line: into.row.line,
              kind: "buy",
              quantity: into.net,
              price,
              fee: Math.abs(fiat?.fee ?? 0),
            });
        } else if (out) {
          const price = fiat ? Math.abs(fiat.amount) / -out.amount : null;
          entries.push({
            ...coin(out.coin, fiat?.coin),
            account: "",
            at,
            line: out.row.line,
            kind: "sell",
            quantity: -out.net,
            price,
            fee: Math.abs(fiat?.fee ?? 0),
          });
        }
        continue;
      }
      const x = legs.find((leg) => leg.row === row) ?? legs[0];
      if (x.fiat || x.net === 0) continue;
      const internal =
        (type === "transfer" && /spot|staking|futures/.test(subtype)) ||
        (type === "earn" && /allocation|deallocation|migration|autoallocation/.test(subtype)) ||
        type === "margin" ||
        type === "rollover";
      if (internal) continue;
      const base = { ...coin(x.coin), account: "", at, line: row.line };
      if (x.net > 0) entries.push({ ...base, kind: "transferIn", quantity: x.net, price: null });
      else entries.push({ ...base, kind: "transferOut", quantity: -x.net });
    }
    // what is held: the last balance of each asset code and wallet, variants added together
    const held = new Map<string, number>();
    for (const b of balances.values()) if (!FIAT.has(b.coin)) held.set(b.coin, (held.get(b.coin) ?? 0) + b.balance);
    const positions: PositionLine[] = [];
    for (const [c, quantity] of held) {
      if (quantity <= 1e-10) continue;
      positions.push({
        account: "",
        key: c,
        ticker: cryptoTicker(c),
        name: "",
        quantity: Math.round(quantity * 1e10) / 1e10,
        averageCost: null,
        price: null,
        value: null,
      });
    }
    return {
      ...emptyStatement(this.format),
      entries,
      positions,
      positionAccounts: [""],
      asOf: parseDate(last, "mdy"),
      errors: problems.list,
    };
  }

  private trades(t: Table): Statement {
    const problems = new Problems();
    const entries: Entry[] = [];
    for (const row of t.rows) {
      const pair = t.get(row, "pair").toUpperCase().replace("/", "");
      const quote = QUOTES.find((q) => pair.endsWith(q) && pair.length > q.length);
      const date = parseDate(t.get(row, "time"), "mdy");
      const vol = parseNumber(t.get(row, "vol"));
      const price = parseNumber(t.get(row, "price"));
      if (!quote || !date || !vol || price === null) {
        problems.add(row, `unreadable trade "${row.cells.slice(0, 6).join(", ")}"`);
        continue;
      }
      const base = krakenAsset(pair.slice(0, -quote.length));
      const s = {
        ...security(base, cryptoTicker(base)),
        currency: krakenAsset(quote),
        account: "",
        at: stamp(date, t.get(row, "time")),
        line: row.line,
      };
      const fee = Math.abs(parseNumber(t.get(row, "fee")) ?? 0);
      if (/^buy/i.test(t.get(row, "type"))) entries.push({ ...s, kind: "buy", quantity: vol, price, fee });
      else entries.push({ ...s, kind: "sell", quantity: vol, price, fee });
    }
    return { ...emptyStatement(this.format), entries, errors: problems.list };
  }
}
