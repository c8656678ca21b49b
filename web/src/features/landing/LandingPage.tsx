import "./landing.css";
import { Link } from "react-router-dom";
import { useAppDispatch, useAppSelector } from "../../app/hooks.ts";
import { authModalOpened, selectSignedIn } from "../auth/authSlice.ts";

export function LandingPage() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  return (
    <section className="hero">
      <h1>Know what your investments are worth</h1>
      <p className="lead">
        Folio tracks your stocks, ETFs and crypto in one place: build portfolios, follow their value and profit or loss, and watch your net
        worth grow. Open source, and it runs on your own machine.
      </p>
      <ul className="features">
        <li>Portfolios with quantities, purchase prices and dates</li>
        <li>Saved as you go, shared when you want</li>
        <li>Compare against an index</li>
      </ul>
      <div className="hero-actions">
        {signedIn ? (
          <Link to="/dashboard" className="button primary">
            Go to your dashboard
          </Link>
        ) : (
          <>
            <button type="button" className="button primary" onClick={() => dispatch(authModalOpened("register"))}>
              Register
            </button>
            <button type="button" className="button secondary" onClick={() => dispatch(authModalOpened("login"))}>
              Log in
            </button>
          </>
        )}
      </div>
    </section>
  );
}
