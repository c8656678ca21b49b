import "./dashboard.css";
import { useId } from "react";
import { Link } from "react-router-dom";
import { formatMoney } from "../../lib/format.ts";
import { staleRatesNote } from "../../lib/staleRates.ts";
import { formatReturn, returnTone, TOTAL_RETURN_LABEL } from "../../lib/totalReturn.ts";
import { CardBanner } from "../gradients/CardBanner.tsx";
import { type ListedPortfolio, listedFigures } from "../holdings/holdings.ts";
import { VALUING } from "../holdings/valuingText.ts";
import { PlaygroundBadge } from "../playground/PlaygroundBadge.tsx";

/**
 * One of the user's portfolios: what it is worth now, what it gained, and the one labelled return, the
 * server's valuation of its revision (holdings.ts listedFigures), so they equal the portfolio's own header.
 * Cost is there as the base of both. Until the revision is valued the card says so, and shows no other number.
 */
interface PortfolioCardProps {
  portfolio: ListedPortfolio;
  /** the list was polled long enough: a portfolio still without figures is not "being valued" any more */
  gaveUpWaiting?: boolean;
  onDelete: () => void;
}

export function PortfolioCard({ portfolio, gaveUpWaiting = false, onDelete }: PortfolioCardProps) {
  const titleId = useId();
  // its entries: the sales (docs/numbers.md "Sales") are not assets of the count
  const count = portfolio.assets.filter((a) => a.side !== "sell").length;
  const figures = listedFigures(portfolio);
  const currency = (figures.status === "valued" && figures.baseCurrency) || "USD";
  const rates = figures.status === "valued" ? staleRatesNote(figures.rates) : null;
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
      {figures.status === "empty" ? (
        <p className="muted card-next">Empty: open it and add the assets you hold.</p>
      ) : figures.status === "valuing" ? (
        <p className="muted card-next" role="status">
          {gaveUpWaiting ? "Not valued yet: open it to value it now." : VALUING}
        </p>
      ) : (
        <>
          <dl className="card-figures">
            <div className="card-figure wide">
              <dt>Market value</dt>
              <dd className="money">{figures.marketValue === null ? "NA" : formatMoney(figures.marketValue, currency)}</dd>
            </div>
            <div className="card-figure">
              <dt>Profit/loss</dt>
              <dd className={`money ${returnTone(figures.profitLoss)}`}>
                {figures.profitLoss === null ? "NA" : formatMoney(figures.profitLoss, currency)}
              </dd>
            </div>
            <div className="card-figure">
              <dt>{TOTAL_RETURN_LABEL}</dt>
              <dd className={`money ${returnTone(figures.profitLoss)}`}>{formatReturn(figures.profitLossPercent)}</dd>
            </div>
            <div className="card-figure">
              <dt>Cost</dt>
              <dd className="money">{formatMoney(figures.cost, currency)}</dd>
            </div>
          </dl>
          {figures.unpriced.length > 0 && (
            <p className="muted small" role="note">
              Not counted: {figures.unpriced.map((u) => `${u.ticker} (${u.reason ?? "no price"})`).join(", ")}
            </p>
          )}
          {figures.stale.length > 0 && <p className="muted small">Last known price: {figures.stale.join(", ")}</p>}
          {rates && <p className="muted small">{rates}</p>}
        </>
      )}
      <div className="card-actions">
        <button type="button" className="button danger-outline" onClick={onDelete}>
          Delete
        </button>
      </div>
    </article>
  );
}
