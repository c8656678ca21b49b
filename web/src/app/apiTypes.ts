/**
 * The API's shapes, derived from the contracts in `@folio/proto`. Type-only imports: nothing of TypeBox
 * reaches the bundle.
 */
import type { AuthReply, User } from "@folio/proto/auth";
import type {
  Asset,
  AssetInput,
  BenchmarkLine,
  HistoricalPeriod,
  MessageReply as MessageReplySchema,
  MonthlySeries,
  Portfolio,
  PortfolioInput,
  PortfolioListItem as PortfolioListItemSchema,
  PortfolioReply,
  PortfolioSettings,
  PortfoliosAndAssetsReply as PortfoliosAndAssetsReplySchema,
  RangeReturn,
  SaveBody,
  SaveReply as SaveReplySchema,
  Valuation,
} from "@folio/proto/portfolio";
import type { AutocompleteReply, CloseReply, PriceReply, Suggestion } from "@folio/proto/pricing";
import type { Static } from "typebox";

export type {
  Asset,
  AssetInput,
  AuthReply,
  AutocompleteReply,
  BenchmarkLine,
  CloseReply,
  HistoricalPeriod,
  MonthlySeries,
  Portfolio,
  PortfolioInput,
  PortfolioReply,
  PortfolioSettings,
  PriceReply,
  RangeReturn,
  SaveBody,
  Suggestion,
  User,
  Valuation,
};
export type SaveReply = Static<typeof SaveReplySchema>;
/** the signed-in user as sign-in answers it: `isAdmin` when the token carries the admin claim */
export type AuthUser = AuthReply["user"];
export type MessageReply = Static<typeof MessageReplySchema>;
export type PortfolioListItem = Static<typeof PortfolioListItemSchema>;
export type PortfoliosAndAssetsReply = Static<typeof PortfoliosAndAssetsReplySchema>;

export interface Credentials {
  email: string;
  password: string;
}
export interface RegisterRequest extends Credentials {
  displayName: string;
}
/** The spec's POST /v1/login and /v1/register body. */
export interface CurrentUserRequest {
  currentUser: Pick<User, "uid" | "email" | "displayName">;
  referrer?: string | null;
}

/** The slug of a portfolio that was never saved (proto's NEW_SLUG; a value, so repeated here). */
export const NEW_SLUG = "new";
