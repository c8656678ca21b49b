import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { useAppDispatch } from "../../app/hooks.ts";
import { authModalOpened } from "./authSlice.ts";
import { REFERRER_KEY } from "./session.ts";

/** /referral?referral=X: remembers who referred the visitor (sent on register) and opens register. */
export function ReferralPage() {
  const [params] = useSearchParams();
  const referrer = params.get("referral");
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!referrer) return;
    localStorage.setItem(REFERRER_KEY, referrer);
    dispatch(authModalOpened("register"));
  }, [dispatch, referrer]);
  return <Navigate to="/" replace />;
}
