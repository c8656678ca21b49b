import { type ReactNode, useId } from "react";
import type { Valuation } from "../../app/apiTypes.ts";
import { currencySymbol, formatMoney } from "../../lib/format.ts";
import { pricesAsOfNote } from "../../lib/pricesAsOf.ts";
import { staleRatesNote } from "../../lib/staleRates.ts";
import { formatReturn, TOTAL_RETURN_LABEL } from "../../lib/totalReturn.ts";
import { UNPRICED_WORDS, type UnpricedReason } from "../holdings/valuingText.ts";
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
  /** the currency of every amount (the owner's base currency) */
  currency?: string;
  /** the date of the newest price used, shown when older than a day */
  pricesAsOf?: string | null;
  /** which return the figures are ("Total return: …") */
  basis?: string;
}

export { pricesAsOfNote } from "../../lib/pricesAsOf.ts";

/** Market value, cost, profit/loss (as an amount or '%'), dividends received, weighted fees and when prices refresh next. */
export function PortfolioSummary({
  figures,
  fees,
  formatGains,
  onFormatGains,
  lastRefreshed,
  currency = "USD",
  pricesAsOf,
  basis,
}: SummaryProps) {
  const gain = gainText(figures.profitLoss, figures.profitLossPercent, formatGains, currency);
  const sign = figures.profitLoss ? Math.sign(figures.profitLoss) : 0;
  const now = useNow(60_000);
  const asOf = pricesAsOfNote(pricesAsOf, now);
  return (
    <section className="stats" aria-label="Summary">
      <Stat label="Market value" note={asOf}>
        <span className="money">{figures.marketValue === null ? "NA" : formatMoney(figures.marketValue, currency)}</span>
      </Stat>
      <Stat label="Cost">
        <span className="money">{formatMoney(figures.cost, currency)}</span>
      </Stat>
      {figures.dividends > 0 && (
        <Stat label="Dividends received" note="counted in profit/loss">
          <span className="money">{formatMoney(figures.dividends, currency)}</span>
        </Stat>
      )}
      <Stat
        // the percent is the one labelled return every screen shows (lib/totalReturn.ts); the other form beside it
        label={formatGains === "%" ? TOTAL_RETURN_LABEL : "Profit/loss"}
        note={
          <>
            <span className="stat-other">
              {formatGains === "%"
                ? `Profit/loss ${figures.profitLoss === null ? "NA" : formatMoney(figures.profitLoss, currency)}`
                : `${TOTAL_RETURN_LABEL} ${formatReturn(figures.profitLossPercent)}`}
            </span>
            {onFormatGains && (
              <fieldset className="segmented small" aria-label="Show gains as">
                {(["$", "%"] as const).map((f) => (
                  <button key={f} type="button" aria-pressed={formatGains === f} onClick={() => onFormatGains(f)}>
                    {f === "$" ? currencySymbol(currency) : f}
                  </button>
                ))}
              </fieldset>
            )}
          </>
        }
      >
        <span className={`money ${sign > 0 ? "gain" : sign < 0 ? "loss" : ""}`}>{gain}</span>
        {basis && <span className="visually-hidden"> ({basis})</span>}
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
  const roots = valuation.xirrRootsPercent ?? [];
  return (
    <section className="stats returns" aria-label="Returns">
      <Stat label="Time-weighted return (TWR)" note={valuation.definitions.twr}>
        {percentOrNA(valuation.twrPercent)}
      </Stat>
      <Stat
        label="Money-weighted return (XIRR)"
        note={
          <>
            {valuation.definitions.xirr}
            {valuation.xirrMultipleRoots && roots.length > 1 && (
              <span className="xirr-roots"> Rates that fit: {roots.map((r) => percentOrNA(r)).join(", ")}.</span>
            )}
          </>
        }
      >
        {valuation.xirrMultipleRoots ? `${percentOrNA(valuation.xirrPercent)} (ambiguous)` : percentOrNA(valuation.xirrPercent)}
      </Stat>
      {valuation.definitions.basis && (
        <p className="muted small return-basis" role="note">
          {valuation.definitions.basis}
        </p>
      )}
    </section>
  );
}

/** What the figures could not include (missing exchange rates, future purchases …), each in the server's words. */
export function ValuationGaps({ valuation }: { valuation: Valuation | null }) {
  // an unknown ticker is already said above the table; dividends inside closes is a detail of the data
  const gaps = (valuation?.gaps ?? []).filter((g) => g.kind !== "unpriced" && g.kind !== "dividends-in-closes");
  const stale = valuation?.stale ?? [];
  const rates = staleRatesNote(valuation?.rates);
  if (gaps.length === 0 && stale.length === 0 && !rates) return null;
  return (
    <ul className="muted valuation-gaps" aria-label="Not included in the figures">
      {stale.length > 0 && <li>Last known prices, while market data is unavailable: {stale.join(", ")}</li>}
      {rates && <li>{rates}</li>}
      {gaps.map((g) => (
        <li key={`${g.kind}-${g.ticker}-${g.pair ?? ""}-${g.date ?? ""}`}>{g.message}</li>
      ))}
    </ul>
  );
}

/** A valuation that says why each unpriced ticker is (proto Valuation `unpricedReasons`). */
type WithReasons = Valuation & { unpricedReasons?: { ticker: string; reason: UnpricedReason }[] };

interface LeftOutProps {
  totals: PortfolioFigures;
  valuation: Valuation | null;
  /** what values the assets not valued yet: a save on its own (autosave), the playground's valuation, or the user's Save */
  valuedBy: "autosave" | "playground" | "save";
}

/**
 * The assets no figure counts (docs/numbers.md "Gaps"): those the server could not price, and those it has not valued
 * as they stand yet (added or changed since), with what will value them. A missing exchange rate and the like
 * are said in the server's own sentence (ValuationGaps).
 */
export function FiguresLeftOut({ totals, valuation, valuedBy }: LeftOutProps) {
  const explained = new Set((valuation?.gaps ?? []).filter((g) => g.kind !== "unpriced").map((g) => g.ticker));
  // why, when the valuation says (its unpricedReasons)
  const reasons = new Map(((valuation as WithReasons | null)?.unpricedReasons ?? []).map((u) => [u.ticker, UNPRICED_WORDS[u.reason]]));
  const noPrice = totals.unpriced.filter((ticker) => !explained.has(ticker)).map((t) => (reasons.get(t) ? `${t} (${reasons.get(t)})` : t));
  if (noPrice.length === 0 && totals.valuing.length === 0) return null;
  return (
    <>
      {noPrice.length > 0 && (
        <p className="muted" role="note">
          No price found for {noPrice.join(", ")}: left out of value, cost and profit/loss.
        </p>
      )}
      {totals.valuing.length > 0 && (
        <p className="muted" role="note">
          Being valued: {totals.valuing.join(", ")}.{" "}
          {valuedBy === "save"
            ? "Save to see its figures; until then it is in no total."
            : valuedBy === "autosave"
              ? "Its figures show once saved (in a few seconds); until then it is in no total."
              : "Its figures show in a moment; until then it is in no total."}
        </p>
      )}
    </>
  );
}
