import "./holdings.css";
import type { ApexOptions } from "apexcharts";
import { Chart } from "../../components/Chart.tsx";
import { formatMoney, formatPercent } from "../../lib/format.ts";
import { tickerColors } from "../../lib/tickerColors.ts";
import { type HoldingRow, holdingsPie, topSlices } from "./holdings.ts";
import { VALUING } from "./valuingText.ts";

/** Spec §9: the pie chart has five slices (the largest four and "Other"); each ticker keeps its own colour. */
export const PIE_SLICES = 5;

/** Holdings by the server's market value across every portfolio; assets still being valued are not in it. */
export function HoldingsPie({ rows, currency = "USD" }: { rows: HoldingRow[]; currency?: string }) {
  const all = holdingsPie(rows);
  const valuing = rows.some((row) => row.status === "valuing");
  if (all.length === 0) return <p className="muted">{valuing ? VALUING : "No holding has a price yet."}</p>;
  const slices = topSlices(all, PIE_SLICES);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const share = (value: number) => formatPercent(Math.round((value / total) * 10000) / 100);
  const options: ApexOptions = {
    labels: slices.map((slice) => slice.ticker),
    colors: tickerColors(slices.map((slice) => slice.ticker)),
    legend: { position: "bottom" },
    tooltip: { y: { formatter: (value: number) => formatMoney(value, currency) } },
    chart: { animations: { enabled: false } },
  };
  return (
    <div>
      <Chart
        type="pie"
        label="Holdings by market value"
        series={slices.map((slice) => slice.value)}
        options={options}
        table={
          <table>
            <thead>
              <tr>
                <th scope="col">Holding</th>
                <th scope="col">Market value</th>
                <th scope="col">Share</th>
              </tr>
            </thead>
            <tbody>
              {slices.map((slice) => (
                <tr key={slice.ticker}>
                  <td>{slice.ticker}</td>
                  <td>{formatMoney(slice.value, currency)}</td>
                  <td>{share(slice.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      {valuing && <p className="muted small">Not in it yet: assets still being valued.</p>}
    </div>
  );
}
