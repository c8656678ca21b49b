/**
 * The community's rules: who is listed, under which category, and what a card shows. Pure: the caller
 * reads the portfolios and fetches the prices.
 */
import { COMMUNITY_CATEGORIES, type CommunityCard, type CommunityCategory, UNCATEGORISED } from "@folio/proto/community";
import { gradientOf } from "@folio/proto/gradients";
import type { PortfolioFigures, RateUsed } from "@folio/proto/portfolio";

/** What a listed portfolio holds, as far as its card needs to know. */
export interface CardHolding {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: string;
  /** "sell": a sale (absent: a buy) */
  side?: "sell";
}

export interface Listable {
  privateMode: boolean;
  playGround?: boolean;
}

/**
 * Only a public portfolio is listed; a private one must not even reach the read model. A playground is a
 * sandbox, never the community's business, even when its owner shares its link.
 */
export const isListed = (p: Listable): boolean => p.privateMode === false && p.playGround !== true;

const CATEGORY_SET: ReadonlySet<string> = new Set(COMMUNITY_CATEGORIES);

/** A stored category as the community files it: "" (never chosen) or anything no longer offered is 'Other'. */
export function categoryOf(category: string | null | undefined): CommunityCategory {
  return category && CATEGORY_SET.has(category) ? (category as CommunityCategory) : UNCATEGORISED;
}

/** The sparkline needs the shape, not every month: a 25-year history would make the list 5× heavier. */
export const SPARKLINE_POINTS = 60;

/**
 * At most `max` months of a monthly history, evenly spread, always keeping the first and the last month so
 * the line starts and ends where the portfolio did.
 */
export function thinHistory(history: Record<string, number>, max = SPARKLINE_POINTS): Record<string, number> {
  const months = Object.keys(history).sort();
  if (months.length <= max) return Object.fromEntries(months.map((m) => [m, history[m]]));
  const out: Record<string, number> = {};
  const last = months.length - 1;
  for (let i = 0; i < max; i++) {
    const m = months[Math.round((i * last) / (max - 1))];
    out[m] = history[m];
  }
  return out;
}

export interface CardFigures {
  totalValue: number | null;
  growth: number | null;
  allHistory: Record<string, number>;
  /** the currency of totalValue and allHistory (the owner's base currency) */
  baseCurrency: string | null;
  pricesAsOf: string | null;
  /** the stale exchange rates the figures used (an older month's carried forward), with their dates, as the page says them */
  rates: RateUsed[];
}

/** What a card reads of a portfolio's stored valuation (figures.ts). */
export interface StoredFigures {
  figures?: PortfolioFigures | null;
  allHistory: Record<string, number> | null;
}

/**
 * A card's figures are its portfolio's latest valuation's (docs/product-decisions.md "One valuation, many views"): totalValue
 * is its market value, growth its total return in percent (profitLossPercent), the sparkline its monthly
 * history thinned to SPARKLINE_POINTS months; nothing is recomputed or rounded here. Without a valuation, or
 * with nothing priced, every figure is null and there is no line: no line is better than a flat wrong one.
 */
export function cardFigures(stored: StoredFigures | null): CardFigures {
  const f = stored?.figures ?? null;
  if (!f || f.marketValue === null)
    return { totalValue: null, growth: null, allHistory: {}, baseCurrency: f?.baseCurrency ?? null, pricesAsOf: null, rates: [] };
  return {
    totalValue: f.marketValue,
    growth: f.profitLossPercent,
    allHistory: thinHistory(stored?.allHistory ?? {}),
    baseCurrency: f.baseCurrency,
    pricesAsOf: f.pricesAsOf,
    rates: (f.rates ?? []).filter((r) => r.stale !== null),
  };
}

export interface CardSource {
  slug: string;
  pName: string;
  pDescription: string;
  /** the owner's gradient pick; absent or null: the slug's */
  gradient?: number | null;
}

export const toCard = (p: CardSource, figures: CardFigures): CommunityCard => ({
  pName: p.pName,
  slug: p.slug,
  totalValue: figures.totalValue,
  growth: figures.growth,
  pDescription: p.pDescription,
  allHistory: figures.allHistory,
  gradient: gradientOf(p.slug, p.gradient),
  ...(figures.baseCurrency ? { baseCurrency: figures.baseCurrency } : {}),
  pricesAsOf: figures.pricesAsOf,
  ...(figures.rates.length > 0 ? { rates: figures.rates } : {}),
});

/** Rows to skip and take for a 1-based page. */
export function pageWindow(page: number, pageSize: number): { skip: number; limit: number } {
  return { skip: (Math.max(1, page) - 1) * pageSize, limit: pageSize };
}
