import { useEffect } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { loginRequired, selectSignedIn } from "../auth/authSlice.ts";
import { MoversView } from "./Movers.tsx";

/** /movers */
export function MoversPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on arrival only (see DashboardPage)
  useEffect(() => {
    if (!signedIn) dispatch(loginRequired());
  }, []);

  return signedIn ? (
    <MoversView />
  ) : (
    <section>
      <h1>Biggest movers</h1>
      <p className="muted">Log in to see how your holdings moved.</p>
    </section>
  );
}
