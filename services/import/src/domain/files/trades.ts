/**
 * A holding's history as buys and sells (docs/numbers.md "Broker files": Trades), so an imported portfolio keeps its
 * sales and their realized gains instead of one net position (docs/numbers.md "Sales"). Per account and security, in the
 * replay's order (ledger.ts `ordered`):
 * - a buy with a price > 0 and a transfer in with one become buys on their date, at that price, in the shares
 *   the file counts on that date; so does an opening with one (the positions section's average cost), when the
 *   history buys nothing else of it: that average is of every share held, so beside other buys it is no
 *   opening's own price;
 * - a sale with a price > 0 becomes a sale on its date at that price, with its fee (money, the file's);
 * - a split moves nothing: the portfolio's valuation applies splits from market data, a sale after a split being
 *   in post-split shares, as in the file;
 * - anything else (a buy or sale without a price, a transfer out, shares received free, an exchange of one
 *   security for another, shares held before the file's first line at an unknown cost) has no buy or sale that
 *   says it: the holding stays one net position, as before.
 * The trades must also come to the row's quantity through the file's own splits (within 1e-6 share) and never
 * sell more than they hold; otherwise the holding stays one position.
 */
import { round } from "../numbers.ts";
import { type Entry, holdingId, ordered } from "./ledger.ts";

/** One buy or sale of a holding, as the portfolio saves it (an asset entry with `side`). */
export interface Trade {
  side: "buy" | "sell";
  /** `YYYY-MM-DD` */
  date: string;
  /** shares as counted on that date */
  quantity: number;
  /** per share, in the security's currency */
  price: number;
  /** a sale's fee in money (0 for a buy: purchase fees stay apart, as the import's PoA leaves them) */
  fee: number;
}

export interface HoldingTrades {
  /** the trades, or null when the history has something no buy or sale says */
  trades: Trade[] | null;
  /** the shares the trades leave, through the file's splits */
  end: number;
  sold: boolean;
  /** some trade is the history's own (a buy, a transfer in or a sale), not only what was held before it */
  traded: boolean;
}

const SHARES = 1e-6;

/** Every holding's history as trades, by `holdingId(account, key)`. */
export function tradesByHolding(entries: Entry[]): Map<string, HoldingTrades> {
  const out = new Map<string, HoldingTrades & { shares: number; opened: boolean; bought: boolean }>();
  for (const e of ordered(entries)) {
    const id = holdingId(e.account, e.key);
    let h = out.get(id);
    if (!h) {
      h = { trades: [], end: 0, sold: false, traded: false, shares: 0, opened: false, bought: false };
      out.set(id, h);
    }
    if (e.kind === "exchange") {
      // the security given up, and the one received: neither is a buy or a sale
      h.trades = null;
      const from = out.get(holdingId(e.account, e.from.key));
      if (from) from.trades = null;
      continue;
    }
    if (h.trades === null) continue;
    const date = e.at.slice(0, 10);
    if (e.kind === "buy" || e.kind === "transferIn" || e.kind === "opening") {
      const price = e.price ?? null;
      if (price === null || !(price > 0) || !(e.quantity > 0)) {
        h.trades = null;
        continue;
      }
      if (e.kind === "opening") h.opened = true;
      else h.bought = h.traded = true;
      if (h.opened && h.bought) {
        h.trades = null;
        continue;
      }
      h.trades.push({ side: "buy", date, quantity: e.quantity, price, fee: 0 });
      h.shares += e.quantity;
    } else if (e.kind === "sell") {
      const price = e.price ?? null;
      if (price === null || !(price > 0) || !(e.quantity > 0) || e.quantity > h.shares + SHARES * Math.max(1, e.quantity)) {
        h.trades = null;
        continue;
      }
      h.trades.push({ side: "sell", date, quantity: e.quantity, price, fee: round(e.fee ?? 0, 8) });
      h.shares = Math.max(0, h.shares - e.quantity);
      h.sold = true;
      h.traded = true;
    } else if (e.kind === "split") {
      if (h.shares <= SHARES) {
        h.trades = null;
        continue;
      }
      const ratio = e.ratio ?? (h.shares + (e.shares ?? 0)) / h.shares;
      if (!(ratio > 0) || !Number.isFinite(ratio)) {
        h.trades = null;
        continue;
      }
      h.shares *= ratio;
    } else {
      // a transfer out, shares received free
      h.trades = null;
    }
  }
  const result = new Map<string, HoldingTrades>();
  for (const [id, h] of out) result.set(id, { trades: h.trades, end: round(h.shares, 8), sold: h.sold, traded: h.traded });
  return result;
}

/**
 * The trades of a holding whose row shows `quantity`, when they come to it and the history traded it (a positions
 * list alone is one position, as before); else null (it stays a position).
 */
export function tradesFor(found: HoldingTrades | undefined, quantity: number): Trade[] | null {
  if (!found?.trades || found.trades.length === 0 || !found.traded) return null;
  return Math.abs(found.end - quantity) <= SHARES * Math.max(1, quantity) ? found.trades : null;
}
