import { Link } from "react-router-dom";
import { useAppSelector } from "../../app/hooks.ts";
import { PageLoading } from "../../app/Layout.tsx";
import { selectUser } from "../auth/authSlice.ts";
import { formatModerationDate } from "./ModerationPanel.tsx";
import { useGetModerationLogQuery } from "./moderationApi.ts";
import "./moderation.css";

/**
 * /moderation, for admins: the portfolios unlisted from the community now, and the log of every unlist and
 * restore with who, when and why. The server refuses anyone else (403); the page says so without asking.
 */
export function ModerationPage() {
  const isAdmin = useAppSelector(selectUser)?.isAdmin === true;
  const { data, isLoading, isError } = useGetModerationLogQuery(undefined, { skip: !isAdmin, refetchOnMountOrArgChange: true });
  if (!isAdmin) return <p className="card empty">Only an admin can moderate the community.</p>;
  if (isLoading) return <PageLoading />;
  if (isError || !data) return <p role="alert">The moderation log could not be loaded.</p>;
  return (
    <section>
      <h1>Community moderation</h1>
      <p className="muted">To unlist a public portfolio, open it and use its Moderation panel.</p>
      <h2>Unlisted now</h2>
      {data.unlisted.length === 0 ? (
        <p className="muted">Nothing is unlisted.</p>
      ) : (
        <ul>
          {data.unlisted.map((n) => (
            <li key={n.slug}>
              <Link to={`/p/${n.slug}`}>{n.pName || n.slug}</Link>: {n.reason} ({formatModerationDate(n.at)})
            </li>
          ))}
        </ul>
      )}
      <h2>Log</h2>
      <table className="moderation-log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Portfolio</th>
            <th scope="col">Why</th>
            <th scope="col">Who</th>
          </tr>
        </thead>
        <tbody>
          {data.log.map((e) => (
            <tr key={e.id}>
              <td>{new Date(e.at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}</td>
              <td>{e.action === "unlist" ? "Unlisted" : "Restored"}</td>
              <td>{e.pName || e.slug}</td>
              <td>{e.reason}</td>
              <td>{e.by.email}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
