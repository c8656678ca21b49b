import { useId } from "react";
import { Link } from "react-router-dom";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { formatMoney } from "../../lib/format.ts";
import { costValue } from "../portfolio/portfolioModel.ts";

export function PortfolioCard({ portfolio, onDelete }: { portfolio: PortfolioListItem; onDelete: () => void }) {
  const titleId = useId();
  const count = portfolio.assets.length;
  return (
    <article className="card portfolio-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Link to={`/p/${portfolio.slug}`}>{portfolio.pname || "Untitled portfolio"}</Link>
      </h3>
      <p className="muted">
        {count} {count === 1 ? "asset" : "assets"}
        {portfolio.privateMode ? " · private" : ""}
      </p>
      <p className="card-value">
        <span className="muted">Cost value</span> <span className="money">{formatMoney(costValue(portfolio.assets))}</span>
      </p>
      <div className="card-actions">
        <button type="button" className="button danger-outline" onClick={onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}
