/** The pricing service's calls: a ticker's price and as-traded close, and symbol search. None needs a session. */
import { contract, type ServiceContracts } from "../contract.ts";
import { ErrorCodes } from "../error-codes.ts";
import { ErrorReply } from "../errors.ts";
import { AutocompleteQuery, AutocompleteReply, CloseQuery, CloseReply, PriceQuery, PriceReply, TickerParams } from "../pricing.ts";
import { Routes } from "../routes.ts";

const routes = Routes.pricing;

export const PricingContracts = {
  /** 404: pricing knows no such ticker, or it has no close that early (PricingMessages says which) */
  close: contract(routes.close, {
    params: TickerParams,
    query: CloseQuery,
    reply: { 200: CloseReply, 400: ErrorReply, 404: ErrorReply, 503: ErrorReply },
    errors: [ErrorCodes.notFound],
  }),
  /** 404: pricing knows no such ticker (PricingMessages.unknownTicker); 503: no provider answers and no last good value is kept */
  price: contract(routes.price, {
    params: TickerParams,
    query: PriceQuery,
    reply: { 200: PriceReply, 400: ErrorReply, 404: ErrorReply, 503: ErrorReply },
    errors: [ErrorCodes.notFound],
  }),
  autocomplete: contract(routes.autocomplete, { query: AutocompleteQuery, reply: { 200: AutocompleteReply, 400: ErrorReply } }),
} satisfies ServiceContracts<typeof routes>;
