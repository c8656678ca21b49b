import { COMMUNITY_CATEGORIES as CATEGORIES } from "@folio/proto/constants";
import { useDeferredValue, useId, useState } from "react";
import { PageLoading } from "../../app/Layout.tsx";
import { pricesAsOfNote } from "../../lib/pricesAsOf.ts";
import { useNow } from "../portfolio/timers.ts";
import { CommunityCard } from "./CommunityCard.tsx";
import { type CommunityCard as Card, type CommunityCategory, newestPricesAsOf, useGetCommunityPortfoliosQuery } from "./communityApi.ts";

/** /community: public portfolios by category, a page of each, for anyone, signed in or not. */
export function CommunityPage() {
  const query = useGetCommunityPortfoliosQuery({}, { refetchOnMountOrArgChange: true });
  // the cards render as a transition (in slices, the browser free in between), not in one long task
  const data = useDeferredValue(query.data);
  const isError = query.isError && !query.data;
  const isLoading = !data && !isError;
  const listed = data ? CATEGORIES.filter((c) => (data.pagination.totals[c] ?? 0) > 0) : [];
  const now = useNow(60_000);
  // the cards' figures are of their latest valuations: older prices are dated, as on the portfolio page
  const asOf = pricesAsOfNote(newestPricesAsOf(data ? CATEGORIES.flatMap((c) => data[c] ?? []) : []), now);
  return (
    <section className="community">
      <div className="section-header">
        <div>
          <h1>Community</h1>
          <p className="muted">
            Portfolios Folio users chose to share. Open one to study it; copy it to make it yours.
            {asOf && ` ${asOf}.`}
          </p>
        </div>
      </div>
      {isLoading ? (
        <PageLoading />
      ) : isError || !data ? (
        <p role="alert">The community could not be loaded. Please try again.</p>
      ) : listed.length === 0 ? (
        <p className="card empty">No public portfolios yet. Make one of yours public in its settings and it shows here.</p>
      ) : (
        listed.map((category) => (
          <CategorySection
            key={category}
            category={category}
            firstPage={data[category] ?? []}
            total={data.pagination.totals[category] ?? 0}
            pageSize={data.pagination.pageSize}
          />
        ))
      )}
    </section>
  );
}

interface SectionProps {
  category: CommunityCategory;
  firstPage: Card[];
  total: number;
  pageSize: number;
}

/** One category; its first page comes with the page's own call, later pages are asked for one by one. */
function CategorySection({ category, firstPage, total, pageSize }: SectionProps) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const later = useGetCommunityPortfoliosQuery({ category, page, pageSize }, { skip: page === 1 });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const cards = page === 1 ? firstPage : (later.data?.[category] ?? []);
  return (
    <section className="community-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{category}</h2>
      {page > 1 && later.isFetching && !later.data ? (
        <PageLoading />
      ) : page > 1 && later.isError ? (
        <p role="alert">This page could not be loaded. Please try again.</p>
      ) : (
        <div className="cards">
          {cards.map((card) => (
            <CommunityCard key={card.slug} card={card} />
          ))}
        </div>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={`${category} pages`}>
          <button type="button" className="button secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
