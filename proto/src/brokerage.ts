/**
 * Brokerage connections through Plaid: the bodies and replies of the spec's /v1/plaid/* calls (§7), the
 * webhook Plaid posts, and the provider name imported portfolios carry.
 */
import { type Static, Type } from "typebox";

export { PLAID_PROVIDER } from "./constants.ts";

export { BrokerageErrorCodes } from "./error-codes.ts";

/** POST /v1/plaid/create-link-token/: a link token for Plaid Link, or `needs_upgrade` at the plan's limit. */
export const LinkTokenReply = Type.Union([
  Type.Object({ link_token: Type.String(), expiration: Type.Optional(Type.String()) }),
  Type.Object({ needs_upgrade: Type.Literal(true), message: Type.String() }),
]);
export type LinkTokenReply = Static<typeof LinkTokenReply>;

/** What Plaid Link's onSuccess hands the page (only the parts the server reads; the rest is dropped). */
export const LinkMetadata = Type.Object({
  institution: Type.Optional(
    Type.Union([
      Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })), institution_id: Type.Optional(Type.String({ maxLength: 100 })) }),
      Type.Null(),
    ]),
  ),
  link_session_id: Type.Optional(Type.String({ maxLength: 200 })),
});

export const CreatePortfoliosBody = Type.Object({
  public_token: Type.String({ minLength: 1, maxLength: 200 }),
  metadata: Type.Optional(Type.Union([LinkMetadata, Type.Null()])),
});
export type CreatePortfoliosBody = Static<typeof CreatePortfoliosBody>;

export const CreatePortfoliosReply = Type.Object({
  public_token_exchange: Type.Literal("complete"),
  /** the connection the portfolios come from */
  connectionId: Type.String(),
  /** investment accounts found (one portfolio each) */
  accounts: Type.Integer({ minimum: 0 }),
  /** true when this item was already connected: its portfolios were refreshed, none added */
  duplicate: Type.Boolean(),
});

/** A connection's state: `ok`, or `login_required` when the brokerage needs the user to log in again (Plaid ITEM_LOGIN_REQUIRED). */
export const ConnectionStatus = Type.Union([Type.Literal("ok"), Type.Literal("login_required")]);
export type ConnectionStatus = Static<typeof ConnectionStatus>;

export const ConnectionItem = Type.Object({
  id: Type.String(),
  institution: Type.Object({ name: Type.String() }),
  status: ConnectionStatus,
  /** ISO time of the last successful holdings refresh */
  lastSynced: Type.Union([Type.String(), Type.Null()]),
  /** investment accounts (= portfolios) the connection feeds */
  accounts: Type.Integer({ minimum: 0 }),
});
export type ConnectionItem = Static<typeof ConnectionItem>;

/** POST /v1/plaid/get_connections */
export const ConnectionsReply = Type.Object({
  results: Type.Array(ConnectionItem),
  /** connections the caller's plan allows */
  maxConnections: Type.Integer({ minimum: 0 }),
  /** whether this server has Plaid configured; when not, `message` says what to set */
  configured: Type.Boolean(),
  message: Type.Optional(Type.String()),
});
export type ConnectionsReply = Static<typeof ConnectionsReply>;

/** GET /v1/plaid/delete_plaid_connection/{email}/{connectionId} */
export const DeleteConnectionParams = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  connectionId: Type.String({ minLength: 1, maxLength: 100 }),
});
export const DeleteConnectionReply = Type.Object({ result: Type.Union([Type.Literal("ok"), Type.Literal("nok")]) });

/** The reply when Plaid is not configured or answers with a failure (503), or the plan's limit is reached (403). */
export const BrokerageErrorReply = Type.Object({
  error: Type.String(),
  code: Type.String(),
  result: Type.Optional(Type.Literal("nok")),
  needs_upgrade: Type.Optional(Type.Boolean()),
});
