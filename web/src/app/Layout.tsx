import { lazy, Suspense, useEffect, useId, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { Achievements } from "../features/achievements/AchievementsPanel.tsx";
import { achievementsPanelOpened } from "../features/achievements/achievementsSlice.ts";
import { AuthModal } from "../features/auth/AuthModal.tsx";
import { authModalOpened, selectSignedIn, selectUser } from "../features/auth/authSlice.ts";
import { useLogOut } from "../features/auth/useLogOut.ts";
import { chatToggled, selectChat } from "../features/chat/chatSlice.ts";
import { Toasts } from "../features/toasts/Toasts.tsx";
import { useAppDispatch, useAppSelector } from "./hooks.ts";
import { PrerenderedPortfolioView, prerenderedForPath } from "./prerendered.tsx";
import "./layout.css";
import "./mobile.css";

// the assistant's panel loads when first opened, so pages that never open it do not carry it
const ChatPanel = lazy(async () => ({ default: (await import("../features/chat/ChatPanel.tsx")).ChatPanel }));

function Assistant() {
  const signedIn = useAppSelector(selectSignedIn);
  const { open } = useAppSelector(selectChat);
  if (!signedIn || !open) return null;
  return (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  );
}

export function Layout() {
  return (
    <>
      <TopBar />
      <main className="page">
        <Outlet />
      </main>
      <AuthModal />
      <Achievements />
      <Assistant />
      <Toasts />
    </>
  );
}

/**
 * The top bar: on a wide screen the links and the account's buttons sit in one row; on a phone they fold
 * into a menu opened by one button, so every control stays on the screen (styles.css, 760 px).
 */
function TopBar() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  // a link followed from the menu closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  const act = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        Folio
      </Link>
      <button type="button" className="menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <span className="menu-icon" aria-hidden="true" />
        Menu
      </button>
      <div id={menuId} className="topbar-menu" data-open={open}>
        <nav aria-label="Main">
          <NavLink to="/dashboard">Dashboard</NavLink>
          <NavLink to="/community">Community</NavLink>
          <NavLink to="/playground">Playground</NavLink>
          {signedIn && (
            <>
              <NavLink to="/networth">Net worth</NavLink>
              <NavLink to="/movers">Movers</NavLink>
              <NavLink to="/settings">Settings</NavLink>
              {user?.isAdmin && <NavLink to="/moderation">Moderation</NavLink>}
            </>
          )}
        </nav>
        <div className="topbar-account">
          {signedIn ? (
            <>
              <button type="button" className="button secondary" onClick={act(() => dispatch(achievementsPanelOpened()))}>
                Achievements
              </button>
              <button type="button" className="button secondary" onClick={act(() => dispatch(chatToggled()))}>
                Assistant
              </button>
              <span className="muted topbar-user" title={user?.displayName || user?.email || undefined}>
                {user?.displayName || user?.email}
              </span>
              <button type="button" className="button secondary" onClick={act(logOut)}>
                Log out
              </button>
            </>
          ) : (
            <>
              <button type="button" className="button secondary" onClick={act(() => dispatch(authModalOpened("login")))}>
                Log in
              </button>
              <button type="button" className="button primary" onClick={act(() => dispatch(authModalOpened("register")))}>
                Register
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * Until the first page's code has arrived (the router's hydrate fallback): the top bar, and what the page
 * arrived with (a public portfolio's name and description, app/prerendered.tsx) or the loading state.
 */
export function StartingPage() {
  const early = prerenderedForPath(useLocation().pathname);
  return (
    <>
      <TopBar />
      <main className="page">
        {early ? (
          <PrerenderedPortfolioView portfolio={early}>
            <PageLoading />
          </PrerenderedPortfolioView>
        ) : (
          <PageLoading />
        )}
      </main>
    </>
  );
}

export function PageLoading() {
  return (
    <p className="muted" role="status">
      Loading…
    </p>
  );
}
