import "./movers.css";
import type { BiggestMoversReply } from "@folio/proto/networth";
import { useId } from "react";
import { Link } from "react-router-dom";
import { formatDate, formatPercent } from "../../lib/format.ts";
import { BIGGEST_MOVERS_TTL_MS, useGetBiggestMoversQuery } from "./moversApi.ts";

export function formatChange(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return `${rounded > 0 ? "+" : ""}${formatPercent(rounded)}`;
}

function ChangeList({ movers, limit }: { movers: BiggestMoversReply["biggest_movers"]; limit?: number }) {
  const entries = Object.entries(movers).slice(0, limit);
  return (
    <table className="assets movers-table">
      <thead>
        <tr>
          <th scope="col">Holding</th>
          <th scope="col" className="num">
            Change
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([ticker, change]) => (
          <tr key={ticker}>
            <td className="ticker">{ticker}</td>
            <td className={`num ${change >= 0 ? "gain" : "loss"}`}>{formatChange(change)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type StaleMover = NonNullable<BiggestMoversReply["stale"]>[number];
type UnpricedMover = NonNullable<BiggestMoversReply["unpriced"]>[number];

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** `2026-07` → "July 2026". */
function monthName(month: string): string {
  const [y, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/** "price as of Jul 13, 2026 (last known)": the mark beside a change that is not a current move. */
export function staleMark(s: StaleMover): string {
  const date = s.priceDate ? `price as of ${formatDate(s.priceDate)}` : "price of unknown date";
  return `${date} (${s.reason === "last-known" ? "last known" : "out of date"})`;
}

/** Why a holding is left out, in words; a reason this build does not know yet is shown as the server says it. */
const UNPRICED_REASONS: Readonly<Record<string, string>> = {
  "unknown-ticker": "no market-data provider knows the ticker",
  unavailable: "no market-data provider could price it now",
  "no-exchange-rate": "no exchange rate into your base currency",
};

/** Holdings whose price is stale (their change is theirs, not a current move) and holdings without a price. */
function NotCounted({ stale, unpriced }: { stale: StaleMover[]; unpriced: UnpricedMover[] }) {
  return (
    <>
      {stale.length > 0 && (
        <>
          <h3 className="movers-aside">Stale prices, not counted as current moves</h3>
          <ul className="movers-stale">
            {stale.map((s) => (
              <li key={s.ticker}>
                <span className="ticker">{s.ticker}</span>{" "}
                {s.change === null || s.month === null ? "no monthly change" : `${formatChange(s.change)} in ${monthName(s.month)}`},{" "}
                <span className="muted">{staleMark(s)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {unpriced.length > 0 && (
        <>
          <h3 className="movers-aside">Not priced</h3>
          <ul className="movers-unpriced">
            {unpriced.map((u) => (
              <li key={u.ticker}>
                <span className="ticker">{u.ticker}</span>: {UNPRICED_REASONS[u.reason] ?? u.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function Highlights({ movers }: { movers: BiggestMoversReply }) {
  return (
    <dl className="movers-highlights">
      <div>
        <dt>Most volatile</dt>
        <dd>{movers.most_volatile ?? "—"}</dd>
      </div>
      <div>
        <dt>Largest quantity</dt>
        <dd>{movers.most_quantity ?? "—"}</dd>
      </div>
    </dl>
  );
}

/**
 * The biggest movers among the user's holdings. A `nok` answer or a failed call shows nothing but a
 * short note (spec §8: ignored).
 */
export function MoversView({ compact = false }: { compact?: boolean }) {
  // each visit re-reads the local copy (no call while it is under an hour old); a page left open asks
  // again when the hour is up
  const { data, isLoading, isError } = useGetBiggestMoversQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: BIGGEST_MOVERS_TTL_MS,
  });
  const titleId = useId();
  const Heading = compact ? "h2" : "h1";
  const stale = data?.stale ?? [];
  const unpriced = data?.unpriced ?? [];
  const moved = data ? Object.keys(data.biggest_movers).length > 0 : false;
  return (
    <section className={compact ? "card movers-card" : "movers-page"} aria-labelledby={titleId}>
      <Heading id={titleId}>Biggest movers</Heading>
      {isLoading ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : isError || !data ? (
        <p className="muted">No movers to show right now.</p>
      ) : !moved && stale.length === 0 && unpriced.length === 0 ? (
        <p className="muted">Add assets to a portfolio to see how they move.</p>
      ) : (
        <>
          {moved ? (
            <ChangeList movers={data.biggest_movers} limit={compact ? 5 : undefined} />
          ) : (
            <p className="muted">None of your holdings has a current price.</p>
          )}
          <NotCounted stale={stale} unpriced={unpriced} />
          <Highlights movers={data} />
          {compact ? (
            <p>
              <Link to="/movers">Report and sources</Link>
            </p>
          ) : (
            <>
              <h2>Report</h2>
              <p className="movers-report">{data.report}</p>
              {data.sources.length > 0 && (
                <>
                  <h2>Sources</h2>
                  <ul className="movers-sources">
                    {data.sources.map((source) => (
                      <li key={source}>{source}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
