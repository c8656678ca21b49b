/**
 * The visitors' sample portfolios (spec §2 Dashboard): a three-fund mix, tech stocks and dividend income.
 * Each is $10,000 split by fixed weights and bought on the last trading day of January 2021 at that day's
 * as-traded close (docs/product-decisions.md "The as-traded close": the price a buyer paid then, in that day's shares), so
 * the samples show five years of real history and every later split turns their shares into today's as
 * for any user's purchase. Prices come from the pricing service; a sample whose prices are not all known is
 * not built at all, never with a made-up price.
 */
import { type CommunityCategory, SAMPLE_SLUGS } from "@folio/proto/constants";
import type { AssetInput, PortfolioInput } from "@folio/proto/portfolio";

/** Owns the samples: not a user id the built-in accounts service issues (random UUIDs). */
export const SAMPLE_OWNER = "system:samples";
export const SAMPLE_AMOUNT = 10_000;
/** The last trading day of January 2021 (a Friday): the purchase date, whose as-traded close is the price paid. */
export const SAMPLE_PURCHASE_DATE = "2021-01-29";

export interface SampleDefinition {
  slug: string;
  pName: string;
  pDescription: string;
  category: CommunityCategory;
  /** ticker → share of SAMPLE_AMOUNT in percent; they add up to 100 */
  weights: Record<string, number>;
}

const [THREE_FUND, TECH_STOCKS, DIVIDEND_INCOME] = SAMPLE_SLUGS;

export const SAMPLES: readonly SampleDefinition[] = [
  {
    slug: THREE_FUND,
    pName: "Three-Fund Portfolio",
    pDescription: "The classic lazy portfolio: US total market, international stocks and US bonds, bought once and held.",
    category: "Index",
    weights: { VTI: 50, VXUS: 30, BND: 20 },
  },
  {
    slug: TECH_STOCKS,
    pName: "Tech Stocks",
    pDescription: "Five large US technology companies in equal parts.",
    category: "Tech",
    weights: { AAPL: 20, MSFT: 20, NVDA: 20, GOOGL: 20, AMZN: 20 },
  },
  {
    slug: DIVIDEND_INCOME,
    pName: "Dividend Income",
    pDescription: "Dividend payers and two dividend ETFs: consumer staples, health care, real estate income.",
    category: "Dividend",
    weights: { KO: 15, JNJ: 15, PG: 15, O: 15, SCHD: 20, VYM: 20 },
  },
];

export { SAMPLE_SLUGS };

/** Two prices the same to the cent: a sample stored with this price needs no correction. */
const sameCents = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Whether a stored sample's assets are what `built` would store (ticker, quantity, purchase price to the
 * cent, date, percent): a sample stored by an older release at other prices (the adjusted closes of
 * January 2021, before the as-traded close) is not, and is corrected at start.
 */
export function sameAssets(
  stored: readonly { ticker: string; quantity: number | string; PoA: number; DoA: string; initialPercent?: number | null }[],
  built: readonly AssetInput[],
): boolean {
  return (
    stored.length === built.length &&
    stored.every((a, i) => {
      const b = built[i];
      return (
        a.ticker === b.ticker &&
        Number(a.quantity) === Number(b.quantity) &&
        sameCents(a.PoA, b.PoA) &&
        a.DoA === b.DoA &&
        (a.initialPercent ?? null) === (b.initialPercent ?? null)
      );
    })
  );
}

export const sampleTickers = (samples: readonly SampleDefinition[]): string[] => [
  ...new Set(samples.flatMap((s) => Object.keys(s.weights))),
];

export type SampleBuild = { ok: true; input: PortfolioInput } | { ok: false; missing: string[] };

/**
 * The sample's assets at the purchase day's as-traded closes: quantity = round(amount × weight / 100 / close),
 * whole units as the spec's initial percents give them (docs/numbers.md "Initial percents"), PoA = close.
 */
export function buildSample(sample: SampleDefinition, closes: ReadonlyMap<string, number>): SampleBuild {
  const missing = Object.keys(sample.weights).filter((t) => !((closes.get(t) ?? 0) > 0));
  if (missing.length > 0) return { ok: false, missing };
  const assets: AssetInput[] = Object.entries(sample.weights).map(([ticker, weight]) => {
    const close = closes.get(ticker) as number;
    return {
      ticker,
      quantity: Math.round((SAMPLE_AMOUNT * weight) / 100 / close),
      PoA: close,
      DoA: SAMPLE_PURCHASE_DATE,
      initialPercent: weight,
    };
  });
  return {
    ok: true,
    input: { assets, pDescription: sample.pDescription, privateMode: false, totalValue: SAMPLE_AMOUNT },
  };
}
