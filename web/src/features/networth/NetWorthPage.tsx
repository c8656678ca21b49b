import "./networth.css";
import type { RateUsed } from "@folio/proto/portfolio";
import { useEffect, useRef } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { formatMoney } from "../../lib/format.ts";
import { staleRatesNote } from "../../lib/staleRates.ts";
import { loginRequired, selectSignedIn } from "../auth/authSlice.ts";
import { NetWorthChart } from "./NetWorthChart.tsx";
import { netWorthBars } from "./netWorthBars.ts";
import { networthApi, useGetNetWorthHistoryQuery } from "./networthApi.ts";
import { useNetWorth } from "./useNetWorth.ts";

/** /networth: the current net worth, followed while the server computes it, and its weekly history. */
export function NetWorthPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only (see DashboardPage)
  useEffect(() => {
    if (!signedIn) dispatch(loginRequired());
  }, []);

  return (
    <section>
      <h1>Net worth</h1>
      {signedIn ? <NetWorth /> : <p className="muted">Log in to see your net worth.</p>}
    </section>
  );
}

function lastUpdatedText(iso: string | null): string {
  if (!iso) return "Not computed yet";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `Updated ${date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`;
}

function NetWorth() {
  const dispatch = useAppDispatch();
  const { status, recalculate } = useNetWorth();
  const history = useGetNetWorthHistoryQuery(undefined, { refetchOnMountOrArgChange: true });
  const { refetch } = history;
  const sawCalculating = useRef(false);

  // checking is an achievement step the server counts; a computation seen here may also have changed
  // this week's history entry
  useEffect(() => {
    if (status.state === "calculating") sawCalculating.current = true;
    if (status.state !== "done") return;
    dispatch(networthApi.util.invalidateTags(["AchievementState"]));
    if (sawCalculating.current) refetch();
  }, [status, refetch, dispatch]);

  const current = status.state === "done" ? status.reply.netWorth : null;
  const currency = status.state === "done" ? (status.reply.baseCurrency ?? "USD") : undefined;
  const bars = netWorthBars(history.data?.netWorthHistory ?? [], current, currency);

  return (
    <>
      <div className="card networth-summary">
        {status.state === "loading" ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : status.state === "calculating" ? (
          <p className="networth-calculating" role="status">
            Calculating…
          </p>
        ) : status.state === "done" ? (
          <>
            <p className="networth-value" role="status" aria-label="Net worth">
              {formatMoney(status.reply.netWorth, status.reply.baseCurrency ?? "USD")}
            </p>
            <p className="muted">{lastUpdatedText(status.reply.lastUpdated)}</p>
            <LeftOut stale={status.reply.stale ?? []} unpriced={status.reply.unpriced ?? []} rates={status.reply.rates ?? []} />
          </>
        ) : status.state === "timedOut" ? (
          <p role="alert">Your net worth is still being calculated. Check again in a minute.</p>
        ) : (
          <p role="alert">Your net worth could not be loaded. Please try again.</p>
        )}
        <div className="card-actions">
          <button
            type="button"
            className="button secondary"
            disabled={status.state === "loading" || status.state === "calculating"}
            onClick={recalculate}
          >
            {status.state === "done" ? "Recalculate" : "Check again"}
          </button>
        </div>
      </div>
      <h2>By week</h2>
      {history.isError ? (
        <p role="alert">The net-worth history could not be loaded.</p>
      ) : history.isLoading ? null : (
        <NetWorthChart bars={bars} currency={currency ?? bars.at(-1)?.currency} />
      )}
    </>
  );
}

const REASONS = {
  "unknown-ticker": "no market data knows it",
  unavailable: "market data is unavailable now and no earlier price is kept",
  "no-exchange-rate": "no exchange rate into your base currency",
} as const;

interface LeftOutProps {
  stale: string[];
  unpriced: { ticker: string; reason: keyof typeof REASONS }[];
  rates: RateUsed[];
}

/** The holdings the total could not price now, or priced at their last known price or rate: never a silent gap. */
function LeftOut({ stale, unpriced, rates }: LeftOutProps) {
  const staleRates = staleRatesNote(rates);
  if (stale.length === 0 && unpriced.length === 0 && !staleRates) return null;
  return (
    <ul className="muted networth-left-out" aria-label="Not priced now">
      {stale.length > 0 && <li>At the last known price (market data unavailable): {stale.join(", ")}</li>}
      {staleRates && <li>{staleRates}</li>}
      {unpriced.map((u) => (
        <li key={u.ticker}>
          Not counted: {u.ticker}, {REASONS[u.reason]}
        </li>
      ))}
    </ul>
  );
}
