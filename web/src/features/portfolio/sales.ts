/**
 * Sales on the portfolio page (docs/numbers.md "Sales: lots sold first in, first out"): which entries are sales, the
 * holding each belongs to, and how many shares were held on a day, for the Sell window to show before the
 * server checks it. The figures (realized gains, what is still held) are the server's valuation's; this
 * only counts shares, with the splits the valuation reported for the ticker's entries.
 */
import type { Asset } from "../../app/apiTypes.ts";

export const isSale = (asset: Pick<Asset, "side">): boolean => asset.side === "sell";

const key = (ticker: string) => ticker.trim().toUpperCase();

/** The ticker's splits as the valuation reported them (each entry lists those after its date), once each. */
export function tickerSplits(assets: ReadonlyArray<Pick<Asset, "ticker" | "splits">>, ticker: string): { date: string; ratio: number }[] {
  const seen = new Map<string, number>();
  for (const a of assets) if (key(a.ticker) === key(ticker)) for (const s of a.splits ?? []) seen.set(s.date, s.ratio);
  return [...seen].map(([date, ratio]) => ({ date, ratio })).sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * Shares of `ticker` held on `date`, as counted on that date: each buy dated on or before it, grown by the
 * splits between its date and `date`, less each sale dated on or before it, grown likewise (`except`: an entry
 * index to leave out, the sale being edited). Splits on `date` itself are in (a sale on the ex-date is in
 * post-split shares).
 */
export function heldOn(
  assets: ReadonlyArray<Pick<Asset, "ticker" | "quantity" | "DoA" | "side" | "splits">>,
  ticker: string,
  date: string,
  except?: number,
): number {
  const splits = tickerSplits(assets, ticker);
  const growth = (from: string) => splits.filter((s) => s.date > from && s.date <= date).reduce((f, s) => f * s.ratio, 1);
  let held = 0;
  assets.forEach((a, i) => {
    const day = a.DoA.slice(0, 10);
    if (i === except || key(a.ticker) !== key(ticker) || day > date) return;
    const shares = (Number.isFinite(a.quantity) ? a.quantity : 0) * growth(day);
    held += isSale(a) ? -shares : shares;
  });
  // floating-point noise is not a holding
  return Math.abs(held) < 1e-9 ? 0 : held;
}

/**
 * The table's order: each holding's buys where they are, and after the last buy of a ticker its sales, by
 * date; a sale of a ticker without a buy stays where it is.
 */
export function tableOrder(assets: ReadonlyArray<Pick<Asset, "ticker" | "side" | "DoA">>): { index: number; sale: boolean }[] {
  const lastBuy = new Map<string, number>();
  assets.forEach((a, i) => {
    if (!isSale(a)) lastBuy.set(key(a.ticker), i);
  });
  const salesAfter = new Map<number, number[]>();
  const out: { index: number; sale: boolean }[] = [];
  assets.forEach((a, i) => {
    const after = lastBuy.get(key(a.ticker));
    if (isSale(a) && after !== undefined) {
      const list = salesAfter.get(after) ?? [];
      list.push(i);
      salesAfter.set(after, list);
    }
  });
  assets.forEach((a, i) => {
    if (isSale(a) && lastBuy.has(key(a.ticker))) return;
    out.push({ index: i, sale: isSale(a) });
    const sales = salesAfter.get(i);
    if (sales) {
      sales.sort((x, y) => (assets[x].DoA < assets[y].DoA ? -1 : assets[x].DoA > assets[y].DoA ? 1 : x - y));
      for (const s of sales) out.push({ index: s, sale: true });
    }
  });
  return out;
}
