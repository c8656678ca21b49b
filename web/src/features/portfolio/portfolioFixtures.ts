/** Server replies for the portfolio screen's tests: a valuation shaped as proto's Valuation. */
import type { Asset, HistoricalPeriod, Portfolio, RangeReturn, SaveBody, Valuation } from "../../app/apiTypes.ts";
import { withoutFigures } from "./portfolioModel.ts";
import type { RangeName } from "./valuationView.ts";

/** An asset's valuation for another quantity of the same lot: every amount is shares × a price × a rate. */
function scaled(asset: Asset, quantity: number): Asset {
  if (typeof asset.shares !== "number" || asset.quantity === 0) return asset;
  const k = quantity / asset.quantity;
  const times = (x: number | null | undefined) => (typeof x === "number" ? x * k : x);
  return {
    ...asset,
    shares: asset.shares * k,
    marketValue: times(asset.marketValue),
    cost: times(asset.cost),
    dividends: times(asset.dividends),
    profitLoss: times(asset.profitLoss),
  };
}

export const TWR_DEFINITION = "Growth of the money invested, month by month, with purchases not counted as gains.";
export const XIRR_DEFINITION = "The yearly rate that turns your purchases into today's value, counting when each was made.";

/** Months from `from` (YYYY-MM), `count` of them. */
export function months(from: string, count: number): string[] {
  const [y, m] = from.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const month = m - 1 + i;
    return `${y + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, "0")}`;
  });
}

export function rangeFixture(range: RangeName, values: number[], first: string, benchmark: number[] | null = null): RangeReturn {
  const keys = months(first, values.length);
  const startValue = 0;
  const value = values.at(-1) ?? 0;
  return {
    range,
    base: null,
    end: keys.at(-1) ?? first,
    startValue,
    value,
    netPurchases: values[0] ?? 0,
    profitLoss: value - (values[0] ?? 0),
    profitLossPercent: values[0] ? ((value - values[0]) / values[0]) * 100 : null,
    profitLossView: "",
    series: { months: keys, values },
    benchmark: benchmark
      ? {
          ticker: "SPY",
          start: first,
          startValue: values[0] ?? 0,
          series: { months: keys.slice(keys.length - benchmark.length), values: benchmark },
          returnPercent: ((benchmark.at(-1) ?? 0) / (benchmark[0] ?? 1) - 1) * 100,
        }
      : null,
  };
}

export function periodFixture(overrides: Partial<HistoricalPeriod> = {}): HistoricalPeriod {
  return {
    name: "2008 Crash",
    from: "2007-10",
    to: "2009-02",
    returnPercent: -45.5,
    startValue: 4200,
    endValue: 2289,
    series: { months: ["2007-10", "2009-02"], values: [4200, 2289] },
    weights: { BND: 100 },
    excluded: [],
    ...overrides,
  };
}

export function valuationFixture(overrides: Partial<Valuation> = {}): Valuation {
  return {
    valuationDate: "2024-06-28",
    value: 3950,
    marketValue: 4200,
    profitLoss: 250,
    profitLossPercent: 6.33,
    profitLossView: "$250.00",
    ranges: {
      All: rangeFixture("All", [3950, 4000, 4100, 4050, 4150, 4200], "2024-01", [3950, 3990, 4020, 4080, 4100, 4160]),
      YTD: rangeFixture("YTD", [4100, 4050, 4150, 4200], "2024-03", [4100, 4120, 4130, 4190]),
      // one month only: no line to draw
      "1Y": rangeFixture("1Y", [4200], "2024-06"),
      "3Y": null,
    },
    profitLossBars: [
      { period: "All", profitLoss: 250, profitLossPercent: 6.33, profitLossView: "$250.00" },
      { period: "YTD", profitLoss: -40, profitLossPercent: -1, profitLossView: "-$40.00" },
    ],
    twrPercent: 6.25,
    xirrPercent: 13.5,
    definitions: { twr: TWR_DEFINITION, xirr: XIRR_DEFINITION },
    indexTicker: "SPY",
    indexName: "S&P 500",
    periods: [
      periodFixture({
        name: "All",
        from: "2024-01",
        to: "2024-06",
        returnPercent: 6.33,
        endValue: 4465.86,
        weights: { VTI: 64.29, BND: 35.71 },
      }),
      periodFixture({ excluded: ["VTI"] }),
    ],
    unpriced: [],
    ...overrides,
  };
}

export function portfolioReply(data: Portfolio, valuation: Valuation | null = null, { notOwner = false, hasUpdates = false } = {}) {
  return { body: { data, valuation, has_updates: hasUpdates, state: { notOwner, isAdmin: false } } };
}

/**
 * A stand-in for the portfolio service's get and save: a save makes a new revision of what was sent, and
 * the next get returns it (with `valuation` as given), as the real service does.
 */
export function fakePortfolioServer(initial: Portfolio, valuation: Valuation | null = null) {
  let current = initial;
  return {
    get current() {
      return current;
    },
    get: () => portfolioReply(current, valuation),
    save: (call: { body: unknown }) => {
      const input = (call.body as SaveBody).portfolio;
      current = {
        ...current,
        assets: input.assets.map((a, index) => {
          const quantity = Number(a.quantity) || 0;
          const old = current.assets.find((o) => o.ticker === a.ticker);
          // the same lot keeps its valuation, in proportion to the quantity as the engine's is; another date or
          // price is another lot, which this stand-in cannot value
          const known = old && old.DoA === a.DoA && old.PoA === a.PoA ? scaled(old, quantity) : old && withoutFigures(old);
          return {
            ...known,
            ticker: a.ticker,
            name: a.name ?? "",
            quantity,
            PoA: a.PoA,
            DoA: a.DoA,
            value: quantity * a.PoA,
            fee: a.fee ?? null,
            assetClass: a.assetClass ?? "",
            initialPercent: a.initialPercent ?? null,
            index,
          };
        }),
        formatGains: input.formatGains ?? current.formatGains,
        autoSave: input.autoSave ?? current.autoSave,
        rev: current.rev + 1,
      };
      return { body: { message: "pupdated", data: current } };
    },
    settings: (call: { body: unknown }) => {
      const { settings } = call.body as { settings: Partial<Portfolio> };
      current = { ...current, ...settings, rev: current.rev + 1 };
      return { body: { message: "pupdated" } };
    },
  };
}
