/**
 * The community's rules: who is listed, under which category, and what a card shows. Pure: the caller
 * reads the portfolios and fetches the prices.
 */
import { COMMUNITY_CATEGORIES, type CommunityCard, type CommunityCategory, UNCATEGORISED } from "@folio/proto/community";
import { gradientOf } from "@folio/proto/gradients";
import { valuePortfolio } from "./valuation/index.ts";
import type { TickerPrices } from "./valuation/types.ts";

/** What a listed portfolio holds, as far as its card needs to know. */
export interface CardHolding {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: string;
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

const cents = (n: number) => Math.round(n * 100) / 100;

export interface CardFigures {
  totalValue: number | null;
  growth: number | null;
  allHistory: Record<string, number>;
}

/**
 * A card's figures from the valuation engine (./valuation/DEFINITIONS.md): totalValue is the market value
 * at the latest prices, growth the total return on the cost of the priced assets, in percent; money and
 * percent rounded to 2 decimals. Assets whose ticker has no price add nothing to either.
 */
export function cardFigures(holdings: readonly CardHolding[], prices: Record<string, TickerPrices>, valuationDate: string): CardFigures {
  if (holdings.length === 0) return { totalValue: null, growth: null, allHistory: {} };
  const v = valuePortfolio({ assets: holdings.map((h) => ({ ...h })), prices, today: valuationDate });
  // without a single price the engine's history is all zeros: no line is better than a flat wrong one
  if (v.marketValue === null) return { totalValue: null, growth: null, allHistory: {} };
  const allHistory: Record<string, number> = {};
  for (const [month, value] of Object.entries(thinHistory(v.allHistory))) allHistory[month] = cents(value);
  return {
    totalValue: cents(v.marketValue),
    growth: v.profitLossPercent === null ? null : cents(v.profitLossPercent),
    allHistory,
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
});

/** Rows to skip and take for a 1-based page. */
export function pageWindow(page: number, pageSize: number): { skip: number; limit: number } {
  return { skip: (Math.max(1, page) - 1) * pageSize, limit: pageSize };
}
