import { Type, type Static } from "typebox";

/** Tickers as Yahoo spells them: letters, digits and . - ^ = (BRK-B, BTC-USD, ^GSPC, EURUSD=X). */
export const Ticker = Type.String({ minLength: 1, maxLength: 20, pattern: "^[A-Za-z0-9.^=-]+$" });
/** Calendar date, ISO `YYYY-MM-DD`. */
export const IsoDate = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", maxLength: 10 });
export const Slug = Type.String({ minLength: 1, maxLength: 80, pattern: "^[a-z0-9][a-z0-9-]*$" });

export const PORTFOLIO_VERSION = 3;
export const DEFAULT_TOTAL_VALUE = 10000;
/** The slug of a portfolio that was never saved; nobody owns it, so saving it asks for a name. */
export const NEW_SLUG = "new";

/** An asset as the client sends it: what the user decides. Derived numbers are the server's. */
export const AssetInput = Type.Object({
  ticker: Ticker,
  name: Type.Optional(Type.String({ maxLength: 200 })),
  /** a non-numeric quantity becomes 0 (spec §5), so strings are accepted and parsed */
  quantity: Type.Union([Type.Number(), Type.String({ maxLength: 40 })]),
  /** purchase price */
  PoA: Type.Number({ minimum: 0 }),
  /** purchase date */
  DoA: IsoDate,
  fee: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 }), Type.Null()])),
  assetClass: Type.Optional(Type.String({ maxLength: 40 })),
  initialPercent: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()])),
  color: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AssetInput = Static<typeof AssetInput>;

export const Asset = Type.Object({
  ticker: Type.String(),
  name: Type.String(),
  quantity: Type.Number(),
  PoA: Type.Number(),
  DoA: Type.String(),
  /** quantity × PoA */
  value: Type.Number(),
  fee: Type.Union([Type.Number(), Type.String(), Type.Null()]),
  assetClass: Type.String(),
  initialPercent: Type.Union([Type.Number(), Type.Null()]),
  color: Type.Optional(Type.String()),
  index: Type.Number(),
  latestPrice: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  marketValue: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  profitLoss: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  profitLossView: Type.Optional(Type.String()),
  percent: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  historical_data: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
export type Asset = Static<typeof Asset>;

export const FormatGains = Type.Union([Type.Literal("$"), Type.Literal("%")]);

/** The portfolio as the client sends it in a save; unknown fields are dropped. */
export const PortfolioInput = Type.Object({
  pName: Type.Optional(Type.String({ maxLength: 100 })),
  pDescription: Type.Optional(Type.String({ maxLength: 2000 })),
  assets: Type.Array(AssetInput, { maxItems: 200 }),
  privateMode: Type.Optional(Type.Boolean()),
  totalValue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  autoSave: Type.Optional(Type.Boolean()),
  formatGains: Type.Optional(FormatGains),
  indexTicker: Type.Optional(Ticker),
  showHealth: Type.Optional(Type.Boolean()),
  playGround: Type.Optional(Type.Boolean()),
  /** the revision the client edited; a save against a newer one is refused, never silently merged */
  rev: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PortfolioInput = Static<typeof PortfolioInput>;

export const Portfolio = Type.Object({
  ver: Type.Number(),
  slug: Type.String(),
  pName: Type.String(),
  pDescription: Type.String(),
  category: Type.String(),
  assets: Type.Array(Asset),
  privateMode: Type.Boolean(),
  playGround: Type.Boolean(),
  totalValue: Type.Number(),
  autoSave: Type.Boolean(),
  formatGains: FormatGains,
  indexTicker: Type.String(),
  showHealth: Type.Boolean(),
  notificationExists: Type.Boolean(),
  /** Σ asset value (cost basis) */
  value: Type.Number(),
  marketValue: Type.Union([Type.Number(), Type.Null()]),
  fees: Type.Union([Type.Number(), Type.Null()]),
  allHistory: Type.Union([Type.Record(Type.String(), Type.Number()), Type.Null()]),
  lastRefreshed: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  provider: Type.Union([Type.String(), Type.Null()]),
  imported: Type.Union([Type.String(), Type.Null()]),
  hasChanges: Type.Boolean(),
  /** revision, +1 on every save */
  rev: Type.Integer(),
});
export type Portfolio = Static<typeof Portfolio>;

export const SaveBody = Type.Object({
  portfolio: PortfolioInput,
  newPortfolioName: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
});
export type SaveBody = Static<typeof SaveBody>;

/** message pupdated | pcreated | showPopup (spec §4) */
export const SaveReply = Type.Object({
  message: Type.Union([Type.Literal("pupdated"), Type.Literal("pcreated"), Type.Literal("showPopup")]),
  slug: Type.Optional(Type.String()),
  data: Type.Optional(Portfolio),
});

export const PortfolioReply = Type.Object({
  data: Portfolio,
  has_updates: Type.Boolean(),
  state: Type.Object({ notOwner: Type.Boolean(), isAdmin: Type.Boolean() }),
});
export type PortfolioReply = Static<typeof PortfolioReply>;

export const PortfolioSettings = Type.Object({
  privateMode: Type.Optional(Type.Boolean()),
  pDescription: Type.Optional(Type.String({ maxLength: 2000 })),
  category: Type.Optional(Type.String({ maxLength: 40 })),
  autoSave: Type.Optional(Type.Boolean()),
  formatGains: Type.Optional(FormatGains),
  indexTicker: Type.Optional(Ticker),
  totalValue: Type.Optional(Type.Number({ minimum: 0, maximum: 1e12 })),
  showHealth: Type.Optional(Type.Boolean()),
});
export type PortfolioSettings = Static<typeof PortfolioSettings>;
export const SettingsBody = Type.Object({ settings: PortfolioSettings });
export const RenameBody = Type.Object({ newPortfolioName: Type.String({ maxLength: 100 }) });

/** The spec's portfolio list item (POST /v1/get/portfolios-and-assets), keyed by slug. */
export const PortfolioListItem = Type.Object({
  pname: Type.String(),
  slug: Type.String(),
  marketValue: Type.Union([Type.Number(), Type.Null()]),
  playGround: Type.Boolean(),
  privateMode: Type.Boolean(),
  historicalData: Type.Union([Type.Record(Type.String(), Type.Number()), Type.Null()]),
  created_at: Type.String(),
  assets: Type.Array(Asset),
  provider: Type.Union([Type.String(), Type.Null()]),
});
export const PortfoliosAndAssetsReply = Type.Object({
  portfolios: Type.Record(Type.String(), PortfolioListItem),
});

export const MessageReply = Type.Object({ message: Type.String(), slug: Type.Optional(Type.String()) });

/**
 * A refused portfolio change (403 not the owner, 409 version conflict) in the spec's `result: 'nok'` shape
 * (§8: the client shows `data` when the server supplies it), with the common `error` and `code`.
 */
export const NokReply = Type.Object({
  result: Type.Literal("nok"),
  data: Type.Optional(Type.String()),
  error: Type.String(),
  code: Type.String(),
});
