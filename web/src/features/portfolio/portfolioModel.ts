/** Pure rules of the portfolio being viewed or edited: defaults, derived values, the save payload. */
import { parseQuantity } from "@folio/proto/asset-rules";
import {
  type Asset,
  type AssetInput,
  NEW_SLUG,
  type Portfolio,
  type PortfolioInput,
  type PortfolioReply,
  type Valuation,
} from "../../app/apiTypes.ts";

export const PORTFOLIO_VERSION = 3;
export const DEFAULT_TOTAL_VALUE = 10000;

export type LoadStatus = "idle" | "loading" | "ready" | "missing" | "failed";

export interface PortfolioState {
  slug: string | null;
  status: LoadStatus;
  data: Portfolio | null;
  /** the server's figures and charts for the saved portfolio; null until it could value it */
  valuation: Valuation | null;
  notOwner: boolean;
  isAdmin: boolean;
  /** to the owner and admins: whether an admin unlisted it from the community, and why (absent: not told) */
  moderation?: PortfolioReply["moderation"] | null;
  hasChanges: boolean;
  /** an initial percent was edited since the last save: the next save asks the server to apply them */
  applyInitialPercents: boolean;
  /** Bumps on every edit: autosave waits for a quiet spell of it, and a save clears hasChanges only if no edit came in meanwhile. */
  editSeq: number;
  saving: boolean;
  loadRequestId: string | null;
  /** Whether the copy on screen was loaded with a session: ownership (notOwner) depends on it. */
  loadedSignedIn: boolean;
  /** the asset the last edit removed, and where it was: "Undo" puts it back until the next edit */
  removed?: { asset: Asset; index: number; seq: number } | null;
  /**
   * the last save was refused by the server (its words); `restored` once the stored copy replaced the refused
   * edits, so the page never shows figures of neither (a sale's old realized gain beside a removed buy)
   */
  refused?: { message: string; restored: boolean } | null;
}

/** What the price look-up told about the ticker being added. */
export interface AssetQuote {
  name: string;
  assetClass: string;
  fee: number | null;
  latestPrice: number;
  /** the currency of latestPrice and of the purchase price (the instrument's) */
  currency: string;
}

/** What the Sell window yields once valid (docs/numbers.md "Sales"): shares sold as counted on the date, the price, the fee in money. */
export interface SaleDraft {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: string;
  fee: number;
}

/** A sale as an entry of the portfolio: `side: "sell"`, its fee in money (the instrument's currency). */
export function saleFromDraft(draft: SaleDraft, index: number, of?: Pick<Asset, "name" | "currency" | "latestPrice">): Asset {
  const sale: Asset = {
    ticker: draft.ticker,
    name: of?.name ?? "",
    side: "sell",
    quantity: draft.quantity,
    PoA: draft.PoA,
    DoA: draft.DoA,
    value: assetValue(draft.quantity, draft.PoA),
    fee: draft.fee,
    assetClass: "",
    initialPercent: null,
    index,
  };
  if (of?.currency) sale.currency = of.currency;
  return sale;
}

/** What the add-asset form yields once valid. */
export interface AssetDraft {
  ticker: string;
  quantity: number;
  PoA: number;
  DoA: string;
  /** absent when the ticker was typed without a successful look-up */
  quote?: AssetQuote;
}

/** The unsaved portfolio at /p/new (spec §3 defaults). */
export function newPortfolio(): Portfolio {
  return {
    ver: PORTFOLIO_VERSION,
    slug: NEW_SLUG,
    pName: "",
    pDescription: "",
    category: "",
    assets: [],
    privateMode: false,
    playGround: false,
    totalValue: DEFAULT_TOTAL_VALUE,
    autoSave: true,
    formatGains: "$",
    indexTicker: "",
    showHealth: false,
    notificationExists: false,
    value: 0,
    marketValue: null,
    fees: null,
    allHistory: null,
    lastRefreshed: null,
    created_at: "",
    provider: null,
    imported: null,
    hasChanges: false,
    rev: 0,
  };
}

/** Spec §3: an asset's value is quantity × purchase price. */
export function assetValue(quantity: number, purchasePrice: number): number {
  return quantity * purchasePrice;
}

/** Cost value of a portfolio: the sum of its assets' values. */
export function costValue(assets: ReadonlyArray<Pick<Asset, "value">>): number {
  return assets.reduce((sum, asset) => sum + (Number.isFinite(asset.value) ? asset.value : 0), 0);
}

