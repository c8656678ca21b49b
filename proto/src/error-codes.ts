/**
 * The one registry of error codes: the stable, machine-readable `code` of every error reply the API sends
 * (`{ error, code }`, with the spec's fields where it has them). Each call's contract lists the codes it may
 * answer (contracts/<service>.ts); servers throw with these constants and the web matches them from here,
 * never by a literal. Plain values with no TypeBox, so the web imports this module at run time.
 */

/** What any call may answer, whatever its contract says (the server, the edge and the platform send them). */
export const CommonErrorCodes = {
  /** the request does not fit the call's schema (or its JSON does not parse) */
  validation: "validation_failed",
  rateLimited: "rate_limited",
  /** a dependency (the store, the cache, another service) is down: 503 with Retry-After */
  unavailable: "unavailable",
  internal: "internal",
  payloadTooLarge: "payload_too_large",
  unsupportedMediaType: "unsupported_media_type",
} as const;

export const ErrorCodes = {
  ...CommonErrorCodes,
  /** 401: sign in first (the spec's `result: 'nouser'`) */
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  notFound: "not_found",
  conflict: "conflict",
  // accounts
  credentialsRequired: "auth/credentials-required",
  weakPassword: "auth/weak-password",
  invalidCredential: "auth/invalid-credential",
  userNotFound: "auth/user-not-found",
  emailInUse: "auth/email-already-in-use",
  invalidResetToken: "auth/invalid-reset-token",
  // portfolio
  versionConflict: "portfolio/version-conflict",
  invalidAsset: "portfolio/invalid-asset",
  /** a new portfolio past PORTFOLIOS_PER_USER (constants.ts) */
  tooManyPortfolios: "portfolio/too-many",
} as const;

/** A refused settings update (spec §8: `message` is what the page shows). */
export const SettingsErrorCodes = {
  required: "settings/username-required",
  length: "settings/username-length",
  characters: "settings/username-characters",
  taken: "settings/username-taken",
  displayName: "settings/display-name-empty",
  baseCurrency: "settings/base-currency",
} as const;

export const AchievementErrorCodes = { oneStepAtATime: "achievements/one-step-at-a-time" } as const;

export const BillingErrorCodes = {
  notConfigured: "billing/not-configured",
  unknownPrice: "billing/unknown-price",
  alreadySubscribed: "billing/already-subscribed",
  noCustomer: "billing/no-customer",
  providerFailed: "billing/provider-failed",
  badSignature: "billing/bad-signature",
} as const;

export const BrokerageErrorCodes = {
  notConfigured: "brokerage/not-configured",
  connectionLimit: "brokerage/connection-limit",
  plaidFailed: "brokerage/plaid-failed",
  notYourEmail: "brokerage/not-your-email",
  noInvestments: "brokerage/no-investment-accounts",
} as const;

export const ChatErrorCodes = {
  /** no model is configured: the reply names what to set */
  notConfigured: "chat/not-configured",
} as const;

export const ImportErrorCodes = {
  noHoldings: "import/no-holdings",
  /** a screenshot with nothing on it */
  blank: "import/empty-image",
  notAnImage: "import/not-an-image",
  // a screenshot refused before it is read (ocr/input.ts checkImage)
  emptyImage: "import/empty",
  tooLarge: "import/too-large",
  tooManyPixels: "import/too-many-pixels",
  decompressionBomb: "import/decompression-bomb",
  // broker files
  emptyFile: "import/empty-file",
  notABrokerFile: "import/not-a-broker-file",
  unreadableFile: "import/unreadable-file",
  tooManyMappings: "import/too-many-mappings",
} as const;

type ValuesOf<T> = T extends unknown ? T[keyof T] : never;
type Registry = [
  typeof ErrorCodes,
  typeof SettingsErrorCodes,
  typeof AchievementErrorCodes,
  typeof BillingErrorCodes,
  typeof BrokerageErrorCodes,
  typeof ChatErrorCodes,
  typeof ImportErrorCodes,
];
/** Any code the API answers with. */
export type ErrorCode = ValuesOf<Registry[number]>;

/** Every code, once (a function, so a bundle that imports one group keeps only that group). */
export function allErrorCodes(): readonly ErrorCode[] {
  const registry: Registry = [
    ErrorCodes,
    SettingsErrorCodes,
    AchievementErrorCodes,
    BillingErrorCodes,
    BrokerageErrorCodes,
    ChatErrorCodes,
    ImportErrorCodes,
  ];
  return [...new Set(registry.flatMap((group) => Object.values(group) as ErrorCode[]))];
}

/** The codes every call may answer (CommonErrorCodes). */
export const COMMON_ERROR_CODES: readonly ErrorCode[] = Object.values(CommonErrorCodes);
