/**
 * The visitors' playground (docs/product-decisions.md "Playground"): a draft portfolio valued without an account and without
 * being stored. POST /v1/playground/value takes the draft as a save would and answers it valued, as a load
 * would; it is limited per client address, since anyone may call it.
 */
import { Type } from "typebox";
import { Portfolio, PortfolioInput, Valuation } from "./portfolio.ts";
import { Routes } from "./routes.ts";

export const PLAYGROUND_PATH = Routes.portfolio.playground.path;
/** the draft's slug in replies: it has none until it is saved */
export const PLAYGROUND_SLUG = "playground";
/** requests per client address and minute (RATE_LIMIT_PLAYGROUND_PER_MINUTE) */
export const PLAYGROUND_PER_MINUTE = 30;

export const PlaygroundBody = Type.Object({ portfolio: PortfolioInput });

export const PlaygroundReply = Type.Object({
  data: Portfolio,
  valuation: Type.Union([Valuation, Type.Null()]),
  /** with applyInitialPercents: tickers whose quantity was kept for want of a price at their purchase date */
  initialPercentSkipped: Type.Optional(Type.Array(Type.String())),
});
