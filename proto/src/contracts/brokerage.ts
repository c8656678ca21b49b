/**
 * The brokerage service's calls (spec §7 /v1/plaid/*) and Plaid's webhook. Every call but the webhook needs
 * the signed-in caller; while Plaid is not configured they answer 503 naming the variables to set
 * (get_connections answers `configured: false` with the same words).
 */
import { Type } from "typebox";
import {
  BrokerageErrorReply,
  ConnectionsReply,
  CreatePortfoliosBody,
  CreatePortfoliosReply,
  DeleteConnectionParams,
  DeleteConnectionReply,
  LinkTokenReply,
} from "../brokerage.ts";
import { contract, type ServiceContracts } from "../contract.ts";
import { BrokerageErrorCodes, ErrorCodes } from "../error-codes.ts";
import { ErrorReply } from "../errors.ts";
import { Routes } from "../routes.ts";

const routes = Routes.brokerage;
const refusals = { 400: BrokerageErrorReply, 403: BrokerageErrorReply, 404: BrokerageErrorReply, 503: BrokerageErrorReply } as const;
const { notConfigured, connectionLimit, plaidFailed, noInvestments, notYourEmail } = BrokerageErrorCodes;

export const BrokerageContracts = {
  /** a link token for Plaid Link, or `needs_upgrade` at the plan's limit */
  linkToken: contract(routes.linkToken, {
    reply: { 200: LinkTokenReply, ...refusals },
    errors: [notConfigured, connectionLimit, plaidFailed],
  }),
  createPortfolios: contract(routes.createPortfolios, {
    body: CreatePortfoliosBody,
    reply: { 200: CreatePortfoliosReply, ...refusals },
    errors: [notConfigured, connectionLimit, plaidFailed, noInvestments],
  }),
  connections: contract(routes.connections, { reply: { 200: ConnectionsReply } }),
  deleteConnection: contract(routes.deleteConnection, {
    params: DeleteConnectionParams,
    reply: { 200: DeleteConnectionReply, ...refusals },
    errors: [notConfigured, notYourEmail, plaidFailed, ErrorCodes.notFound],
  }),
  /** 401: the signature (Plaid-Verification) does not verify the exact bytes received */
  webhook: contract(routes.webhook, {
    reply: { 200: Type.Object({ received: Type.Boolean() }), 400: ErrorReply, 401: ErrorReply, 503: ErrorReply },
    errors: [ErrorCodes.unauthorized, notConfigured],
  }),
} satisfies ServiceContracts<typeof routes>;
