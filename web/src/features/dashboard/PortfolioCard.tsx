import "./dashboard.css";
import { useId } from "react";
import { Link } from "react-router-dom";
import type { PortfolioListItem } from "../../app/apiTypes.ts";
import { formatMoney } from "../../lib/format.ts";
import { formatReturn, returnTone, TOTAL_RETURN_LABEL } from "../../lib/totalReturn.ts";
import { CardBanner } from "../gradients/CardBanner.tsx";
import type { LatestPrices } from "../holdings/holdings.ts";
import { PlaygroundBadge } from "../playground/PlaygroundBadge.tsx";
import { portfolioFigures } from "../portfolio/assetFigures.ts";

/**
 * One of the user's portfolios: what it is worth now, what it gained, and the one labelled return, the same
 * figures as the portfolio's own header (the same rule computes both). Cost is there as the base of both.
 */
interface PortfolioCardProps {
  portfolio: PortfolioListItem;
  /** today's prices of the tickers the list brought without one */
  prices?: LatestPrices;
  onDelete: () => void;
}

export function PortfolioCard({ portfolio, prices = {}, onDelete }: PortfolioCardProps) {
  const titleId = useId();
  const count = portfolio.assets.length;
  const figures = portfolioFigures(
    portfolio.assets.map((asset) =>
      typeof asset.latestPrice === "number" ? asset : { ...asset, latestPrice: prices[asset.ticker] ?? null },
    ),
  );
  const marketValue = figures.marketValue ?? portfolio.marketValue;
  const tone = returnTone(figures.profitLoss);
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
      {count === 0 ? (
        <p className="muted card-next">Empty: open it and add the assets you hold.</p>
      ) : (
        <dl className="card-figures">
          <div className="card-figure wide">
            <dt>Market value</dt>
            <dd className="money">{marketValue === null ? "NA" : formatMoney(marketValue)}</dd>
          </div>
          <div className="card-figure">
            <dt>Profit/loss</dt>
            <dd className={`money ${tone}`}>{figures.profitLoss === null ? "NA" : formatMoney(figures.profitLoss)}</dd>
          </div>
          <div className="card-figure">
            <dt>{TOTAL_RETURN_LABEL}</dt>
            <dd className={`money ${tone}`}>{formatReturn(figures.profitLossPercent)}</dd>
          </div>
          <div className="card-figure">
            <dt>Cost</dt>
            <dd className="money">{formatMoney(figures.cost)}</dd>
          </div>
        </dl>
      )}
      <div className="card-actions">
        <button type="button" className="button danger-outline" onClick={onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}
