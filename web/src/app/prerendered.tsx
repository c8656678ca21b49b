/**
 * A public portfolio's name and description that the server wrote into the page (gateway/src/prerender.ts),
 * read once at start, before React draws over them, so the portfolio page can keep them on screen while it
 * loads instead of blanking them for a "Loading…". Read as text only.
 */
import { PORTFOLIO_PAGE_PATH } from "@folio/proto/constants";
import type { ReactNode } from "react";
export interface PrerenderedPortfolio {
  slug: string;
  name: string;
  description: string;
}

let prerendered: PrerenderedPortfolio | null = null;

/** Keeps what the page arrived with; call before React renders into `root`. */
export function keepPrerendered(root: Element) {
  const section = root.querySelector<HTMLElement>("section[data-prerendered]");
  const slug = section?.dataset.prerendered;
  if (!section || !slug) return;
  prerendered = {
    slug,
    name: section.querySelector("h1")?.textContent ?? "",
    description: section.querySelector(":scope > p")?.textContent ?? "",
  };
}

/** Forgets it once the page has drawn the portfolio: later visits show what they load, never an older name. */
export function forgetPrerendered() {
  prerendered = null;
}

/** What the page arrived with for this portfolio, if it did and it is still to be drawn. */
export function prerenderedPortfolio(slug: string): PrerenderedPortfolio | null {
  return prerendered?.slug === slug ? prerendered : null;
}

/** The portfolio page's path (routes.tsx `p/:slug`) → what the page arrived with for it, if anything. */
export function prerenderedForPath(pathname: string): PrerenderedPortfolio | null {
  const raw = new RegExp(PORTFOLIO_PAGE_PATH).exec(pathname)?.[1];
  if (!raw) return null;
  try {
    return prerenderedPortfolio(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/**
 * The name and description as the server wrote them and the portfolio page lays them out, with `children`
 * (the loading state) under them.
 */
export function PrerenderedPortfolioView({ portfolio, children }: { portfolio: PrerenderedPortfolio; children: ReactNode }) {
  return (
    <section className="portfolio">
      <div className="section-header">
        <div>
          <h1>{portfolio.name}</h1>
        </div>
      </div>
      {portfolio.description && <p>{portfolio.description}</p>}
      {children}
    </section>
  );
}
