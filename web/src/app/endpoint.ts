/**
 * The web's side of the calls' contracts: an RTK Query request built from a call's address (@folio/proto/routes:
 * method, path, who may make it), so no endpoint writes a path. The addresses are plain values; the replies'
 * and bodies' types come from proto by type-only imports, so no schema library reaches the bundle.
 */
import { type PathParams, type QueryValues, type Route, urlOf } from "@folio/proto/routes";
import type { FetchArgs } from "@reduxjs/toolkit/query";
import type { ApiExtraOptions } from "./api.ts";

type Params<R extends Route> = keyof PathParams<R["path"]> extends never ? { params?: undefined } : { params: PathParams<R["path"]> };

export type RequestParts<R extends Route> = Params<R> & {
  /** the query string's values, in the order given (RTK Query appends them) */
  query?: QueryValues;
  body?: unknown;
  cache?: RequestCache;
};

type PartsArgs<R extends Route> = keyof PathParams<R["path"]> extends never ? [parts?: RequestParts<R>] : [parts: RequestParts<R>];

/** One call's request: its method, its path with the parameters in place, and whatever else it carries. */
export function request<R extends Route>(route: R, ...[parts]: PartsArgs<R>): FetchArgs {
  const { params, query, body, cache } = (parts ?? {}) as RequestParts<Route> & { params?: Record<string, string> };
  return {
    url: (urlOf as (r: Route, p?: Record<string, string>) => string)(route, params),
    method: route.method,
    ...(query ? { params: query } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(cache ? { cache } : {}),
  };
}

/** A call anyone may make (its contract's `auth` is not `required`): a 401 from it does not ask a visitor to log in. */
export const visitorsMay = (route: Route): ApiExtraOptions => ({ anonymousOk: route.auth !== "required" });
