import { useId } from "react";
import { Link } from "react-router-dom";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { formatMoney } from "../../lib/format.ts";
import { CardBanner } from "../gradients/CardBanner.tsx";
import { PlaygroundBadge } from "../playground/PlaygroundBadge.tsx";
import { costValue } from "../portfolio/portfolioModel.ts";

export function PortfolioCard({ portfolio, onDelete }: { portfolio: PortfolioListItem; onDelete: () => void }) {
  const titleId = useId();
  const count = portfolio.assets.length;
  return (
    <article className="card portfolio-card" aria-labelledby={titleId}>
      <CardBanner slug={portfolio.slug} gradient={portfolio.gradient}>
        <h3 id={titleId}>
          <Link to={`/p/${portfolio.slug}`}>{portfolio.pname || "Untitled portfolio"}</Link>
        </h3>
        {portfolio.playGround && <PlaygroundBadge />}
      </CardBanner>
      <p className="muted">
        {count} {count === 1 ? "asset" : "assets"}
        {portfolio.privateMode ? " · private" : ""}
        {portfolio.playGround ? " · not in net worth" : ""}
      </p>
      {portfolio.unlisted && <p role="note">Unlisted from the community by an admin: {portfolio.unlisted.reason}</p>}
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
