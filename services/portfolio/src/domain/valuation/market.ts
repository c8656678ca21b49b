/**
 * The market a valuation reads, laid on one month axis: the dates (prices as of, valuation date), each
 * instrument's closes, exchange rates and dividends in the base currency, and its growth line. Built once
 * per valuation from plain inputs; every later step is index arithmetic on these typed arrays.
 */
import { fxPair } from "@folio/proto/market-rules";
import { daysInMonth, epochDay, isIsoDate, monthKey, parseMonth } from "./months.ts";
import type { Dividend, IsoDate, MarketOptions, MonthKey, RateUsed, ReturnBasis, Split, TickerPrices } from "./types.ts";

/** The first month a fixed historical period needs (the 2002 Crash starts 2000-03). */
export const EARLIEST_PERIOD_START = parseMonth("2000-03");
export const DEFAULT_BASE_CURRENCY = "USD";

/** Yahoo's exchange-rate symbol (proto's market rule): `EURUSD=X` is US dollars per euro. */
export { fxPair };

export const validPrice = (p: unknown): p is number => typeof p === "number" && Number.isFinite(p) && p > 0;

export interface Axis {
  /** month number of position 0: the earlier of the first purchase and 2000-03 */
  start: number;
  /** the valuation month (last position) */
  end: number;
  months: MonthKey[];
  days: Int32Array;
}

/** A price or rate per axis month, carried forward from the last known one; NaN before the first. */
export interface Line {
  /** month number of the first value (the axis start when one from before it is carried in); Infinity when none */
  first: number;
  values: Float64Array;
}

export interface DividendEvent extends Dividend {
  /** days since 1970-01-01 of the ex-date */
  day: number;
  month: number;
  /** amount × rate of the ex-date's month: cash per share in the base currency (NaN without a rate) */
  base: number;
}

export interface Instrument {
  ticker: string;
  currency: string;
  /** the exchange-rate pair it needs; null in the base currency */
  pair: string | null;
  latestPrice: number | null;
  /** date of latestPrice; null without one */
  asOf: IsoDate | null;
  stale: boolean;
  dividendsInCloses: boolean;
  /** valid splits, oldest first */
  splits: Split[];
  /** valid dividends on the axis up to the valuation date, oldest first */
  dividends: DividendEvent[];
  /** closes in the instrument's currency */
  close: Line;
  /** the pair's rates; null in the base currency (rate 1) */
  rate: Line | null;
  /** close × rate: one share's value in the base currency */
  value: Line;
  /** G: value with dividends reinvested at each month's close (total return), or value itself (price return) */
  growth(): Float64Array;
}

/** The price's date: its asOf when it is a date before today, else today. */
export function priceDateOf(p: Pick<TickerPrices, "asOf">, today: IsoDate): IsoDate {
  return isIsoDate(p.asOf) && p.asOf < today ? p.asOf : today;
}

/**
 * pricesAsOf = the latest price date among the held assets with a price (with sales: of the tickers still
 * held, `heldTickers` in upper case; every priced one when all are sold in full); valuationDate = the later of
 * it and the last purchase or sale of a priced ticker, never after today (today when nothing is priced).
 */
export function valuationDates(
  holdings: readonly { ticker: string; DoA: string }[],
  prices: Readonly<Record<string, TickerPrices | undefined>>,
  today: IsoDate,
  heldTickers?: ReadonlySet<string>,
): { pricesAsOf: IsoDate | null; valuationDate: IsoDate } {
  let pricesAsOf: IsoDate | null = null;
  let anyPriced: IsoDate | null = null;
  let lastTrade = "";
  for (const h of holdings) {
    const p = prices[h.ticker];
    if (!p || !validPrice(p.latestPrice) || !isIsoDate(h.DoA) || h.DoA > today) continue;
    const date = priceDateOf(p, today);
    if (anyPriced === null || date > anyPriced) anyPriced = date;
    if ((!heldTickers || heldTickers.has(h.ticker.trim().toUpperCase())) && (pricesAsOf === null || date > pricesAsOf)) pricesAsOf = date;
    if (h.DoA > lastTrade) lastTrade = h.DoA;
  }
  pricesAsOf ??= anyPriced;
  if (pricesAsOf === null) return { pricesAsOf, valuationDate: today };
  return { pricesAsOf, valuationDate: lastTrade > pricesAsOf ? lastTrade : pricesAsOf };
}

/**
 * The last close in `history` before `firstKey`, to carry into the axis; keys compare as text. Histories
 * come in month order, so the scan stops at the first key past `firstKey` while the keys seen were in order.
 * (Object.keys, not for-in: a history of hundreds of months is a dictionary, which for-in walks slowly.)
 */
