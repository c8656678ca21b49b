import { useId } from "react";
import { Link } from "react-router-dom";
import { formatMoney } from "../../lib/format.ts";
import { staleRatesShort } from "../../lib/staleRates.ts";
import { formatReturn, TOTAL_RETURN_LABEL } from "../../lib/totalReturn.ts";
import { CardBanner } from "../gradients/CardBanner.tsx";
import type { CommunityCard as Card } from "./communityApi.ts";
import { Sparkline } from "./Sparkline.tsx";
import "./community.css";

/** A rise shows its sign, as a change does (the one formatting of a return, `formatReturn`, as on the page). */
export function formatGrowth(growth: number | null): string {
  return formatReturn(growth);
}

/** One public portfolio: name, description, value, growth and its history; opens it read-only. */
export function CommunityCard({ card }: { card: Card }) {
  const titleId = useId();
  const direction = card.growth === null ? "" : card.growth >= 0 ? "gain" : "loss";
  // an exchange rate carried forward is said on the card too, as the portfolio's page says it
  const rates = card.totalValue === null ? null : staleRatesShort(card.rates);
  return (
    <article className="card community-card" aria-labelledby={titleId}>
      <CardBanner slug={card.slug} gradient={card.gradient}>
        <h3 id={titleId}>
          <Link to={`/p/${card.slug}`}>{card.pName || "Untitled portfolio"}</Link>
        </h3>
      </CardBanner>
      <div className="community-card-body">
        {card.pDescription ? <p className="community-description">{card.pDescription}</p> : <span />}
        <div>
          <div className="community-figures">
            <p>
              <span className="muted">Market value</span>{" "}
              <span className="money">{card.totalValue === null ? "NA" : formatMoney(card.totalValue, card.baseCurrency ?? "USD")}</span>
            </p>
            <p>
              {/* growth is the total return, labelled as on the dashboard and the portfolio's header */}
              <span className="muted">{TOTAL_RETURN_LABEL}</span> <span className={`growth ${direction}`}>{formatGrowth(card.growth)}</span>
            </p>
          </div>
          {rates && <p className="muted small community-rates">{rates}</p>}
          <Sparkline history={card.allHistory} />
        </div>
      </div>
    </article>
  );
}
