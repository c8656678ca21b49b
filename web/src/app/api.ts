/**
 * The one RTK Query api. Base URL "" (same origin: the gateway serves the app and the API; the dev
 * server proxies). Features add their calls with `api.injectEndpoints`.
 */
import { ErrorCodes } from "@folio/proto/error-codes";
import { type BaseQueryFn, createApi, type FetchArgs, type FetchBaseQueryError, fetchBaseQuery } from "@reduxjs/toolkit/query/react";
import { type AuthState, loginRequired, sessionExpired } from "../features/auth/authSlice.ts";
import { fetchWithEarlyCall } from "./earlyCall.ts";
import { replyError } from "./replyError.ts";

export interface ApiExtraOptions {
  /** A visitor may make this call: a 401 from it does not ask them to log in. */
  anonymousOk?: boolean;
}

const fetchJson = fetchBaseQuery({
  baseUrl: "",
  // a visitor's first call may already be under way (app/earlyCall.ts)
  fetchFn: fetchWithEarlyCall,
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as { auth: AuthState }).auth.idToken;
    if (token) headers.set("authorization", `Bearer ${token}`);
    return headers;
  },
});

/** Spec §4/§6: a 401 `{ result: 'nouser' }` (or the gateway's plain 401) means "log in first". */
export function isNoUser(error: unknown): boolean {
  const reply = replyError(error);
  if (reply?.status !== 401) return false;
  const result = reply.body.result;
  return result === "nouser" || reply.code === ErrorCodes.unauthorized || (result === undefined && reply.body.code === undefined);
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (args, api, extraOptions) => {
  const hadSession = (api.getState() as { auth: AuthState }).auth.idToken !== null;
  const result = await fetchJson(args, api, {});
  if (result.error && isNoUser(result.error)) {
    if (hadSession) api.dispatch(sessionExpired());
    if (!extraOptions?.anonymousOk) api.dispatch(loginRequired());
  }
  return result;
};

export const api = createApi({
  reducerPath: "api",
  baseQuery,
  // "AchievementState": invalidated by every call after which the server may have advanced an achievement
  // step it observes; the achievements feature hears of it through its watch query (achievementsApi.ts)
  tagTypes: ["PortfolioList", "AchievementState"],
  endpoints: () => ({}),
});

/** The message to show for a failed call (replyError.ts). */
export { errorMessage } from "./replyError.ts";
