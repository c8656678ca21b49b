import { COMMUNITY_CATEGORIES as CATEGORIES, SAMPLE_SLUGS } from "@folio/proto/constants";
import { useDeferredValue } from "react";
import { pricesAsOfNote } from "../../lib/pricesAsOf.ts";
import { CommunityCard } from "../community/CommunityCard.tsx";
import { newestPricesAsOf, useGetCommunityPortfoliosQuery } from "../community/communityApi.ts";
import { useNow } from "../portfolio/timers.ts";

/** "valued at today's prices" only when they are; older prices are dated, as on the portfolio page. */
export function samplesNote(pricesAsOf: string | null, nowMs: number): string {
  const dated = pricesAsOfNote(pricesAsOf, nowMs);
  const intro = dated || !pricesAsOf ? "Real portfolios" : "Real portfolios valued at today's prices";
  return `${intro}: open one to see how it did, or copy it once you log in.${dated ? ` ${dated}.` : ""}`;
}

const slugOrder = (slug: string): number => (SAMPLE_SLUGS as readonly string[]).indexOf(slug);

/**
 * Spec §2 Dashboard: visitors see three sample portfolios (a three-fund mix, tech stocks, dividend income),
 * valued with real prices. They are public portfolios seeded at the server's start; each opens read-only.
 */
export function VisitorSamples() {
  const { data: arrived, isLoading, isError } = useGetCommunityPortfoliosQuery({ samples: true });
  // the cards render as a transition (in slices, the browser free in between), not in one long task
  const data = useDeferredValue(arrived);
  const cards = data ? CATEGORIES.flatMap((c) => data[c] ?? []) : [];
  cards.sort((a, b) => slugOrder(a.slug) - slugOrder(b.slug));
  const now = useNow(60_000);
  if (isLoading || isError || cards.length === 0) return null;
  return (
    <section className="visitor-samples" aria-labelledby="visitor-samples-heading">
      <h2 id="visitor-samples-heading">Sample portfolios</h2>
      <p className="muted">{samplesNote(newestPricesAsOf(cards), now)}</p>
      <div className="cards">
        {cards.map((card) => (
          <CommunityCard key={card.slug} card={card} />
        ))}
      </div>
    </section>
  );
}
