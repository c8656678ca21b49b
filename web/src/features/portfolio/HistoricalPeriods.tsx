import type { HistoricalPeriod } from "../../app/apiTypes.ts";
import { formatMoney } from "../../lib/format.ts";
import { formatMonth, percentOrNA } from "./valuationView.ts";

/**
 * The historical return periods (spec §2): today's weights bought at each period's start and held to its
 * end. Assets with no price at the start are left out and named, never given an invented price.
 */
export function HistoricalPeriods({ periods, currency = "USD" }: { periods: HistoricalPeriod[]; currency?: string }) {
  if (periods.length === 0) return null;
  return (
    <section className="card periods" aria-labelledby="historical-returns-title">
      <h2 id="historical-returns-title">Historical returns</h2>
      <p className="muted">What today's mix would have done, bought at the start of each period and held to its end.</p>
      <div className="table-scroll">
        <table className="assets stack">
          <caption className="visually-hidden">Historical returns</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col" className="num">
                Return
              </th>
              <th scope="col" className="num">
                Value at the end
              </th>
              <th scope="col">Left out</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.name}>
                <th scope="row" className="stack-title">
                  {period.name}
                </th>
                <td data-label="From">{formatMonth(period.from)}</td>
                <td data-label="To">{formatMonth(period.to)}</td>
                <td className={`num ${returnClass(period.returnPercent)}`} data-label="Return">
                  {percentOrNA(period.returnPercent)}
                </td>
                <td className="num" data-label="Value at the end">
                  {period.endValue === null ? "NA" : formatMoney(period.endValue, currency)}
                </td>
                <td className="stack-wide" data-label="Left out">
                  {period.excluded.length > 0 ? `${period.excluded.join(", ")} (no price at the start)` : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function returnClass(value: number | null): string {
  if (value === null || value === 0) return "";
  return value > 0 ? "gain" : "loss";
}
