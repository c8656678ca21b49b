import { type ReactNode, useId } from "react";
import type { Valuation } from "../../app/apiTypes.ts";
import { formatMoney } from "../../lib/format.ts";
import { formatReturn, TOTAL_RETURN_LABEL } from "../../lib/totalReturn.ts";
import type { PortfolioFigures } from "./assetFigures.ts";
import { useNow } from "./timers.ts";
import { type FormatGains, formatFees, gainText, minutesUntilUpdate, percentOrNA } from "./valuationView.ts";

function Stat({ label, children, note }: { label: string; children: ReactNode; note?: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a figure with its label and note is a group of text, not a form's fieldset
    <div className="stat" role="group" aria-labelledby={id}>
      <span className="stat-label" id={id}>
        {label}
      </span>
      <span className="stat-value">{children}</span>
      {note && <div className="stat-note">{note}</div>}
    </div>
  );
}

interface SummaryProps {
  figures: PortfolioFigures;
  fees: number | null;
  formatGains: FormatGains;
  /** the owner switches how gains show; others see the portfolio's choice */
  onFormatGains?: (formatGains: FormatGains) => void;
  lastRefreshed: string | null;
}

/** Market value, cost, profit/loss (as '$' or '%'), weighted fees and when prices refresh next. */
export function PortfolioSummary({ figures, fees, formatGains, onFormatGains, lastRefreshed }: SummaryProps) {
  const gain = gainText(figures.profitLoss, figures.profitLossPercent, formatGains);
  const sign = figures.profitLoss ? Math.sign(figures.profitLoss) : 0;
  return (
    <section className="stats" aria-label="Summary">
      <Stat label="Market value">
        <span className="money">{figures.marketValue === null ? "NA" : formatMoney(figures.marketValue)}</span>
      </Stat>
      <Stat label="Cost">
        <span className="money">{formatMoney(figures.cost)}</span>
      </Stat>
      <Stat
        // the percent is the one labelled return every screen shows (lib/totalReturn.ts); the other form beside it
        label={formatGains === "%" ? TOTAL_RETURN_LABEL : "Profit/loss"}
        note={
          <>
            <span className="stat-other">
              {formatGains === "%"
                ? `Profit/loss ${figures.profitLoss === null ? "NA" : formatMoney(figures.profitLoss)}`
                : `${TOTAL_RETURN_LABEL} ${formatReturn(figures.profitLossPercent)}`}
            </span>
            {onFormatGains && (
              <fieldset className="segmented small" aria-label="Show gains as">
                {(["$", "%"] as const).map((f) => (
                  <button key={f} type="button" aria-pressed={formatGains === f} onClick={() => onFormatGains(f)}>
                    {f}
                  </button>
                ))}
              </fieldset>
            )}
          </>
        }
      >
        <span className={`money ${sign > 0 ? "gain" : sign < 0 ? "loss" : ""}`}>{gain}</span>
      </Stat>
      <Stat label="Fees" note="a year, weighted by share">
        {fees === null ? "NA" : formatFees(fees)}
      </Stat>
      <NextUpdate lastRefreshed={lastRefreshed} />
    </section>
  );
}

function NextUpdate({ lastRefreshed }: { lastRefreshed: string | null }) {
  const now = useNow(60_000);
  const minutes = minutesUntilUpdate(lastRefreshed, now);
  if (minutes === null) return null;
  return (
    <Stat label="Next price update">
      in {minutes} {minutes === 1 ? "minute" : "minutes"}
    </Stat>
  );
}

/**
 * The two returns side by side, each with its one-line definition: one unexplained percentage is what
 * users distrust, and the two answer different questions.
 */
export function ReturnsPanel({ valuation }: { valuation: Valuation | null }) {
  if (!valuation) return null;
  return (
    <section className="stats returns" aria-label="Returns">
      <Stat label="Time-weighted return (TWR)" note={valuation.definitions.twr}>
        {percentOrNA(valuation.twrPercent)}
      </Stat>
      <Stat label="Money-weighted return (XIRR)" note={valuation.definitions.xirr}>
        {percentOrNA(valuation.xirrPercent)}
      </Stat>
    </section>
  );
}
