/**
 * A portfolio as the service keeps it, built from what the client sends. The client decides the assets
 * and the settings; the server derives every number (asset value, portfolio value, index) so a client
 * cannot store figures that disagree with its own assets.
 */

import { ASSET_LIMITS, type AssetProblem, assetProblem, isCalendarDate, latestPurchaseDate, parseSaleFee } from "@folio/proto/asset-rules";
import {
  type Asset,
  type AssetInput,
  DEFAULT_TOTAL_VALUE,
  PORTFOLIO_VERSION,
  type Portfolio,
  type PortfolioInput,
  type PortfolioSettings,
} from "@folio/proto/portfolio";
import { parseQuantity } from "./valuation/assets.ts";

export { parseQuantity };

/**
 * The stored portfolio: the public shape without `rev` (the store's version is the revision) plus who
 * owns it and which public portfolio it was copied from. Neither of those two is ever shown to others.
 */
export type PortfolioState = Omit<Portfolio, "rev"> & { owner: string; copiedFrom: string | null };

export type SettingsInput = PortfolioSettings;

export const PORTFOLIO_DEFAULTS = {
  ver: PORTFOLIO_VERSION,
  totalValue: DEFAULT_TOTAL_VALUE,
  autoSave: true,
  formatGains: "$" as const,
  indexTicker: "SPY",
  /**
   * New portfolios are private: sharing is an explicit act (a setting the owner turns off), never a
   * side effect of creating or copying one.
   */
  privateMode: true,
  showHealth: false,
  playGround: false,
  pDescription: "",
  category: "",
};

/** Removes binary floating-point noise (3 × 10.1 = 30.299999999999997) without rounding real digits. */
export function roundAmount(n: number): number {
  return Math.round(n * 1e8) / 1e8;
}

/**
 * Assets in the order given: value = quantity × PoA, index = position, name defaults to the ticker. A sale
 * (docs/numbers.md "Sales") keeps `side: "sell"`, its fee as money (a number) and no initial percent; a buy carries no
 * `side`, so a portfolio without sales is stored exactly as before.
 */
export function normaliseAssets(inputs: AssetInput[]): Asset[] {
  return inputs.map((a, index) => {
    const quantity = parseQuantity(a.quantity);
    const sell = a.side === "sell";
    const asset: Asset = {
      ticker: a.ticker,
      name: a.name?.trim() || a.ticker,
      ...(sell ? { side: "sell" as const } : {}),
      quantity,
      PoA: a.PoA,
      DoA: a.DoA,
      value: roundAmount(quantity * a.PoA),
      fee: sell ? (parseSaleFee(a.fee) ?? 0) : (a.fee ?? null),
      assetClass: a.assetClass ?? "",
      initialPercent: sell ? null : (a.initialPercent ?? null),
      index,
    };
    if (a.color !== undefined) asset.color = a.color;
    return asset;
  });
}

/** Portfolio value: Σ value of the buys (the cost basis; market value and the cost of what is held come from the valuation). */
export function portfolioValue(assets: Asset[]): number {
  return roundAmount(assets.reduce((sum, a) => (a.side === "sell" ? sum : sum + a.value), 0));
}

/** A name as given, trimmed; null when nothing is left. */
export function cleanName(raw: string | null | undefined): string | null {
  const name = raw?.trim() ?? "";
  return name === "" ? null : name;
}

export interface Creation {
  slug: string;
  name: string;
  owner: string;
  /** the public portfolio this one copies, if any */
  copiedFrom: string | null;
  /** ISO timestamp */
  now: string;
  /** a permanent source such as 'Plaid-US' (brokerage imports); null for a manual portfolio */
  provider?: string | null;
  /** how it was imported ('screenshot', a broker file's format); null when typed in */
  imported?: string | null;
}

export function newPortfolio(input: PortfolioInput, c: Creation): PortfolioState {
  const assets = normaliseAssets(input.assets);
  const d = PORTFOLIO_DEFAULTS;
  return {
    ver: d.ver,
    slug: c.slug,
    pName: c.name,
    pDescription: input.pDescription ?? d.pDescription,
    category: d.category,
    assets,
    // A copy is private whatever the source said: the source's owner chose to share theirs, not this one.
    ...savedSettings(input, d),
    privateMode: c.copiedFrom ? true : (input.privateMode ?? d.privateMode),
    notificationExists: false,
    value: portfolioValue(assets),
    marketValue: null,
    fees: null,
    allHistory: null,
    lastRefreshed: null,
    created_at: c.now,
    provider: c.provider ?? null,
    imported: c.imported ?? null,
    hasChanges: false,
    owner: c.owner,
    copiedFrom: c.copiedFrom,
  };
}

