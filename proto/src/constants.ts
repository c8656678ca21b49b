/**
 * The constants and words both the server and the web app use: the spec's messages, the username and
 * asset rules, categories, sample slugs, the ticker pattern. Plain values with no TypeBox, so the web imports
 * this module (and only this one from proto at run time) without pulling a schema library into its bundle.
 * The schema modules import their limits from here, so a rule has one definition.
 */

/** The spec's messages (sections 4, 5 and 8), word for word, and the product's own where the spec has none. */
export const Messages = {
  // §8 authentication
  credentialsRequired: "Email and password are required",
  weakPassword: "The password must be at least 6 characters long",
  invalidCredential: "The email and/or password is not correct",
  userNotFound: "The email address is not registered",
  emailInUse: "The email address is already in use",
  // §8 API and saving
  saveFailed: "An error occurred while saving. Please try again.",
  apiFailed: "API request failed",
  apiRequestError: "An error occurred during the API request",
  priceFailed: "Ooops! Something went wrong!",
  chatFailed: "An error occurred. Please refresh the page and try again.",
  connectionRemoveFailed: "An error occurred. Please try again.",
  connectionLimit: "Only one connected account is allowed in your plan",
  // §4 save outcomes
  portfolioCreated: "New portfolio created!",
  saved: "Saved!",
  settingsUpdated: "Updated!",
  // §5 adding an asset, checked in this order
  quantityMissing: "Quantity missing",
  dateMissing: "Purchase date missing",
  priceMissing: "Purchase price missing",
} as const;

/** Spec §9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * Username rule (spec §5), checked in this order after trimming: present, USERNAME_MIN..USERNAME_MAX
 * characters, only ASCII letters, digits and underscores (so a name reads the same everywhere and cannot
 * imitate another with look-alike letters), and unique regardless of case (the server's part).
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 15;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

export const UsernameMessages = {
  required: "Username is required",
  length: `The username must be between ${USERNAME_MIN} and ${USERNAME_MAX} characters long`,
  characters: "The username may only contain letters, numbers and underscores",
  taken: "This username is already taken",
} as const;
export type UsernameFailure = keyof typeof UsernameMessages;

export const DISPLAY_NAME_EMPTY = "The display name must not be empty";

/** The rule's failure for a username (checked after trimming, in the spec's order), or null when it passes. */
export function usernameFailure(raw: string): Exclude<UsernameFailure, "taken"> | null {
  const username = raw.trim();
  if (username === "") return "required";
  // counted in code points, so a name with an emoji is told about its length, not cut mid-character
  const length = [...username].length;
  if (length < USERNAME_MIN || length > USERNAME_MAX) return "length";
  if (!USERNAME_PATTERN.test(username)) return "characters";
  return null;
}

/** Tickers as Yahoo spells them: letters, digits and . - ^ = (BRK-B, BTC-USD, ^GSPC, EURUSD=X). */
export const TICKER_PATTERN = "^[A-Za-z0-9.^=-]+$";
export const TICKER_MAX_LENGTH = 20;

/**
 * The community's categories, in the order the page shows them. A portfolio's `category` is one of these or
 * "" (not chosen yet); an uncategorised public portfolio is listed under 'Other'.
 */
export const COMMUNITY_CATEGORIES = ["Growth", "Dividend", "Index", "Tech", "Crypto", "Other"] as const;
export type CommunityCategory = (typeof COMMUNITY_CATEGORIES)[number];
export const UNCATEGORISED: CommunityCategory = "Other";
export const COMMUNITY_PAGE_SIZE = 12;
export const COMMUNITY_MAX_PAGE_SIZE = 48;

/** The visitors' sample portfolios (spec §2 Dashboard), in the dashboard's order. */
export const SAMPLE_SLUGS = ["sample-three-fund", "sample-tech-stocks", "sample-dividend-income"] as const;

/** Spec §9: portfolio version and default total value. */
export const PORTFOLIO_VERSION = 3;

/**
 * Portfolios one user may keep (playgrounds and imported ones included; the spec names no limit: product-decisions.md
 * "Portfolios per user"). What is computed over all of a user's portfolios (net worth, the movers, the dashboard's
 * list, one reply) stays bounded by it.
 */
export const PORTFOLIOS_PER_USER = 100;
export const tooManyPortfoliosMessage = (limit: number) => `You have ${limit} portfolios: delete one to save a new one.`;
export const DEFAULT_TOTAL_VALUE = 10000;
/** The slug of a portfolio that was never saved; nobody owns it, so saving it asks for a name. */
export const NEW_SLUG = "new";

/** The benchmarks a portfolio can be compared with (`indexTicker`), in the picker's words. */
export const BENCHMARK_INDEXES = { SPY: "S&P 500", VOO: "ETF Vanguard", VTI: "ETF Total" } as const;
export const DEFAULT_INDEX_TICKER = "SPY";

/** Spec §5 and §9: autocomplete starts past one character. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;
export const AUTOCOMPLETE_MAX_SUGGESTIONS = 10;

/** Spec §4: eight achievement steps; 0 is "none done yet". */
export const ACHIEVEMENT_STEPS = 8;

