/**
 * The words the user sees, from the spec (sections 4, 5 and 8) where it gives them. Kept here rather than
 * imported from `@folio/proto/errors`: that module pulls TypeBox in at run time, which the bundle must not.
 */
export const Messages = {
  credentialsRequired: "Email and password are required",
  weakPassword: "The password must be at least 6 characters long",
  saveFailed: "An error occurred while saving. Please try again.",
  quantityMissing: "Quantity missing",
  dateMissing: "Purchase date missing",
  priceMissing: "Purchase price missing",
  tickerMissing: "Ticker missing",
  tickerInvalid: "A ticker has only letters, digits and . - ^ =",
  portfolioCreated: "New portfolio created!",
  saved: "Saved!",
  resetSent: "Check your e-mail for a reset link.",
  passwordChanged: "Your password has been changed. You can log in with it now.",
  resetLinkInvalid: "This reset link is not valid. Ask for a new one from the login window.",
  portfolioMissing: "This portfolio does not exist or is private.",
  loadFailed: "The portfolio could not be loaded. Please try again.",
  somethingWrong: "Something went wrong. Please try again.",
  priceFailed: "Ooops! Something went wrong!",
  initialPercentSkipped: (tickers: readonly string[]) =>
    `No price at the purchase date for ${tickers.join(", ")}: quantity kept as entered.`,
} as const;

/** Spec §9 */
export const PASSWORD_MIN_LENGTH = 6;
