import "./movers.css";
import type { BiggestMoversReply } from "@folio/proto/networth";
import { useId } from "react";
import { Link } from "react-router-dom";
import { formatPercent } from "../../lib/format.ts";
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
  return (
    <section className={compact ? "card movers-card" : "movers-page"} aria-labelledby={titleId}>
      <Heading id={titleId}>Biggest movers</Heading>
      {isLoading ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : isError || !data ? (
        <p className="muted">No movers to show right now.</p>
      ) : Object.keys(data.biggest_movers).length === 0 ? (
        <p className="muted">Add assets to a portfolio to see how they move.</p>
      ) : (
        <>
          <ChangeList movers={data.biggest_movers} limit={compact ? 5 : undefined} />
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
