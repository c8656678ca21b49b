/**
 * An independent calculator of a portfolio's figures, written from the README ("The CSV folder", "How the
 * numbers are computed": Dates, Splits, Dividends received, Currencies, Per asset, Portfolio totals, Stale,
 * unpriced and rates), reading a market-data folder's CSV text itself. It shares no code with the pricing
 * service or the valuation engine, so a bug there is not repeated here; tests compare what every screen
 * serves with what this computes.
 *
 * Not computed here: the month-by-month series, TWR, XIRR, the benchmark and the backtests (the engine's own
 * tests check those against hand-worked and published figures).
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
}

export interface AssetFigures {
  shares: number;
  cost: number | null;
  marketValue: number | null;
  dividends: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  staleReason: "out-of-date" | null;
}

export interface Figures {
  value: number;
  marketValue: number | null;
  dividends: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  pricesAsOf: string | null;
  stale: string[];
  unpriced: Array<{ ticker: string; reason: "unknown-ticker" | "no-exchange-rate" }>;
  /** the stale rates of the market values, by pair: the month they are of */
  staleRates: Record<string, string>;
  assets: AssetFigures[];
}

/** README "How the numbers are computed", for a portfolio valued on `today` in `base` (total return). */
export function valueByTheReadme(folder: MarketFolder, assets: readonly Asset[], base: string, today: string): Figures {
  const priceOf = (t: string) => folder.series(t);
  const rateSeries = (c: string) => (c === base ? null : folder.series(`${c}${base}=X`));
  const held = assets.filter((a) => a.DoA <= today);
  // pricesAsOf: the newest price date among the held assets that have a price; the valuation date after it
  let pricesAsOf: string | null = null;
  let lastPurchase = "";
  for (const a of held) {
    const p = priceOf(a.ticker);
    if (!p) continue;
    const date = p.asOf < today ? p.asOf : today;
    if (pricesAsOf === null || date > pricesAsOf) pricesAsOf = date;
    if (a.DoA > lastPurchase) lastPurchase = a.DoA;
  }
  const valuationDate = pricesAsOf === null ? today : lastPurchase > pricesAsOf ? lastPurchase : pricesAsOf;
  const end = monthOf(valuationDate);
  const start = Math.min(monthOf("2000-03-01"), ...held.map((a) => monthOf(a.DoA)));
  const rate = (c: string, m: number): [number, number] => {
    const r = rateSeries(c);
    if (c === base) return [1, m];
    if (!r) return [Number.NaN, -1];
    return lineAt(r, m, today);
  };

  const out: AssetFigures[] = [];
  const unpriced = new Map<string, "unknown-ticker" | "no-exchange-rate">();
  const staleRates: Record<string, string> = {};
  for (const a of assets) {
    const p = priceOf(a.ticker);
    const splits = p?.splits ?? [];
    const factor = splits.filter(([d]) => d > a.DoA).reduce((f, [, r]) => f * r, 1);
    const shares = a.quantity * factor;
    const none: AssetFigures = {
      shares,
      cost: null,
      marketValue: null,
      dividends: null,
      profitLoss: null,
      profitLossPercent: null,
      staleReason: null,
    };
    if (a.DoA > today) {
      out.push(none);
      continue;
    }
    if (!p) {
      unpriced.set(a.ticker, "unknown-ticker");
      out.push(none);
      continue;
    }
    const priceDate = p.asOf < today ? p.asOf : today;
    const staleReason = pricesAsOf && dayNumber(pricesAsOf) - dayNumber(priceDate) > 7 ? "out-of-date" : null;
    const doaMonth = monthOf(a.DoA);
    const [costRate] = rate(p.currency, Math.min(doaMonth, end));
    const [endRate, endRateMonth] = rate(p.currency, end);
    if (Number.isNaN(costRate) || Number.isNaN(endRate) || doaMonth > end) {
      unpriced.set(a.ticker, "no-exchange-rate");
      out.push({ ...none, cost: Number.isNaN(costRate) ? null : a.quantity * a.PoA * costRate, staleReason });
      continue;
    }
    const cost = a.quantity * a.PoA * costRate;
    const marketValue = shares * p.latestPrice * endRate;
    if (p.currency !== base && endRateMonth < end) staleRates[`${p.currency}${base}=X`] = monthKey(endRateMonth);
    // the month the lot enters: its purchase month, or the first month with both a close and a rate
    let first = start;
    while (first <= end && (Number.isNaN(lineAt(p, first, today)[0]) || Number.isNaN(rate(p.currency, first)[0]))) first++;
    const entry = Math.max(doaMonth, first);
    let received = 0;
    for (const [d, amount] of p.dividends) {
      const m = monthOf(d);
      if (d <= a.DoA || d > valuationDate || m < entry || m < start) continue;
      const r = rate(p.currency, m)[0];
      if (!Number.isNaN(r)) received += amount * r;
    }
    const dividends = shares * received;
    const profitLoss = marketValue + dividends - cost;
    out.push({
      shares,
      cost,
      marketValue,
      dividends,
      profitLoss,
      profitLossPercent: cost === 0 ? null : (profitLoss / cost) * 100,
      staleReason,
    });
  }
  let value = 0;
  let marketValue = 0;
  let dividends = 0;
  let priced = 0;
  const stale = new Set<string>();
  assets.forEach((a, i) => {
    const f = out[i];
    if (f.marketValue === null || f.cost === null) return;
    priced++;
    value += f.cost;
    marketValue += f.marketValue;
    dividends += f.dividends ?? 0;
    if (f.staleReason) stale.add(a.ticker);
  });
  const profitLoss = priced === 0 ? null : marketValue + dividends - value;
  return {
    value: priced === 0 ? 0 : value,
    marketValue: priced === 0 ? null : marketValue,
    dividends: priced === 0 ? null : dividends,
    profitLoss,
    profitLossPercent: profitLoss === null || value === 0 ? null : (profitLoss / value) * 100,
    pricesAsOf,
    stale: [...stale].sort(),
    unpriced: [...unpriced].map(([ticker, reason]) => ({ ticker, reason })).sort((x, y) => (x.ticker < y.ticker ? -1 : 1)),
    staleRates,
    assets: out,
  };
}
