/**
 * The visitors' sample portfolios (spec §2 Dashboard): a three-fund mix, tech stocks and dividend income.
 * Each is $10,000 split by fixed weights and bought at the close of January 2021, the first trading month
 * of 2021, so the samples show five years of real history. Prices come from the pricing service; a sample
 * whose prices are not all known is not built at all, never with a made-up price.
 */
import { type CommunityCategory, SAMPLE_SLUGS } from "@folio/proto/constants";
import type { AssetInput, PortfolioInput } from "@folio/proto/portfolio";

/** Owns the samples: not a user id the built-in accounts service issues (random UUIDs). */
export const SAMPLE_OWNER = "system:samples";
export const SAMPLE_AMOUNT = 10_000;
/** The month whose last close is the purchase price. */
export const SAMPLE_PURCHASE_MONTH = "2021-01";
/** The last trading day of January 2021 (a Friday): the day that month's close was set. */
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

export const sampleTickers = (samples: readonly SampleDefinition[]): string[] => [
  ...new Set(samples.flatMap((s) => Object.keys(s.weights))),
];

export type SampleBuild = { ok: true; input: PortfolioInput } | { ok: false; missing: string[] };

/**
 * The sample's assets at the purchase month's closes: quantity = round(amount × weight / 100 / close),
 * whole units as the spec's initial percents give them (DEFINITIONS.md "Initial percents"), PoA = close.
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