function closeBefore(history: Record<MonthKey, number>, firstKey: MonthKey): number {
  let best = "";
  let previous = "";
  let ordered = true;
  for (const key of Object.keys(history)) {
    if (key < previous) ordered = false;
    previous = key;
    if (key >= firstKey) {
      if (ordered) break;
      continue;
    }
    if (key > best && key.length === 7 && validPrice(history[key])) best = key;
  }
  return best === "" ? Number.NaN : history[best];
}

/**
 * Lays a history on the axis by looking up each month's key (no key parsing, no sorting), the latest price
 * standing as the close of its asOf month. Months after that are carried, never read: a price is as of its
 * date. The last close before the axis seeds the carry.
 */
export function lay(history: Record<MonthKey, number>, latestPrice: number | null | undefined, asOf: IsoDate | null, axis: Axis): Line {
  const { start, months } = axis;
  const n = months.length;
  const values = new Float64Array(n);
  const asOfMonth = validPrice(latestPrice) && asOf !== null ? parseMonth(asOf) : -1;
  let last = Number.NaN;
  let first = Number.POSITIVE_INFINITY;
  if (asOfMonth >= 0 && asOfMonth < start) {
    last = latestPrice as number;
    first = start;
  } else if (asOfMonth !== start && !validPrice(history[months[0]])) {
    last = closeBefore(history, months[0]);
    if (!Number.isNaN(last)) first = start;
  }
  for (let i = 0; i < n; i++) {
    const m = start + i;
    const close = m === asOfMonth ? latestPrice : asOfMonth >= 0 && m > asOfMonth ? undefined : history[months[i]];
    if (validPrice(close)) {
      last = close;
      if (first === Number.POSITIVE_INFINITY) first = m;
    }
    values[i] = last;
  }
  return { first, values };
}

const noHistory: Record<MonthKey, number> = {};

