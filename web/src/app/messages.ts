/**
 * The words the user sees: the spec's (sections 4, 5 and 8) from proto's TypeBox-free constants module, which
 * the server answers with too, and the web's own beside them.
 */
import { Messages as SpecMessages } from "@folio/proto/constants";

export { PASSWORD_MIN_LENGTH } from "@folio/proto/constants";

export const Messages = {
  ...SpecMessages,
  tickerMissing: "Ticker missing",
  tickerInvalid: "A ticker has only letters, digits and . - ^ =",
  resetSent: "Check your e-mail for a reset link.",
  resetNeedsEmail: "Enter your e-mail address above: the reset link is sent there.",
  passwordChanged: "Your password has been changed. You can log in with it now.",
  resetLinkInvalid: "This reset link is not valid. Ask for a new one from the login window.",
  portfolioMissing: "This portfolio does not exist or is private.",
  loadFailed: "The portfolio could not be loaded. Please try again.",
  somethingWrong: "Something went wrong. Please try again.",
  initialPercentSkipped: (tickers: readonly string[]) =>
    `No price at the purchase date for ${tickers.join(", ")}: quantity kept as entered.`,
  initialPercentZero: (zero: readonly { ticker: string; initialPercent: number; units: number }[]) =>
    `${zero.map((z) => `${z.ticker} at ${z.initialPercent}% buys ${Number(z.units.toPrecision(2))} of a unit`).join("; ")}: rounded to 0 whole units.`,
} as const;
