/**
 * An independent calculator of a portfolio's figures, written from (docs/product-decisions.md "The CSV folder", "How the
 * numbers are computed": Dates, Splits, Dividends received, Currencies, Per asset, Portfolio totals, Sales,
 * The return receipt, Stale, unpriced and rates), reading a market-data folder's CSV text itself. It shares no
 * code with the pricing service or the valuation engine, so a bug there is not repeated here; tests compare
 * what every screen serves with what this computes.
 *
 * Not computed here: the month-by-month series, TWR, XIRR, the benchmark and the backtests (the engine's own
 * tests check those against hand-worked and published figures). The receipt's startValue and endValue are
 * computed here from the shares held at the base and at the end (docs/numbers.md "The return receipt").
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

type Row = [date: string, value: number];

/** `date,number` rows of a file in date order; a header and malformed lines skipped. */
function readRows(path: string): Row[] {
  if (!existsSync(path)) return [];
  const rows: Row[] = [];
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const [date, raw] = line.split(",");
    const value = Number(raw);
    if (/^\d{4}-\d{2}-\d{2}$/.test(date ?? "") && raw !== undefined && raw.trim() !== "" && Number.isFinite(value) && value > 0)
      rows.push([date, value]);
  }
  return rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const MINOR: Record<string, [string, number]> = { GBp: ["GBP", 100], GBX: ["GBP", 100], ILA: ["ILS", 100], ZAc: ["ZAR", 100] };

/** A ticker as "The CSV folder" describes it, in the major unit of its currency. */
export interface Series {
  ticker: string;
  currency: string;
  latestPrice: number;
  asOf: string;
  /** month → the month's last close (split-adjusted where the folder has that, else adjusted) */
  history: Map<string, number>;
  splits: Row[];
  dividends: Row[];
}

export class MarketFolder {
  private readonly cache = new Map<string, Series | null>();
  private currencies: Map<string, string> | undefined;
  constructor(readonly dir: string) {}

  private currencyOf(ticker: string): string {
    if (!this.currencies) {
      this.currencies = new Map();
      const path = join(this.dir, "currencies.csv");
      if (existsSync(path))
        for (const line of readFileSync(path, "utf8").split(/\r?\n/).slice(1)) {
          const [t, c] = line.split(",").map((x) => x?.trim());
          if (t && c) this.currencies.set(t.toUpperCase(), c);
        }
    }
    return this.currencies.get(ticker) ?? (/^[A-Z]{6}=X$/.test(ticker) ? ticker.slice(3, 6) : "USD");
  }

  /** null: the folder does not know the ticker (pricing's 404). */
  series(ticker: string): Series | null {
    if (this.cache.has(ticker)) return this.cache.get(ticker) ?? null;
    const adjusted = readRows(join(this.dir, `${ticker}.csv`));
    const splitAdjusted = readRows(join(this.dir, "split-adjusted", `${ticker}.csv`));
    const dividendRows = readRows(join(this.dir, "dividends", `${ticker}.csv`));
    const paired = splitAdjusted.length > 0 && existsSync(join(this.dir, "dividends", `${ticker}.csv`));
    if (adjusted.length === 0 && splitAdjusted.length === 0) {
      this.cache.set(ticker, null);
      return null;
    }
    const ends = adjusted.length > 0 ? adjusted : splitAdjusted;
    const [asOf, last] = ends[ends.length - 1];
    let days: Row[];
    if (paired || adjusted.length === 0) {
      // the split-adjusted closes, continued before their first day by the adjusted ones scaled to meet them
      const [firstDate, firstClose] = splitAdjusted[0];
      const meet = adjusted.filter(([d]) => d <= firstDate).at(-1);
      const before = meet ? adjusted.filter(([d]) => d < firstDate).map(([d, c]): Row => [d, (c * firstClose) / meet[1]]) : [];
      days = [...before, ...splitAdjusted];
    } else {
      days = adjusted;
    }
    const raw = this.currencyOf(ticker);
    const [currency, divisor] = MINOR[raw] ?? [raw.toUpperCase(), 1];
    const history = new Map<string, number>();
    for (const [d, c] of days) if (d <= asOf) history.set(d.slice(0, 7), c / divisor);
    const s: Series = {
      ticker,
      currency,
      latestPrice: last / divisor,
      asOf,
      history,
      splits: readRows(join(this.dir, "splits", `${ticker}.csv`)),
      dividends: paired ? dividendRows.filter(([d]) => d <= asOf).map(([d, a]): Row => [d, a / divisor]) : [],
    };
    this.cache.set(ticker, s);
    return s;
  }
}

