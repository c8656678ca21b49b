import { createAsyncThunk } from "@reduxjs/toolkit";
import { errorMessage, isNoUser } from "../../app/api.ts";
import { NEW_SLUG, type Portfolio, type PortfolioReply, type SaveBody } from "../../app/apiTypes.ts";
import { Messages } from "../../app/messages.ts";
import { replyError } from "../../app/replyError.ts";
import { type AuthState, loginRequired } from "../auth/authSlice.ts";
import { showError, showInfo, showSuccess } from "../toasts/toastsSlice.ts";
import { portfolioApi } from "./portfolioApi.ts";
import { type PortfolioState, toPortfolioInput } from "./portfolioModel.ts";

interface ThunkConfig {
  state: { auth: AuthState; portfolio: PortfolioState };
}

export interface LoadArgs {
  slug: string;
  signedIn: boolean;
}

interface Fetched {
  data?: PortfolioReply;
  error?: unknown;
}

/**
 * Spec §4: visitors load the cachable copy, signed-in users the uncached one; a cachable copy that says
 * has_updates is replaced by the uncached one.
 */
export const loadPortfolio = createAsyncThunk<PortfolioReply, LoadArgs, ThunkConfig & { rejectValue: { status: number | string } }>(
  "portfolio/load",
  async ({ slug, signedIn }, { dispatch, rejectWithValue }) => {
    const options = { subscribe: false, forceRefetch: true };
    const uncached = async (): Promise<Fetched> => dispatch(portfolioApi.endpoints.getPortfolio.initiate(slug, options));
    let result: Fetched = signedIn ? await uncached() : await dispatch(portfolioApi.endpoints.getCachablePortfolio.initiate(slug, options));
    if (!signedIn && result.data?.has_updates) {
      const fresh = await uncached();
      if (fresh.data) result = fresh;
    }
    if (result.data) return result.data;
    return rejectWithValue({ status: replyError(result.error)?.status ?? "FETCH_ERROR" });
  },
);

/**
 * Re-reads the portfolio after a change was saved, for the server's new valuation (charts, returns,
 * backtests). `seq` is the edit count when it was asked for: a reply to older edits only brings figures.
 */
export const refreshPortfolio = createAsyncThunk<
  { slug: string; seq: number; reply: PortfolioReply },
  /** restore: the server refused the edits on screen, so the stored copy replaces them (unless edited since) */
  { restore?: boolean } | undefined,
  ThunkConfig
>(
  "portfolio/refresh",
  async (_, { dispatch, getState, rejectWithValue }) => {
    const { slug, editSeq: seq } = getState().portfolio;
    const result: Fetched = await dispatch(
      portfolioApi.endpoints.getPortfolio.initiate(slug ?? NEW_SLUG, { subscribe: false, forceRefetch: true }),
    );
    if (!result.data || !slug) return rejectWithValue(null);
    return { slug, seq, reply: result.data };
  },
  {
    condition: (_, { getState }) => {
      const { slug, status } = getState().portfolio;
      return slug !== null && slug !== NEW_SLUG && status === "ready";
    },
  },
);

export type SaveOutcome =
  | { kind: "updated"; seq: number; data?: Portfolio }
  | { kind: "created"; seq: number; slug: string }
  | { kind: "namePrompt" }
  | { kind: "loginRequired" }
  /** the server refused the edits (400, e.g. a sale left without the buy it sells from): its words, and the edit count */
  | { kind: "refused"; seq: number; message: string }
  | { kind: "failed" };

/** Spec §4 save outcomes: showPopup, pcreated, pupdated, nouser, anything else. */
export const savePortfolio = createAsyncThunk<SaveOutcome, { newPortfolioName?: string } | undefined, ThunkConfig>(
  "portfolio/save",
  async (arg, { dispatch, getState }) => {
    const { slug, data, editSeq: seq, applyInitialPercents } = getState().portfolio;
    if (!slug || !data) return { kind: "failed" };
    const body: SaveBody = { portfolio: toPortfolioInput(data, { applyInitialPercents }) };
    if (arg?.newPortfolioName) body.newPortfolioName = arg.newPortfolioName;

    const request = dispatch(portfolioApi.endpoints.savePortfolio.initiate({ slug, body }));
    const result = await request;
    request.reset();

    if (result.error) {
      if (isNoUser(result.error)) return { kind: "loginRequired" };
      // a refusal is said beside the header (PortfolioPage), where the figures it concerns are, not in a passing toast
      const refusal = replyError(result.error);
      if (refusal?.status === 400) return { kind: "refused", seq, message: refusal.message ?? Messages.saveFailed };
      dispatch(showError(errorMessage(result.error, Messages.saveFailed)));
      return { kind: "failed" };
    }
    const reply = result.data;
    if (reply.message === "showPopup") return { kind: "namePrompt" };
    if (reply.initialPercentSkipped && reply.initialPercentSkipped.length > 0) {
      dispatch(showInfo(Messages.initialPercentSkipped(reply.initialPercentSkipped)));
    }
    if (reply.initialPercentZero && reply.initialPercentZero.length > 0) {
      dispatch(showInfo(Messages.initialPercentZero(reply.initialPercentZero)));
    }
    if (reply.message === "pcreated") {
      dispatch(showSuccess(Messages.portfolioCreated));
      return { kind: "created", seq, slug: reply.slug ?? reply.data?.slug ?? slug };
    }
    if (reply.message === "pupdated") {
      if (!data.autoSave) dispatch(showSuccess(Messages.saved));
      return { kind: "updated", seq, data: reply.data };
    }
    // a 2xx reply of another shape, e.g. `{ result: 'nouser' }` or `{ result: 'nok', data }`
    if ((reply as { result?: unknown }).result === "nouser") {
      dispatch(loginRequired());
      return { kind: "loginRequired" };
    }
    dispatch(showError(errorMessage({ data: reply }, Messages.saveFailed)));
    return { kind: "failed" };
  },
  {
    condition: (_, { getState }) => {
      const { saving, data, slug } = getState().portfolio;
      return !saving && data !== null && slug !== null;
    },
  },
);
