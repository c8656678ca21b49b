import { useId, useState } from "react";
import type { Valuation } from "../../app/apiTypes.ts";
import { Chart } from "../../components/Chart.tsx";
import { formatMoney } from "../../lib/format.ts";
import { receiptRanges, signedMoney, waterfallOptions, waterfallSeries, waterfallSteps } from "./receiptView.ts";
import type { RangeName } from "./valuationView.ts";

const RANGE_WORDS: Record<RangeName, string> = {
  All: "Since the first purchase",
  YTD: "This year",
  "1Y": "The last year",
  "3Y": "The last 3 years",
};

/**
 * Where the money came from, per range (docs/numbers.md "The return receipt"): start + purchases − sales + price gain
 * + currency = end, as a small waterfall, with the dividends received and the sales' fees beside it, and one
 * sentence on why the time-weighted and money-weighted returns differ over the range (the server's).
 */
export function ReturnReceipt({ valuation }: { valuation: Valuation | null }) {
  const ranges = receiptRanges(valuation);
  const [wanted, setWanted] = useState<RangeName>("All");
  const id = useId();
  if (!valuation || ranges.length === 0) return null;
  const range = ranges.includes(wanted) ? wanted : ranges[0];
  const receipt = valuation.receipt?.[range];
  if (!receipt) return null;
  const currency = valuation.baseCurrency ?? "USD";
  const steps = waterfallSteps(receipt);
  const note = valuation.ranges[range]?.returnsNote;
  // under price return the dividends are shown but counted nowhere (docs/numbers.md "One definition of return")
  const dividends = valuation.returnBasis === "price" ? 0 : receipt.dividends;
  return (
    <section className="card chart-card receipt-card" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <h2 id={`${id}-title`}>Where the money came from</h2>
        <fieldset className="segmented ranges" aria-label="Receipt range">
          {ranges.map((name) => (
            <button key={name} type="button" aria-pressed={name === range} onClick={() => setWanted(name)}>
              {name}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="muted small receipt-sum">
        {RANGE_WORDS[range]}: {formatMoney(receipt.startValue, currency)} at the start {signedMoney(receipt.purchases, currency)} bought{" "}
        {signedMoney(-receipt.sales, currency)} sold {signedMoney(receipt.priceGain, currency)} price{" "}
        {signedMoney(receipt.fxEffect, currency)} currency = {formatMoney(receipt.endValue, currency)} at the end.
      </p>
      <div className="receipt-body">
        <Chart
          type="rangeBar"
          height={220}
          label={`Where the money came from, ${RANGE_WORDS[range].toLowerCase()}`}
          series={waterfallSeries(steps)}
          options={waterfallOptions(steps, currency)}
          table={
            <table>
              <caption>Return receipt, {range}</caption>
              <tbody>
                {steps.map((s) => (
                  <tr key={s.label}>
                    <th scope="row">{s.label}</th>
                    <td>{s.kind === "level" ? formatMoney(s.amount, currency) : signedMoney(s.amount, currency)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Dividends received</th>
                  <td>{formatMoney(receipt.dividends, currency)}</td>
                </tr>
                <tr>
                  <th scope="row">Fees of sales</th>
                  <td>{formatMoney(receipt.fees, currency)}</td>
                </tr>
              </tbody>
            </table>
          }
        />
        <dl className="receipt-beside">
          <div>
            <dt>Dividends received</dt>
            <dd className="money gain">{signedMoney(receipt.dividends, currency)}</dd>
          </div>
          <div>
            <dt>Fees of sales</dt>
            <dd className={`money ${receipt.fees > 0.005 ? "loss" : ""}`}>{signedMoney(-receipt.fees, currency)}</dd>
          </div>
          <div>
            <dt>Gain in the range</dt>
            <dd className="money">{signedMoney(receipt.priceGain + receipt.fxEffect + dividends - receipt.fees, currency)}</dd>
          </div>
        </dl>
      </div>
      {note && (
        <p className="receipt-note" role="note">
          {note}
        </p>
      )}
    </section>
  );
}