/** The splits a valuation counts: a calendar ex-date and a ratio > 0, oldest first. */
export function validSplits(splits: TickerPrices["splits"]): Split[] {
  if (!splits || splits.length === 0) return [];
  return splits.filter((s) => isIsoDate(s.date) && validPrice(s.ratio)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export interface MarketInput extends MarketOptions {
  holdings: readonly { ticker: string; DoA: string }[];
  /** with sales: the upper-case tickers still held (sales.ts); absent: every ticker is */
  heldTickers?: ReadonlySet<string>;
  prices: Readonly<Record<string, TickerPrices | undefined>>;
  today: IsoDate;
}

export class Market {
  readonly today: IsoDate;
  readonly pricesAsOf: IsoDate | null;
  readonly valuationDate: IsoDate;
  /** days since 1970-01-01 of the valuation date */
  readonly valuationDay: number;
  readonly axis: Axis;
  readonly baseCurrency: string;
  readonly basis: ReturnBasis;
  /** the benchmark, laid like an instrument; null without one */
  readonly index: Instrument | null;
  readonly indexName: string | null;
  private readonly prices: MarketInput["prices"];
  private readonly fx: NonNullable<MarketOptions["fx"]>;
  private readonly instruments = new Map<string, Instrument>();
  private readonly rates = new Map<string, Line>();

  constructor(input: MarketInput) {
    if (!isIsoDate(input.today)) throw new RangeError(`today must be a date YYYY-MM-DD, got "${input.today}"`);
    this.today = input.today;
    this.prices = input.prices;
    this.fx = input.fx ?? {};
    this.baseCurrency = input.baseCurrency?.trim() || DEFAULT_BASE_CURRENCY;
    this.basis = input.returnBasis ?? "total";
    const { pricesAsOf, valuationDate } = valuationDates(input.holdings, input.prices, input.today, input.heldTickers);
    this.pricesAsOf = pricesAsOf;
    this.valuationDate = valuationDate;
    this.valuationDay = epochDay(valuationDate);
    const end = parseMonth(valuationDate);
    let first = end;
    for (const h of input.holdings) {
      if (!isIsoDate(h.DoA) || h.DoA > input.today) continue;
      const m = parseMonth(h.DoA);
      if (m < first) first = m;
    }
    const start = Math.min(EARLIEST_PERIOD_START, first);
    const n = end - start + 1;
    const months: MonthKey[] = new Array(n);
    const days = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      months[i] = monthKey(start + i);
      days[i] = daysInMonth(start + i);
    }
    this.axis = { start, end, months, days };
    const index = input.index;
    this.index = index ? this.build(index.ticker, { ...index, latestPrice: index.latestPrice ?? null }) : null;
    this.indexName = index?.name?.trim() || null;
  }

  /** The instrument of a held ticker, laid once per valuation; one without prices has none. */
  instrument(ticker: string): Instrument {
    let found = this.instruments.get(ticker);
    if (!found) {
      found = this.build(ticker, this.prices[ticker]);
      this.instruments.set(ticker, found);
    }
    return found;
  }

  /** The rate line of a currency in the base currency; null for the base currency itself. */
  rateLine(currency: string): Line | null {
    if (currency === this.baseCurrency) return null;
    const pair = fxPair(currency, this.baseCurrency);
    let line = this.rates.get(pair);
    if (!line) {
      const p = this.fx[pair];
      line = p
        ? lay(p.history ?? noHistory, p.latestPrice, validPrice(p.latestPrice) ? priceDateOf(p, this.today) : null, this.axis)
        : this.empty();
      this.rates.set(pair, line);
    }
    return line;
  }

  /**
   * The rate of a currency in the valuation month as a valuation reports it (docs/numbers.md "Stale, unpriced and
   * rates"): the month its value comes from (the latest rate stands for its asOf month; an older month's rate
   * is carried forward), that rate's date when it is the pair's latest, and whether it is stale. Null for the
   * base currency and when the pair has no rate by then.
   */
  rateUsed(currency: string): RateUsed | null {
    const line = this.rateLine(currency);
    if (!line) return null;
    const { start, end, months } = this.axis;
    const rate = line.values[end - start];
    if (Number.isNaN(rate)) return null;
    const pair = fxPair(currency, this.baseCurrency);
    const p = this.fx[pair] as TickerPrices;
    const latest = validPrice(p.latestPrice) ? p.latestPrice : null;
    const asOf = latest !== null ? priceDateOf(p, this.today) : null;
    const asOfMonth = asOf !== null ? parseMonth(asOf) : Number.POSITIVE_INFINITY;
    // the month the value was laid from: the latest rate's month, else the last month with a close of its own
    let month = Math.min(end, asOfMonth);
    if (month !== asOfMonth) {
      while (month >= start && !validPrice(p.history?.[months[month - start]])) month--;
      if (month < start) month = Math.min(line.first, end);
    }
    const served = p.stale === true;
    return {
      pair,
      rate,
      month: monthKey(month),
      asOf: month === asOfMonth ? asOf : null,
      stale: served ? "last-known" : month < end ? "out-of-date" : null,
    };
  }

  private empty(): Line {
    return { first: Number.POSITIVE_INFINITY, values: new Float64Array(this.axis.months.length).fill(Number.NaN) };
  }

  private build(ticker: string, p: TickerPrices | undefined): Instrument {
    const axis = this.axis;
    const latestPrice = p && validPrice(p.latestPrice) ? p.latestPrice : null;
    const asOf = p && latestPrice !== null ? priceDateOf(p, this.today) : null;
    const currency = p?.currency?.trim() || DEFAULT_BASE_CURRENCY;
    const close = p ? lay(p.history ?? noHistory, latestPrice, asOf, axis) : this.empty();
    const rate = this.rateLine(currency);
    let value = close;
    if (rate) {
      const values = new Float64Array(close.values.length);
      let first = Number.POSITIVE_INFINITY;
      for (let i = 0; i < values.length; i++) {
        values[i] = close.values[i] * rate.values[i];
        if (first === Number.POSITIVE_INFINITY && !Number.isNaN(values[i])) first = axis.start + i;
      }
      value = { first, values };
    }
    const dividends: DividendEvent[] = [];
    for (const d of p?.dividends ?? []) {
      if (!isIsoDate(d.date) || !validPrice(d.amount) || d.date > this.valuationDate) continue;
      const month = parseMonth(d.date);
      if (month < axis.start) continue;
      const r = rate ? rate.values[month - axis.start] : 1;
      dividends.push({ date: d.date, amount: d.amount, day: epochDay(d.date), month, base: d.amount * r });
    }
    dividends.sort((a, b) => a.day - b.day);
    const basis = this.basis;
    let growth: Float64Array | undefined;
    return {
      ticker,
      currency,
      pair: rate ? fxPair(currency, this.baseCurrency) : null,
      latestPrice,
      asOf,
      stale: p?.stale === true,
      dividendsInCloses: p?.dividendsInCloses === true,
      splits: validSplits(p?.splits),
      dividends,
      close,
      rate,
      value,
      growth() {
        growth ??= basis === "price" || dividends.length === 0 ? value.values : growthLine(value, dividends, axis);
        return growth;
      },
    };
  }
}

/**
 * G[m] = G[m−1] × (c[m] + d[m]) / c[m−1] from the first value on (G = c there): c the value line, d the
 * month's dividends per share in the base currency, reinvested at the month's close.
 */
function growthLine(value: Line, dividends: readonly DividendEvent[], axis: Axis): Float64Array {
  const c = value.values;
  const n = c.length;
  const perShare = new Float64Array(n);
  for (const d of dividends) if (!Number.isNaN(d.base)) perShare[d.month - axis.start] += d.base;
  const g = new Float64Array(n).fill(Number.NaN);
  const i0 = value.first - axis.start;
  if (!(i0 < n)) return g;
  g[i0] = c[i0];
  for (let i = i0 + 1; i < n; i++) g[i] = (g[i - 1] * (c[i] + perShare[i])) / c[i - 1];
  return g;
}

export function createMarket(input: MarketInput): Market {
  return new Market(input);
}
