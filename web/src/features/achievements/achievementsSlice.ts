/**
 * Achievement progress (spec §4): how many of the eight steps are done, read from localStorage first
 * ('achievement_state'), else fetched. Progress moves by exactly one step at a time; each advance opens the
 * panel with confetti. The server drives the steps it observes (first portfolio, first asset, public
 * portfolio, copy, net worth checked), so after the actions behind them the client asks it again. One
 * action can complete several steps on the server (a fact seen before its step was next, e.g. a public
 * portfolio before its first asset): the client then shows them one after the other (`target`).
 */
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { AppDispatch, RootState } from "../../app/store.ts";
import { localCache, NEVER_EXPIRES } from "../../lib/localCache.ts";
import { authApi } from "../auth/authApi.ts";
import { sessionExpired, signedOut } from "../auth/authSlice.ts";
import { achievementsApi } from "./achievementsApi.ts";
import { ACHIEVEMENT_COUNT } from "./steps.ts";

export const ACHIEVEMENT_STATE_KEY = "achievement_state";

/** What is kept in localStorage: the step count, and whose it is (one browser may serve several users). */
export interface StoredAchievements {
  uid: string;
  step: number;
}

export interface AchievementsState {
  /** whose progress `step` is */
  uid: string | null;
  /** steps done, as shown; null until read */
  step: number | null;
  /** the server's state when it is ahead of `step` by more than one: the steps still to show, in turn */
  target: number | null;
  /** a read from the server is under way (the card and the panel may both ask) */
  fetching: boolean;
  panelOpen: boolean;
  /** counts advances; the confetti plays again for each */
  celebration: number;
  /** the panel is open because of an advance (not opened by hand) */
  celebrating: boolean;
  /** counts actions after which the server may have moved the state */
  checkRequests: number;
  /** the server's state was read for `uid` in this session: the local copy is only the first paint until then */
  verified: boolean;
}

const initialState: AchievementsState = {
  uid: null,
  step: null,
  target: null,
  fetching: false,
  panelOpen: false,
  celebration: 0,
  celebrating: false,
  checkRequests: 0,
  verified: false,
};

/** One step more: the panel opens with confetti. */
function advanceOne(state: AchievementsState) {
  state.step = (state.step ?? 0) + 1;
  state.panelOpen = true;
  state.celebration += 1;
  state.celebrating = true;
  if (state.target !== null && state.step >= state.target) state.target = null;
}