/** Spec §5: a non-numeric quantity becomes 0 (proto's asset rule: the server reads a quantity the same way). */
export { parseQuantity };

export function assetFromDraft(draft: AssetDraft, index: number): Asset {
  const asset: Asset = {
    ticker: draft.ticker,
    name: draft.quote?.name ?? "",
    quantity: draft.quantity,
    PoA: draft.PoA,
    DoA: draft.DoA,
    value: assetValue(draft.quantity, draft.PoA),
    fee: draft.quote?.fee ?? null,
    assetClass: draft.quote?.assetClass ?? "",
    initialPercent: null,
    index,
  };
  // the latest price and its currency are the pricing service's; the figures (market value, profit/loss)
  // are the valuation's, which the save brings: until then the row says it is being valued
  if (draft.quote) {
    asset.latestPrice = draft.quote.latestPrice;
    asset.currency = draft.quote.currency;
  }
  return asset;
}

/** The fields a valuation adds to an asset for the entry it valued (the price's own facts stay: latestPrice, priceDate, stale, currency). */
const VALUATION_FIELDS = [
  "shares",
  "splitFactor",
  "splits",
  "splitNote",
  "cost",
  "marketValue",
  "dividends",
  "profitLoss",
  "profitLossView",
  "priceProfitLoss",
  "profitLossPercent",
  "percent",
  "soldShares",
  "realizedProfitLoss",
  "invested",
  "proceeds",
  "saleFee",
  "soldCost",
] as const satisfies readonly (keyof Asset)[];

/** An asset whose date or price changed: the server's figures were for another entry, so it has none until valued again. */
export function withoutFigures(asset: Asset): Asset {
  const copy = { ...asset };
  for (const field of VALUATION_FIELDS) delete copy[field];
  return copy;
}

/**
 * The playground's draft with the server's valuation of it (POST /v1/playground/value answers the draft
 * valued): each asset takes the figures of the valued one at its place, when it is the same entry.
 */
export function withValuedFigures(assets: readonly Asset[], valued: readonly Asset[]): Asset[] {
  return assets.map((asset, i) => {
    const v = valued[i];
    if (!v || v.ticker !== asset.ticker || v.DoA.slice(0, 10) !== asset.DoA.slice(0, 10) || v.PoA !== asset.PoA) return asset;
    const figures: Partial<Asset> = { latestPrice: v.latestPrice, currency: v.currency, priceDate: v.priceDate, stale: v.stale };
    for (const field of VALUATION_FIELDS) (figures as Record<string, unknown>)[field] = v[field];
    // the server's figures are for the quantity it valued; an edit since scales them (assetFigures.ts)
    return { ...asset, ...figures };
  });
}

/**
 * The fields the PortfolioInput schema takes; derived numbers stay the server's. `applyInitialPercents`
 * asks the server to set quantities from the initial percents: sent only after the user edited one.
 */
export function toPortfolioInput(portfolio: Portfolio, { applyInitialPercents = false } = {}): PortfolioInput {
  const input: PortfolioInput = {
    pName: portfolio.pName,
    pDescription: portfolio.pDescription,
    assets: portfolio.assets.map(toAssetInput),
    privateMode: portfolio.privateMode,
    totalValue: portfolio.totalValue,
    autoSave: portfolio.autoSave,
    formatGains: portfolio.formatGains,
    showHealth: portfolio.showHealth,
    playGround: portfolio.playGround,
    rev: portfolio.rev,
  };
  // the schema wants a ticker here, and a never-saved portfolio has none yet
  if (portfolio.indexTicker) input.indexTicker = portfolio.indexTicker;
  if (applyInitialPercents) input.applyInitialPercents = true;
  return input;
}

function toAssetInput(asset: Asset): AssetInput {
  const input: AssetInput = { ticker: asset.ticker, quantity: asset.quantity, PoA: asset.PoA, DoA: asset.DoA.slice(0, 10) };
  // a buy is sent as before (no side); a sale says so, its fee in money
  if (asset.side === "sell") input.side = "sell";
  if (asset.name) input.name = asset.name;
  // "none" is sent as absent, not null: the server's body coercion reads a null number as 0
  if (asset.fee !== undefined && asset.fee !== null) input.fee = asset.fee;
  if (asset.assetClass) input.assetClass = asset.assetClass;
  if (asset.initialPercent !== null && asset.initialPercent >= 0 && asset.initialPercent <= 100) {
    input.initialPercent = asset.initialPercent;
  }
  if (asset.color) input.color = asset.color;
  return input;
}