type SavedSettings = Pick<
  Portfolio,
  "privateMode" | "playGround" | "totalValue" | "autoSave" | "formatGains" | "indexTicker" | "showHealth"
>;

/** The settings a save may carry: each one given replaces the base's, the others are kept. */
function savedSettings(input: PortfolioInput, base: SavedSettings): SavedSettings {
  return {
    privateMode: input.privateMode ?? base.privateMode,
    playGround: input.playGround ?? base.playGround,
    totalValue: input.totalValue ?? base.totalValue,
    autoSave: input.autoSave ?? base.autoSave,
    formatGains: input.formatGains ?? base.formatGains,
    indexTicker: input.indexTicker ?? base.indexTicker,
    showHealth: input.showHealth ?? base.showHealth,
  };
}

/**
 * The owner's save: assets and the settings the input carries replace the stored ones; the name (changed
 * by rename), identity, provenance and the valuation fields (owned by revaluation) are kept.
 */
export function updatedPortfolio(current: PortfolioState, input: PortfolioInput): PortfolioState {
  const assets = normaliseAssets(input.assets);
  return {
    ...current,
    ver: PORTFOLIO_VERSION,
    assets,
    value: portfolioValue(assets),
    pDescription: input.pDescription ?? current.pDescription,
    ...savedSettings(input, current),
    hasChanges: false,
  };
}

/** Only the settings present change. */
export function withSettings(current: PortfolioState, s: SettingsInput): PortfolioState {
  return {
    ...current,
    privateMode: s.privateMode ?? current.privateMode,
    pDescription: s.pDescription ?? current.pDescription,
    category: s.category ?? current.category,
    autoSave: s.autoSave ?? current.autoSave,
    formatGains: s.formatGains ?? current.formatGains,
    indexTicker: s.indexTicker ?? current.indexTicker,
    totalValue: s.totalValue ?? current.totalValue,
    showHealth: s.showHealth ?? current.showHealth,
    playGround: s.playGround ?? current.playGround,
    // null clears the pick; absent keeps it
    ...(s.gradient !== undefined ? { gradient: s.gradient } : {}),
  };
}

export function renamed(current: PortfolioState, name: string): PortfolioState {
  return { ...current, pName: name };
}

/** Distinct tickers in asset order, for the portfolio.saved event. */
export function tickersOf(p: Pick<PortfolioState, "assets">): string[] {
  return [...new Set(p.assets.map((a) => a.ticker))];
}

/** An asset the save refuses: which one, and what is wrong with it (proto/src/asset-rules.ts). */
export interface RefusedAsset {
  index: number;
  ticker: string;
  problem: AssetProblem;
}

const holdingKey = (a: { ticker: string; DoA: string; side?: string | null }) => `${a.ticker.toUpperCase()}|${a.DoA}|${a.side ?? "buy"}`;

/**
 * The first asset of a save that may not be stored. An asset the portfolio did not hold before (no stored
 * asset with its ticker and purchase date) is new, and a new asset needs a non-zero quantity (spec §5).
 */
export function refusedAsset(inputs: readonly AssetInput[], stored: readonly Asset[], today: string): RefusedAsset | null {
  const held = new Set(stored.map(holdingKey));
  for (const [index, a] of inputs.entries()) {
    const problem = assetProblem(a, today, !held.has(holdingKey(a)));
    if (problem) return { index, ticker: a.ticker, problem };
  }
  return null;
}

/**
 * A stored asset as valuations read it: whatever an older release let through (1e308 units, year 1, a price
 * of 0 or of 5e-324) is brought inside the rules, so one bad document can neither fail nor stall a read.
 */
export function readableAsset(a: Asset, today: string): Asset {
  const quantity = Number.isFinite(a.quantity) && a.quantity >= 0 && a.quantity <= ASSET_LIMITS.maxQuantity ? a.quantity : 0;
  const PoA = Number.isFinite(a.PoA) && a.PoA >= ASSET_LIMITS.minPrice && a.PoA <= ASSET_LIMITS.maxPrice ? a.PoA : 0;
  const latest = latestPurchaseDate(today);
  const DoA = !isCalendarDate(a.DoA) || a.DoA < ASSET_LIMITS.earliestDate ? ASSET_LIMITS.earliestDate : a.DoA > latest ? latest : a.DoA;
  if (quantity === a.quantity && PoA === a.PoA && DoA === a.DoA) return a;
  return { ...a, quantity, PoA, DoA, value: roundAmount(quantity * PoA) };
}
