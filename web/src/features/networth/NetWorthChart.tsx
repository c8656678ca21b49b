import type { ApexOptions } from "apexcharts";
import { Chart } from "../../components/Chart.tsx";
import { wholeMoney } from "../../lib/chartAxis.ts";
import { formatMoney } from "../../lib/format.ts";
import { COLORS } from "../../lib/palette.ts";
import { type NetWorthBar, otherCurrencyRuns } from "./netWorthBars.ts";

/**
 * Net worth per week as bars, the last labelled 'Now'; amounts in `currency` (the user's base currency). Weeks
 * computed in another currency (before a base-currency change) are not drawn on this currency's axis: they stay
 * in the table in their own currency, and a note under the chart says which weeks and what they were.
 */
export function NetWorthChart({ bars, currency = "USD" }: { bars: NetWorthBar[]; currency?: string }) {
  if (bars.length === 0) return <p className="muted">Your net-worth history starts with your first computed value.</p>;
  const others = otherCurrencyRuns(bars, currency);
  const options: ApexOptions = {
    chart: { toolbar: { show: false }, animations: { enabled: false } },
    xaxis: { categories: bars.map((bar) => bar.label) },
    // the axis in whole units; the tooltip and the table keep the cents
    yaxis: { labels: { formatter: (value: number) => wholeMoney(value, currency) } },
    dataLabels: { enabled: false },
    colors: [COLORS.primary],
    plotOptions: { bar: { borderRadius: 3 } },
    tooltip: { y: { formatter: (value: number) => formatMoney(value, currency) } },
  };
  return (
    <>
      <Chart
        type="bar"
        label="Net worth by week"
        series={[{ name: "Net worth", data: bars.map((bar) => (bar.currency === currency ? bar.value : null)) }]}
        options={options}
        table={
          <table>
            <thead>
              <tr>
                <th scope="col">Week</th>
                <th scope="col">Net worth</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <td>{bar.label}</td>
                  <td>{formatMoney(bar.value, bar.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      {others.length > 0 && (
        <p className="muted networth-other-currency">
          Weeks computed in another base currency are not drawn in {currency}:{" "}
          {others
            .map(
              (run) =>
                `${run.from === run.to ? run.from : `${run.from} to ${run.to}`} in ${run.currency} (last ${formatMoney(run.last, run.currency)})`,
            )
            .join("; ")}
          .
        </p>
      )}
    </>
  );
}