export const achievementsSlice = createSlice({
  name: "achievements",
  initialState,
  reducers: {
    /** read without an advance: no celebration */
    stepKnown(state, action: PayloadAction<StoredAchievements>) {
      state.uid = action.payload.uid;
      state.step = action.payload.step;
      state.target = null;
    },
    /**
     * The server's state after an action it observes. Ahead: the next step now, the rest in turn (see
     * `nextStepShown`). Behind (a copy from before the progress was reset elsewhere): taken silently.
     */
    serverReported(state, action: PayloadAction<StoredAchievements>) {
      const { uid, step } = action.payload;
      state.verified = true;
      if (state.uid !== uid || state.step === null || step <= state.step) {
        state.uid = uid;
        state.step = step;
        state.target = null;
        return;
      }
      state.target = step;
      advanceOne(state);
    },
    /** the next of the steps the server is ahead by */
    nextStepShown(state) {
      if (state.target !== null && state.step !== null && state.step < state.target) advanceOne(state);
      else state.target = null;
    },
    /** the client saw the next step happen */
    advanced(state, action: PayloadAction<StoredAchievements>) {
      if (state.uid !== action.payload.uid || state.step !== action.payload.step - 1) return;
      advanceOne(state);
    },
    /** the server confirmed what is shown */
    verifiedSame(state) {
      state.verified = true;
    },
    fetchStarted(state) {
      state.fetching = true;
    },
    fetchEnded(state) {
      state.fetching = false;
    },
    achievementsCleared(state) {
      state.uid = null;
      state.step = null;
      state.target = null;
      state.verified = false;
    },
    achievementsPanelOpened(state) {
      state.panelOpen = true;
      state.celebrating = false;
    },
    achievementsPanelClosed(state) {
      state.panelOpen = false;
      state.celebrating = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(
        (action) => signedOut.match(action) || sessionExpired.match(action),
        () => initialState,
      )
      // A new account has done the first step (creating it) and nothing else, so registering needs no read;
      // the user sees it happen: the step-1 panel opens with confetti, as every advance does (spec §4)
      .addMatcher(authApi.endpoints.register.matchFulfilled, (state, action) => {
        state.uid = action.payload.user.uid;
        state.step = 0;
        state.target = null;
        advanceOne(state);
      })
      // a call after which the server may have moved the state invalidated the "AchievementState" tag
      .addMatcher(achievementsApi.endpoints.watchAchievementState.matchFulfilled, (state, action) => {
        if (action.payload.invalidated) state.checkRequests += 1;
      });
  },
  selectors: {
    selectAchievementStep: (state) => state.step,
    selectAchievementsUid: (state) => state.uid,
    /** whether more steps are waiting to be shown */
    selectStepsToShow: (state) => state.target !== null && state.step !== null && state.step < state.target,
    selectAchievementsPanelOpen: (state) => state.panelOpen,
    /** the confetti to play (a new number for each advance), or null */
    selectCelebration: (state) => (state.celebrating ? state.celebration : null),
    selectCheckRequests: (state) => state.checkRequests,
  },
});

const { stepKnown, serverReported, advanced, achievementsCleared, fetchStarted, fetchEnded, verifiedSame } = achievementsSlice.actions;
export const { achievementsPanelOpened, achievementsPanelClosed, nextStepShown } = achievementsSlice.actions;
export const {
  selectAchievementStep,
  selectAchievementsUid,
  selectStepsToShow,
  selectAchievementsPanelOpen,
  selectCelebration,
  selectCheckRequests,
} = achievementsSlice.selectors;

type Thunk = (dispatch: AppDispatch, getState: () => RootState) => Promise<void>;

function isStep(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= ACHIEVEMENT_COUNT;
}

/** The local copy; the layout keeps it in step with the store (see Achievements). */
export function rememberAchievements(uid: string, step: number) {
  localCache.set<StoredAchievements>(ACHIEVEMENT_STATE_KEY, { value: { uid, step }, ttl: NEVER_EXPIRES });
}

/** The user's progress from the store, else from localStorage (then put in the store); null if neither has it. */
function knownStep(dispatch: AppDispatch, getState: () => RootState, uid: string): number | null {
  const { achievements } = getState();
  if (achievements.uid === uid && achievements.step !== null) return achievements.step;
  const stored = localCache.peek<StoredAchievements>(ACHIEVEMENT_STATE_KEY);
  if (stored?.uid !== uid || !isStep(stored.step)) return null;
  dispatch(stepKnown(stored));
  return stored.step;
}

async function fetchStep(dispatch: AppDispatch): Promise<number | null> {
  const result = await dispatch(achievementsApi.endpoints.fetchAchievementState.initiate(undefined, { track: false }));
  const step = "data" in result ? result.data?.achievement_state : undefined;
  return isStep(step) ? step : null;
}

/**
 * The signed-in user's progress. The server's state is the one truth (the card, the panel and every tab show
 * it): what the store or localStorage keeps is shown at once (spec §4: read from local storage first), and
 * the server is asked once a session (unless told not to) to confirm it. Steps the server is ahead by (done
 * in another tab, on another device, through the API) are then shown in turn as advances; a server behind the
 * copy is taken silently.
 */
export function loadAchievements({ fetch = true }: { fetch?: boolean } = {}): Thunk {
  return async (dispatch, getState) => {
    const uid = getState().auth.user?.uid;
    if (!uid) return;
    const known = knownStep(dispatch, getState, uid);
    const { fetching, verified } = getState().achievements;
    if (!fetch || fetching || (known !== null && verified)) return;
    dispatch(fetchStarted());
    const step = await fetchStep(dispatch).finally(() => dispatch(fetchEnded()));
    if (step === null || getState().auth.user?.uid !== uid) return;
    if (known === null) dispatch(serverReported({ uid, step }));
    else reconcile(dispatch, getState, uid, step);
  };
}

/** The server's answer against what is shown: the same changes nothing; ahead is shown step by step. */
function reconcile(dispatch: AppDispatch, getState: () => RootState, uid: string, server: number) {
  const { target, step } = getState().achievements;
  // while earlier steps are still being shown, the same answer changes nothing
  if (server === (target ?? step)) {
    dispatch(verifiedSame());
    return;
  }
  dispatch(serverReported({ uid, step: server }));
}

/**
 * Asks the server after an action it observes; steps it is ahead by are shown one at a time (panel,
 * confetti). Without a known state there is nothing to compare with, and nothing is asked.
 */
export function refreshAchievements(): Thunk {
  return async (dispatch, getState) => {
    const uid = getState().auth.user?.uid;
    if (!uid || knownStep(dispatch, getState, uid) === null) return;
    const server = await fetchStep(dispatch);
    if (server === null || getState().auth.user?.uid !== uid) return;
    reconcile(dispatch, getState, uid, server);
  };
}

/**
 * A step the client observed (chat, brokerage): only the next one counts. It opens the panel, is stored
 * locally and sent to the server; a failed save is ignored (spec §8).
 */
export function reachAchievement(step: number): Thunk {
  return async (dispatch, getState) => {
    await dispatch(loadAchievements());
    const { uid, step: current } = getState().achievements;
    if (uid === null || current === null || step !== current + 1) return;
    dispatch(advanced({ uid, step }));
    const result = await dispatch(achievementsApi.endpoints.updateAchievementState.initiate(step, { track: false }));
    const stored = "data" in result ? result.data?.achievement_state : undefined;
    // accepting it may have completed later steps whose facts the server had seen: shown in turn
    if (isStep(stored) && stored > step && getState().achievements.uid === uid) dispatch(serverReported({ uid, step: stored }));
  };
}

/** Forgets the stored copy and reads the server's state again (spec §4: cleared on demand). */
export function clearAchievements(): Thunk {
  return async (dispatch) => {
    localCache.remove(ACHIEVEMENT_STATE_KEY);
    dispatch(achievementsCleared());
    await dispatch(loadAchievements());
  };
}