const monthOf = (date: string): number => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthKey = (m: number): string => `${String(Math.floor(m / 12)).padStart(4, "0")}-${String((m % 12) + 1).padStart(2, "0")}`;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * A price line by month: the latest price stands for its asOf month and every month after it; before, the
 * month's close, else the last close before it. NaN before the first. Returns the value and the month it came from.
 */
function lineAt(s: { history: Map<string, number>; latestPrice: number; asOf: string }, m: number, today: string): [number, number] {
  const asOfMonth = monthOf(s.asOf < today ? s.asOf : today);
  if (m >= asOfMonth) return [s.latestPrice, asOfMonth];
  for (let k = m; k >= 1990 * 12; k--) {
    const v = s.history.get(monthKey(k));
    if (v !== undefined) return [v, k];
  }
  return [Number.NaN, -1];
}

export interface Asset {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: string;
  /** "sell": a sale (docs/numbers.md "Sales"); absent: a buy */
  side?: "buy" | "sell";
  /** a sale's fee in money, in the instrument's currency */
  fee?: number;
}

export interface AssetFigures {
  /** a buy: shares still held; a sell: 0 */
  shares: number;
  cost: number | null;
  marketValue: number | null;
  dividends: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  staleReason: "out-of-date" | null;
  /** today's shares sold from the buy, or sold by the sale */
  soldShares: number;
  /** a sell: its realized gain; a buy: its part; null when not counted (a buy without a price) */
  realizedProfitLoss: number | null;
  /** a sell's proceeds, fee (base currency) and the cost of what it took; null otherwise */
  proceeds: number | null;
  saleFee: number | null;
  soldCost: number | null;
}

export type RangeKey = "All" | "YTD" | "1Y" | "3Y";
export const RANGE_KEYS: readonly RangeKey[] = ["All", "YTD", "1Y", "3Y"];

export interface Receipt {
  startValue: number;
  purchases: number;
  sales: number;
  priceGain: number;
  fxEffect: number;
  dividends: number;
  fees: number;
  endValue: number;
}

export interface Figures {
  value: number;
  marketValue: number | null;
  dividends: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  unrealizedProfitLoss: number | null;
  realizedProfitLoss: number | null;
  pricesAsOf: string | null;
  valuationDate: string;
  stale: string[];
  unpriced: Array<{ ticker: string; reason: "unknown-ticker" | "no-exchange-rate" }>;
  /** the stale rates of the market values, by pair: the month they are of */
  staleRates: Record<string, string>;
  /** the sales that sold more than was held on their date, by index */
  unmatched: number[];
  assets: AssetFigures[];
  /** per range; null when nothing priced was bought by the valuation month */
  receipt: Record<RangeKey, Receipt | null>;
}

const TOLERANCE = 1e-9;

