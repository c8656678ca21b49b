import { useId, useState } from "react";
import type { RangeReturn, Valuation } from "../../app/apiTypes.ts";
import { Chart } from "../../components/Chart.tsx";
import { currencySymbol, formatMoney, formatPercent } from "../../lib/format.ts";
import type { Share } from "./assetFigures.ts";
import { barOptions, lineOptions, pieOptions } from "./chartOptions.ts";
import {
  BENCHMARKS,
  benchmarkName,
  chartRanges,
  type FormatGains,
  formatMonth,
  gainText,
  lineChartData,
  percentOrNA,
  pickedBenchmark,
  type RangeName,
  shownRange,
  whatIfName,
} from "./valuationView.ts";
import { percentLineData, type ValueUnit } from "./valueChartPercent.ts";

// The charts load their library on demand, in its own chunk (components/Chart.tsx).

type View = "portfolio" | "benchmark";

interface ValueChartProps {
  valuation: Valuation | null;
  portfolioName: string;
  indexTicker: string;
  /** the owner may pick the benchmark; others see which one it is */
  onPickBenchmark?: (ticker: string) => void;
  pickingBenchmark?: boolean;
}

/** Line chart of the portfolio's value against the chosen index, per range (YTD, 1Y, 3Y, All). */
export function ValueChart({ valuation, portfolioName, indexTicker, onPickBenchmark, pickingBenchmark }: ValueChartProps) {
  const [wanted, setWanted] = useState<RangeName>("All");
  const [view, setView] = useState<View>("benchmark");
  const [unit, setUnit] = useState<ValueUnit>("$");
  const pickerId = useId();
  const ranges = chartRanges(valuation);
  const rangeName = shownRange(ranges, wanted);
  const range = rangeName && valuation ? valuation.ranges[rangeName] : null;
  // the portfolio's own choice first: the valuation catches up with it after the re-read
  const picked = pickedBenchmark(BENCHMARKS.some((b) => b.ticker === indexTicker) ? indexTicker : (valuation?.indexTicker ?? ""));
  // the line is labelled with what it is: the same purchases in the index, total or price return
  const indexName = valuation?.indexName || benchmarkName(picked);
  const lineName = range?.benchmarkWhatIf ? whatIfName(range.benchmarkWhatIf.label) : (range?.benchmark?.label ?? indexName);

  return (
    <section className="card chart-card value-chart" aria-labelledby={`${pickerId}-title`}>
      <div className="chart-head">
        <h2 id={`${pickerId}-title`}>Value</h2>
        <fieldset className="segmented" aria-label="Chart view">
          {(["portfolio", "benchmark"] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
              {v === "portfolio" ? "Portfolio" : "Benchmark"}
            </button>
          ))}
        </fieldset>
        {onPickBenchmark ? (
          <label className="inline-field" htmlFor={pickerId}>
            <span>Benchmark index</span>
            <select id={pickerId} value={picked} disabled={pickingBenchmark} onChange={(e) => onPickBenchmark(e.target.value)}>
              {BENCHMARKS.map((b) => (
                <option key={b.ticker} value={b.ticker}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="muted">Benchmark: {indexName}</span>
        )}
      </div>
      {ranges.length > 0 && (
        <div className="chart-controls">
          <fieldset className="segmented ranges" aria-label="Range">
            {ranges.map((name) => (
              <button key={name} type="button" aria-pressed={name === rangeName} onClick={() => setWanted(name)}>
                {name}
              </button>
            ))}
          </fieldset>
          {/* money, or the return since the range's start: the fair comparison for a portfolio that kept buying */}
          {range?.twrSeries && (
            <fieldset className="segmented" aria-label="Show the value chart as">
              {(["$", "%"] as const).map((u) => (
                <button key={u} type="button" aria-pressed={unit === u} onClick={() => setUnit(u)}>
                  {u === "$" ? `Value ${currencySymbol(valuation?.baseCurrency ?? "USD")}` : "Return %"}
                </button>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {range ? (
        <>
          <LineChart
            range={range}
            portfolioName={portfolioName}
            indexName={view === "benchmark" ? lineName : null}
            unit={unit}
            currency={valuation?.baseCurrency ?? "USD"}
          />
          <p className="chart-note">
            {portfolioName}: <strong>{percentOrNA(range.profitLossPercent)}</strong> time-weighted over {rangeLabel(range.range)}
            {view === "benchmark" && range.benchmarkWhatIf ? (
              <>
                {" "}
                · {lineName}: <strong>{percentOrNA(range.benchmarkWhatIf.profitLossPercent)}</strong> time-weighted
              </>
            ) : (
              view === "benchmark" &&
              range.benchmark && (
                <>
                  {" "}
                  · {lineName}: <strong>{percentOrNA(range.benchmark.returnPercent)}</strong>
                </>
              )
            )}
          </p>
        </>
      ) : (
        <p className="muted empty">The value chart appears once the portfolio has prices for at least two months.</p>
      )}
    </section>
  );
}

function rangeLabel(range: RangeName): string {
  return range === "All" ? "all time" : range === "YTD" ? "the year to date" : `the last ${range === "1Y" ? "year" : "3 years"}`;
}

interface LineChartProps {
  range: RangeReturn;
  portfolioName: string;
  indexName: string | null;
  unit: ValueUnit;
  /** the currency of the amounts: the valuation's base currency */
  currency: string;
}

function LineChart({ range, portfolioName, indexName, unit, currency }: LineChartProps) {
  const percent = unit === "%" ? percentLineData(range, portfolioName, indexName) : null;
  const data = percent ?? lineChartData(range, portfolioName, indexName);
  const shown = percent ? "%" : "$";
  const format = (value: number) => (shown === "%" ? formatPercent(value) : formatMoney(value, currency));
  return (
    <Chart
      type="line"
      height={300}
      label="Portfolio value chart"
      series={data.series}
      options={lineOptions(data, shown, currency)}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {data.series.map((line) => (
                <th key={line.name} scope="col">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.months.map((month, i) => (
              <tr key={month}>
                <td>{formatMonth(month)}</td>
                {data.series.map((line) => {
                  const value = line.data[i];
                  return <td key={line.name}>{value === null || value === undefined ? "NA" : format(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** Pie chart of the assets' shares of the market value. */
export function SharesChart({ shares }: { shares: Share[] }) {
  return (
    <section className="card chart-card" aria-label="Shares">
      <h2>Shares</h2>
      {shares.length > 0 ? (
        <Chart
          type="pie"
          height={280}
          label="Asset shares chart"
          series={shares.map((s) => s.percent)}
          options={pieOptions(shares)}
          table={
            <table>
              <thead>
                <tr>
                  <th scope="col">Ticker</th>
                  <th scope="col">Share</th>
                </tr>
              </thead>
              <tbody>
                {shares.map((s) => (
                  <tr key={s.ticker}>
                    <td>{s.ticker}</td>
                    <td>{formatPercent(s.percent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      ) : (
        <p className="muted empty">Shares show once the assets have prices.</p>
      )}
    </section>
  );
}

/** Profit/loss bar per period (the chart ranges), as amounts or percents per formatGains. */
export function ProfitLossChart({ valuation, formatGains }: { valuation: Valuation | null; formatGains: FormatGains }) {
  const bars = valuation?.profitLossBars ?? [];
  const currency = valuation?.baseCurrency ?? "USD";
  const data = {
    categories: bars.map((b) => b.period),
    values: bars.map((b) => (formatGains === "%" ? b.profitLossPercent : b.profitLoss)),
  };
  return (
    <section className="card chart-card" aria-label="Profit/loss per period">
      <h2>Profit/loss per period</h2>
      {bars.length > 0 ? (
        <Chart
          type="bar"
          height={260}
          label="Profit/loss per period chart"
          series={[{ name: "Profit/loss", data: data.values }]}
          options={barOptions(data, formatGains, currency)}
          table={
            <table>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Profit/loss</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((b) => (
                  <tr key={b.period}>
                    <td>{b.period}</td>
                    <td>{gainText(b.profitLoss, b.profitLossPercent, formatGains, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
      ) : (
        <p className="muted empty">Profit and loss per period show once the portfolio has a price history.</p>
      )}
    </section>
  );
}
