import "./holdings.css";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { formatMoney, formatQuantity } from "../../lib/format.ts";
import { formatReturn } from "../../lib/totalReturn.ts";
import { type HoldingRow, type HoldingSort, type HoldingSortKey, sortHoldings } from "./holdings.ts";
import { NO_PRICE, VALUING } from "./valuingText.ts";

const COLUMNS: { key: HoldingSortKey; label: string; numeric: boolean }[] = [
  { key: "portfolio", label: "Portfolio", numeric: false },
  { key: "name", label: "Name", numeric: false },
  { key: "quantity", label: "Quantity", numeric: true },
  { key: "price", label: "Price", numeric: true },
  { key: "performance", label: "Performance", numeric: true },
];

/**
 * Every asset across the user's portfolios, with the server's figures (or "Being valued…" until its portfolio's
 * revision is valued); a column header sorts by it, a second click reverses.
 */
export function AllAssetsTable({ rows }: { rows: HoldingRow[] }) {
  const [sort, setSort] = useState<HoldingSort>({ key: "portfolio", direction: "ascending" });
  const sorted = useMemo(() => sortHoldings(rows, sort), [rows, sort]);
  const sortId = useId();

  const sortBy = (key: HoldingSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : // numbers read best largest first; names alphabetically
          { key, direction: COLUMNS.find((column) => column.key === key)?.numeric ? "descending" : "ascending" },
    );

  return (
    <div className="table-wrap">
      {/* on a phone the rows are stacked and the column headers hidden: the same sorting from a list */}
      <div className="stack-sort">
        <label htmlFor={sortId} className="muted">
          Sort by
        </label>
        <select
          id={sortId}
          value={`${sort.key} ${sort.direction}`}
          onChange={(e) => {
            const [key, direction] = e.target.value.split(" ") as [HoldingSortKey, HoldingSort["direction"]];
            setSort({ key, direction });
          }}
        >
          {COLUMNS.flatMap((column) =>
            (["ascending", "descending"] as const).map((direction) => (
              <option key={`${column.key} ${direction}`} value={`${column.key} ${direction}`}>
                {column.label}{" "}
                {direction === "ascending" ? (column.numeric ? "(lowest first)" : "(A–Z)") : column.numeric ? "(highest first)" : "(Z–A)"}
              </option>
            )),
          )}
        </select>
      </div>
      <table className="assets all-assets stack">
        <caption className="visually-hidden">All assets</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.numeric ? "num" : undefined}
                aria-sort={sort.key === column.key ? sort.direction : "none"}
              >
                <button type="button" className="sort-button" onClick={() => sortBy(column.key)}>
                  {column.label}
                  <span aria-hidden="true">{sort.key === column.key ? (sort.direction === "ascending" ? " ▲" : " ▼") : ""}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.key}>
              <td className="stack-wide" data-label="Portfolio">
                <Link to={`/p/${row.slug}`}>{row.portfolio}</Link>
              </td>
              <td className="stack-title">
                <span className="ticker">{row.ticker}</span> <span className="muted">{row.name !== row.ticker ? row.name : ""}</span>
              </td>
              {row.status === "valuing" ? (
                <td className="num muted" data-label="Figures" colSpan={3}>
                  {VALUING}
                </td>
              ) : (
                <>
                  <td className="num" data-label="Quantity">
                    {row.quantity === null ? "—" : formatQuantity(row.quantity)}
                  </td>
                  <td className="num" data-label="Price">
                    {row.price === null ? NO_PRICE : formatMoney(row.price, row.currency)}
                  </td>
                  <td className={`num ${row.performance === null ? "" : row.performance >= 0 ? "gain" : "loss"}`} data-label="Performance">
                    {row.performance === null ? "—" : formatReturn(row.performance)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
