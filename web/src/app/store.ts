import { combineSlices, configureStore } from "@reduxjs/toolkit";
import { achievementsSlice } from "../features/achievements/achievementsSlice.ts";
import { authSlice } from "../features/auth/authSlice.ts";
import { storeSession } from "../features/auth/session.ts";
import { chatSlice } from "../features/chat/chatSlice.ts";
import { portfolioSlice } from "../features/portfolio/portfolioSlice.ts";
import { toastsSlice } from "../features/toasts/toastsSlice.ts";
import { api } from "./api.ts";

const rootReducer = combineSlices(api, authSlice, toastsSlice, portfolioSlice, achievementsSlice, chatSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** One store per app (and per test): tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  keepSessionStored(store);
  return store;
}

/** The session survives reloads: localStorage 'auth' follows the auth slice's token. */
function keepSessionStored(store: { getState: () => RootState; subscribe: (listener: () => void) => unknown }) {
  let token = store.getState().auth.idToken;
  store.subscribe(() => {
    const { idToken, user } = store.getState().auth;
    if (idToken === token) return;
    token = idToken;
    storeSession(idToken !== null && user !== null ? { idToken, user } : null);
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore["dispatch"];
