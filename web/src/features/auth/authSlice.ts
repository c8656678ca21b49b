import { createSlice, type Dispatch, type PayloadAction } from "@reduxjs/toolkit";
import type { AuthReply, AuthUser } from "../../app/apiTypes.ts";
import { currentUrl, readStoredSession, rememberPreLoginUrl } from "./session.ts";

export type AuthModal = "login" | "register";

export interface AuthState {
  idToken: string | null;
  user: AuthUser | null;
  /** which auth window is open */
  modal: AuthModal | null;
}

export const authSlice = createSlice({
  name: "auth",
  initialState: (): AuthState => {
    const stored = readStoredSession();
    return { idToken: stored?.idToken ?? null, user: stored?.user ?? null, modal: null };
  },
  reducers: {
    signedIn(state, action: PayloadAction<AuthReply>) {
      state.idToken = action.payload.idToken;
      state.user = action.payload.user;
    },
    signedOut(state) {
      state.idToken = null;
      state.user = null;
      state.modal = null;
    },
    /** the server no longer accepts the token */
    sessionExpired(state) {
      state.idToken = null;
      state.user = null;
    },
    authModalOpened(state, action: PayloadAction<AuthModal>) {
      state.modal = action.payload;
    },
    authModalClosed(state) {
      state.modal = null;
    },
  },
  selectors: {
    selectSignedIn: (state) => state.idToken !== null,
    selectUser: (state) => state.user,
    selectAuthModal: (state) => state.modal,
    selectSession: (state): AuthReply | null =>
      state.idToken !== null && state.user !== null ? { idToken: state.idToken, user: state.user } : null,
  },
});

export const { signedIn, signedOut, sessionExpired, authModalOpened, authModalClosed } = authSlice.actions;
export const { selectSignedIn, selectUser, selectAuthModal, selectSession } = authSlice.selectors;

/**
 * A page or call needs a signed-in user: keep where the user is, so login can bring them back, and ask
 * them to log in.
 */
export function loginRequired(url: string = currentUrl()) {
  return (dispatch: Dispatch) => {
    rememberPreLoginUrl(url);
    dispatch(authModalOpened("login"));
  };
}