/**
 * Imports (screenshots and broker files). The spec shows no wording for the upload alert; this is ours.
 * Limits: an image at most 10 MB and 40 megapixels; a broker file at most 5 MB. Zoom and the upload
 * progress are the spec's (§2, §4, §9); the flash is the import table's invalid-cell highlight (§5, §9).
 */
export const ImportMessages = {
  uploadReceived: "Screenshot received! We will send you an e-mail once your portfolio is ready.",
  noHoldings: "No holdings found in this screenshot",
  noHoldingsHint:
    "Crop the screenshot to the list of positions (ticker or name, quantity) and try again, or send it for manual processing.",
  blankImage: "The image is empty: no text to read",
  noFileHoldings: "No holdings found in this file",
  importFailed: "The screenshot could not be read. Please try again.",
  manualUnconfigured: "Manual processing is not configured: set IMPORT_MANUAL_TO to the address that receives screenshots",
  jobNotFound: "No such screenshot import",
} as const;

export const IMPORT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_IMAGE_PIXELS = 40_000_000;
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** broker files read together in one import (a history and its positions download) */
export const IMPORT_MAX_FILES = 5;
/** column mappings one user may keep */
export const IMPORT_MAX_MAPPINGS = 50;
export const IMPORT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** `imported` of a portfolio made by an import: a screenshot, or the broker file's format. */
export const IMPORT_FORMATS = [
  "screenshot",
  "schwab",
  "fidelity",
  "vanguard",
  "etrade",
  "ofx",
  "ibkr",
  "degiro",
  "trading212",
  "etoro",
  "revolut",
  "freetrade",
  "ghostfolio",
  "robinhood",
  "coinbase",
  "kraken",
  "qif",
  "csv",
] as const;
export type ImportedFrom = (typeof IMPORT_FORMATS)[number];

export const ZOOM_MIN = 10;
export const ZOOM_MAX = 2000;
export const ZOOM_DEFAULT = 150;
export const ZOOM_STEP = 10;
export const UPLOAD_PROGRESS_STEP = 10;
export const UPLOAD_PROGRESS_INTERVAL_MS = 100;
export const FLASH_DURATION_MS = 2000;
export const FLASH_TOGGLE_MS = 200;

/** The AI assistant's limits on what a client may send (spec §7 chat calls). */
export const CHAT_LIMITS = {
  messageMaxLength: 4000,
  historyMaxTurns: 40,
  historyContentMaxLength: 8000,
  /** spec §9: cards render 0.5 s after the reply */
  cardDelayMs: 500,
} as const;

/** The assistant's own messages (the spec has only chatFailed, in Messages). */
export const ChatMessages = {
  notConfigured: (missing: readonly string[]) =>
    `The AI assistant is not configured on this server: set ${missing.join(", ")} (see docs/configuration.md, AI assistant).`,
  chatNotFound: "This chat does not exist. Start a new chat.",
  tooManyRequests: "You have sent too many messages to the assistant. Please try again later.",
  tokenBudget: "You have used today's assistant allowance. Please try again tomorrow.",
  cutRounds: (rounds: number) => `(I stopped after ${rounds} rounds of looking up your data, so this answer may be incomplete.)`,
  cutTokens: "(The answer reached its length limit and was cut.)",
  cutTime: (seconds: number) => `(I ran out of time after ${seconds} s, so this answer may be incomplete.)`,
} as const;

/** Billing's replies (issue 14), which the web shows with the same words; the web adds 'Error: ' (spec §8). */
export const BillingMessages = {
  notConfigured:
    "Billing is not configured on this server: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and BILLING_PRICE_IDS to offer the paid plan.",
  unknownPrice: "This plan is not offered.",
  alreadySubscribed: "You already have the paid plan. Use 'Manage subscription' to change it.",
  noCustomer: "You have no subscription to manage yet.",
  providerFailed: "The payment provider could not be reached. Please try again.",
  badSignature: "The webhook signature could not be verified.",
} as const;

/**
 * Base currencies a user may pick: every amount is shown in it, converted with the provider's historical
 * exchange rates (`<CUR><BASE>=X`). Major units only (docs/numbers.md "Currencies").
 */
export const SUPPORTED_CURRENCIES = [
  "USD",
  "EUR",
  "GBP",
  "CHF",
  "JPY",
  "CAD",
  "AUD",
  "NZD",
  "SEK",
  "NOK",
  "DKK",
  "HKD",
  "SGD",
  "ILS",
  "ZAR",
  "INR",
] as const;
export type SupportedCurrency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_BASE_CURRENCY: SupportedCurrency = "USD";
export const isSupportedCurrency = (c: unknown): c is SupportedCurrency =>
  typeof c === "string" && (SUPPORTED_CURRENCIES as readonly string[]).includes(c);
export const BASE_CURRENCY_UNSUPPORTED = `The base currency must be one of ${SUPPORTED_CURRENCIES.join(", ")}`;
/** Spec §3: the permanent provider of portfolios imported from a Plaid (US) brokerage connection. */
export const PLAID_PROVIDER = "Plaid-US";

/** A portfolio page's path (the web's route `p/:slug`) as a regular expression, its slug captured. */
export const PORTFOLIO_PAGE_PATH = "^/p/([^/]+)/?$";
