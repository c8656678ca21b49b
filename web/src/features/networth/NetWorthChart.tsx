import type { ApexOptions } from "apexcharts";
import { Chart } from "../../components/Chart.tsx";
import { wholeMoney } from "../../lib/chartAxis.ts";
import { formatMoney } from "../../lib/format.ts";
import { COLORS } from "../../lib/palette.ts";
import type { NetWorthBar } from "./netWorthBars.ts";

/** Net worth per week as bars, the last labelled 'Now'; amounts in `currency` (the user's base currency). */
export function NetWorthChart({ bars, currency = "USD" }: { bars: NetWorthBar[]; currency?: string }) {
  if (bars.length === 0) return <p className="muted">Your net-worth history starts with your first computed value.</p>;
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
    <Chart
      type="bar"
      label="Net worth by week"
      series={[{ name: "Net worth", data: bars.map((bar) => bar.value) }]}
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
                <td>{formatMoney(bar.value, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