/** docs/numbers.md "How the numbers are computed", for a portfolio valued on `today` in `base` (total return). */
export function valueByTheReadme(folder: MarketFolder, assets: readonly Asset[], base: string, today: string): Figures {
  const priceOf = (t: string) => folder.series(t);
  const rateSeries = (c: string) => (c === base ? null : folder.series(`${c}${base}=X`));
  const isSale = (a: Asset) => a.side === "sell";
  // Splits: F(date) = Π ratio of the ticker's splits whose ex-date is after the date
  const factorAfter = (ticker: string, date: string) =>
    (priceOf(ticker)?.splits ?? []).filter(([d]) => d > date).reduce((f, [, r]) => f * r, 1);
  const counts = (a: Asset) => a.DoA <= today;

  // Sales: matching per ticker (upper case), sales in date order, lots oldest first, list order on one day
  const today$ = assets.map((a) => (counts(a) ? a.quantity * factorAfter(a.ticker, a.DoA) : 0));
  const left = assets.map((a, i) => (isSale(a) ? 0 : today$[i]));
  const takes = new Map<number, Array<{ lot: number; shares: number }>>();
  const unmatched: number[] = [];
  const heldTickers = new Set<string>();
  const order = (i: number, j: number) => (assets[i].DoA < assets[j].DoA ? -1 : assets[i].DoA > assets[j].DoA ? 1 : i - j);
  for (const ticker of new Set(assets.map((a) => a.ticker.toUpperCase()))) {
    const mine = assets.map((_, i) => i).filter((i) => assets[i].ticker.toUpperCase() === ticker && counts(assets[i]));
    const lots = mine.filter((i) => !isSale(assets[i])).sort(order);
    const sales = mine.filter((i) => isSale(assets[i])).sort(order);
    for (const s of sales) {
      const want = today$[s];
      const available = lots.filter((l) => assets[l].DoA <= assets[s].DoA);
      const held = available.reduce((sum, l) => sum + left[l], 0);
      if (want > held + TOLERANCE * Math.max(1, want)) {
        unmatched.push(s);
        continue;
      }
      let need = want;
      const took: Array<{ lot: number; shares: number }> = [];
      for (const l of available) {
        if (need <= 0 || left[l] <= 0) continue;
        const n = need >= left[l] - TOLERANCE * Math.max(1, want) ? left[l] : need;
        left[l] -= n;
        need -= n;
        if (need <= TOLERANCE * Math.max(1, want)) need = 0;
        took.push({ lot: l, shares: n });
      }
      takes.set(s, took);
    }
    const remaining = lots.reduce((sum, l) => sum + left[l], 0);
    if (sales.length === 0 || remaining > TOLERANCE * Math.max(1, remaining)) heldTickers.add(ticker);
  }

  // Dates: pricesAsOf among the held tickers with a price (all priced ones when every one is sold in full)
  const held = assets.filter(counts);
  const priced = held.filter((a) => priceOf(a.ticker));
  const dateOf = (a: Asset) => {
    const p = priceOf(a.ticker) as Series;
    return p.asOf < today ? p.asOf : today;
  };
  const latest = (xs: string[]) => (xs.length === 0 ? null : xs.reduce((m, x) => (x > m ? x : m)));
  const pricesAsOf = latest(priced.filter((a) => heldTickers.has(a.ticker.toUpperCase())).map(dateOf)) ?? latest(priced.map(dateOf));
  const lastTrade = latest(priced.map((a) => a.DoA)) ?? "";
  const valuationDate = pricesAsOf === null ? today : lastTrade > pricesAsOf ? lastTrade : pricesAsOf;
  const end = monthOf(valuationDate);
  const start = Math.min(monthOf("2000-03-01"), ...held.map((a) => monthOf(a.DoA)));
  const rate = (c: string, m: number): [number, number] => {
    const r = rateSeries(c);
    if (c === base) return [1, m];
    if (!r) return [Number.NaN, -1];
    return lineAt(r, m, today);
  };

  // each buy: counted (a price, a rate at its purchase month and the valuation month), its cost and entry month
  interface Lot {
    i: number;
    currency: string;
    bought: number;
    cost: number;
    costRate: number;
    entry: number;
    pieces: Array<{ sale: number; shares: number }>;
    countedShares: number;
  }
  const lotsByIndex = new Map<number, Lot>();
  const out: AssetFigures[] = assets.map((a, i) => ({
    shares: isSale(a) ? 0 : today$[i] === 0 && !counts(a) ? a.quantity * factorAfter(a.ticker, a.DoA) : left[i],
    cost: null,
    marketValue: null,
    dividends: null,
    profitLoss: null,
    profitLossPercent: null,
    staleReason: null,
    soldShares: isSale(a) ? today$[i] : today$[i] - left[i],
    realizedProfitLoss: null,
    proceeds: null,
    saleFee: null,
    soldCost: null,
  }));
  const unpriced = new Map<string, "unknown-ticker" | "no-exchange-rate">();
  const staleRates: Record<string, string> = {};
  assets.forEach((a, i) => {
    if (isSale(a) || !counts(a)) return;
    const p = priceOf(a.ticker);
    if (!p) {
      unpriced.set(a.ticker, "unknown-ticker");
      return;
    }
    const priceDate = p.asOf < today ? p.asOf : today;
    out[i].staleReason = pricesAsOf && dayNumber(pricesAsOf) - dayNumber(priceDate) > 7 ? "out-of-date" : null;
    const doaMonth = monthOf(a.DoA);
    const [costRate] = rate(p.currency, Math.min(doaMonth, end));
    const [endRate] = rate(p.currency, end);
    if (Number.isNaN(costRate) || Number.isNaN(endRate) || doaMonth > end) {
      unpriced.set(a.ticker, "no-exchange-rate");
      if (!Number.isNaN(costRate)) out[i].cost = a.quantity * a.PoA * costRate;
      return;
    }
    let first = start;
    while (first <= end && (Number.isNaN(lineAt(p, first, today)[0]) || Number.isNaN(rate(p.currency, first)[0]))) first++;
    lotsByIndex.set(i, {
      i,
      currency: p.currency,
      bought: today$[i],
      cost: a.quantity * a.PoA * costRate,
      costRate,
      entry: Math.max(doaMonth, first),
      pieces: [],
      countedShares: today$[i],
    });
  });

  // each sale: counted when every lot it took from counts; else the shares it took count nowhere
  interface Sold {
    s: number;
    month: number;
    rate: number;
    proceeds: number;
    fee: number;
  }
  const sold = new Map<number, Sold>();
  for (const [s, took] of takes) {
    const a = assets[s];
    const p = priceOf(a.ticker);
    const countedSale = p !== null && took.every((t) => lotsByIndex.has(t.lot));
    if (!countedSale) {
      for (const t of took) {
        const lot = lotsByIndex.get(t.lot);
        if (lot) lot.countedShares -= t.shares;
      }
      continue;
    }
    const [r] = rate(p.currency, Math.min(monthOf(a.DoA), end));
    const month = Math.max(monthOf(a.DoA), ...took.map((t) => (lotsByIndex.get(t.lot) as Lot).entry));
    const sale: Sold = { s, month, rate: r, proceeds: a.quantity * a.PoA * r, fee: (a.fee ?? 0) * r };
    sold.set(s, sale);
    let soldCost = 0;
    for (const t of took) {
      const lot = lotsByIndex.get(t.lot) as Lot;
      lot.pieces.push({ sale: s, shares: t.shares });
      soldCost += (t.shares / lot.bought) * lot.cost;
    }
    out[s].proceeds = sale.proceeds;
    out[s].saleFee = sale.fee;
    out[s].soldCost = soldCost;
    out[s].realizedProfitLoss = sale.proceeds - sale.fee - soldCost;
    out[s].marketValue = 0;
  }

  // the buys' figures: what they hold, their dividends (a sold piece's up to its sale date), their realized part
  const dividendsOf = (lot: Lot, fromMonth: number) => {
    const a = assets[lot.i];
    const p = priceOf(a.ticker) as Series;
    let cash = 0;
    for (const [d, amount] of p.dividends) {
      const m = monthOf(d);
      if (d <= a.DoA || d > valuationDate || m < lot.entry || m < start || m <= fromMonth) continue;
      const r = rate(p.currency, m)[0];
      if (Number.isNaN(r)) continue;
      let shares = left[lot.i];
      for (const piece of lot.pieces) if (assets[piece.sale].DoA >= d) shares += piece.shares;
      cash += shares * amount * r;
    }
    return cash;
  };
  for (const lot of lotsByIndex.values()) {
    const a = assets[lot.i];
    const p = priceOf(a.ticker) as Series;
    const [endRate, endRateMonth] = rate(lot.currency, end);
    const holds = left[lot.i];
    const value = lot.bought === 0 ? lot.cost : (lot.cost * holds) / lot.bought;
    const marketValue = holds * p.latestPrice * endRate;
    let realized = 0;
    for (const piece of lot.pieces) {
      const sale = sold.get(piece.sale) as Sold;
      realized += (piece.shares / today$[piece.sale]) * (sale.proceeds - sale.fee) - (piece.shares / lot.bought) * lot.cost;
    }
    const dividends = dividendsOf(lot, Number.NEGATIVE_INFINITY);
    const counted = lot.bought === 0 ? lot.cost : (lot.cost * lot.countedShares) / lot.bought;
    const profitLoss = marketValue - value + realized + dividends;
    const f = out[lot.i];
    f.cost = value;
    f.marketValue = marketValue;
    f.dividends = dividends;
    f.realizedProfitLoss = realized;
    f.profitLoss = profitLoss;
    f.profitLossPercent = counted === 0 ? null : (profitLoss / counted) * 100;
    const stillHeld = holds > 0 || f.soldShares === 0;
    if (stillHeld && lot.currency !== base && endRateMonth < end) staleRates[`${lot.currency}${base}=X`] = monthKey(endRateMonth);
  }

  // Totals with sales
  let value = 0;
  let marketValue = 0;
  let dividends = 0;
  let invested = 0;
  const stale = new Set<string>();
  for (const lot of lotsByIndex.values()) {
    const f = out[lot.i];
    value += f.cost ?? 0;
    marketValue += f.marketValue ?? 0;
    dividends += f.dividends ?? 0;
    invested += lot.bought === 0 ? lot.cost : (lot.cost * lot.countedShares) / lot.bought;
    if (f.staleReason && (left[lot.i] > 0 || f.soldShares === 0)) stale.add(assets[lot.i].ticker);
  }
  const anyPriced = lotsByIndex.size > 0;
  let realized = 0;
  for (const s of sold.keys()) realized += out[s].realizedProfitLoss ?? 0;
  const unrealized = marketValue - value;
  const profitLoss = anyPriced ? unrealized + realized + dividends : null;

  // The return receipt, per range: pieces alive after the base, from the base close or the purchase, to the
  // sale or the end
  const firstMonth = Math.min(...[...lotsByIndex.values()].map((l) => monthOf(assets[l.i].DoA)));
  const closeAt = (lot: Lot, m: number): [number, number] => {
    const p = priceOf(assets[lot.i].ticker) as Series;
    return [lineAt(p, m, today)[0], rate(lot.currency, m)[0]];
  };
  const receiptFor = (range: RangeKey): Receipt | null => {
    if (!anyPriced || !(firstMonth <= end)) return null;
    const inception = firstMonth - 1;
    const raw = range === "All" ? inception : range === "YTD" ? Math.floor(end / 12) * 12 - 1 : end - (range === "1Y" ? 12 : 36);
    const b = Math.max(raw, inception);
    const r: Receipt = { startValue: 0, purchases: 0, sales: 0, priceGain: 0, fxEffect: 0, dividends: 0, fees: 0, endValue: 0 };
    for (const lot of lotsByIndex.values()) {
      if (lot.entry > end || assets[lot.i].quantity === 0) continue;
      const a = assets[lot.i];
      const F = factorAfter(a.ticker, a.DoA);
      const entered = lot.entry <= b;
      const [p0, r0] = entered ? closeAt(lot, b) : [a.PoA / F, lot.costRate];
      const piece = (n: number, p1: number, r1: number) => {
        if (entered) r.startValue += n * p0 * r0;
        r.priceGain += n * (p1 - p0) * r1;
        r.fxEffect += n * p0 * (r1 - r0);
      };
      if (!entered) r.purchases += lot.bought === 0 ? 0 : (lot.cost * lot.countedShares) / lot.bought;
      const [pEnd, rEnd] = closeAt(lot, end);
      if (left[lot.i] > 0) {
        piece(left[lot.i], pEnd, rEnd);
        r.endValue += left[lot.i] * pEnd * rEnd;
      }
      for (const p of lot.pieces) {
        const sale = sold.get(p.sale) as Sold;
        if (sale.month <= b) continue;
        const s = assets[p.sale];
        piece(p.shares, s.PoA / factorAfter(s.ticker, s.DoA), sale.rate);
      }
      r.dividends += dividendsOf(lot, b);
    }
    for (const sale of sold.values())
      if (sale.month > b) {
        r.sales += sale.proceeds;
        r.fees += sale.fee;
      }
    return r;
  };

  return {
    value: anyPriced ? value : 0,
    marketValue: anyPriced ? marketValue : null,
    dividends: anyPriced ? dividends : null,
    profitLoss,
    profitLossPercent: profitLoss === null || invested === 0 ? null : (profitLoss / invested) * 100,
    unrealizedProfitLoss: anyPriced ? unrealized : null,
    realizedProfitLoss: anyPriced ? realized : null,
    pricesAsOf,
    valuationDate,
    stale: [...stale].sort(),
    unpriced: [...unpriced].map(([ticker, reason]) => ({ ticker, reason })).sort((x, y) => (x.ticker < y.ticker ? -1 : 1)),
    staleRates,
    unmatched: unmatched.sort((x, y) => x - y),
    assets: out,
    receipt: { All: receiptFor("All"), YTD: receiptFor("YTD"), "1Y": receiptFor("1Y"), "3Y": receiptFor("3Y") },
  };
}
