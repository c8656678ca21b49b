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
