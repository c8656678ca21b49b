import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { api } from "../../app/api.ts";
import { useAppDispatch } from "../../app/hooks.ts";
import { portfolioCleared } from "../portfolio/portfolioSlice.ts";
import { useLogoutMutation } from "./authApi.ts";
import { signedOut } from "./authSlice.ts";
import { BIGGEST_MOVERS_KEY } from "./session.ts";

/** Ends the session on the server and here, forgets the user's cached data, and goes to / (spec §2, §4). */
export function useLogOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    // the local session ends whatever the server says: an expired token must not trap the user
    await logout();
    // leave protected pages first, so none of them sees the signed-out state and asks to log in
    await navigate("/");
    dispatch(signedOut());
    localStorage.removeItem(BIGGEST_MOVERS_KEY);
    dispatch(portfolioCleared());
    dispatch(api.util.resetApiState());
  }, [dispatch, navigate, logout]);
}
