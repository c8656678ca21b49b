import { lazy, Suspense } from "react";
import { Link, NavLink, Outlet } from "react-router-dom";
import { Achievements } from "../features/achievements/AchievementsPanel.tsx";
import { achievementsPanelOpened } from "../features/achievements/achievementsSlice.ts";
import { AuthModal } from "../features/auth/AuthModal.tsx";
import { authModalOpened, selectSignedIn, selectUser } from "../features/auth/authSlice.ts";
import { useLogOut } from "../features/auth/useLogOut.ts";
import { chatToggled, selectChat } from "../features/chat/chatSlice.ts";
import { Toasts } from "../features/toasts/Toasts.tsx";
import { useAppDispatch, useAppSelector } from "./hooks.ts";

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

function TopBar() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const user = useAppSelector(selectUser);
  const logOut = useLogOut();
  return (
    <header className="topbar">
      <Link to="/" className="brand">
        Folio
      </Link>
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
            <button type="button" className="button secondary" onClick={() => dispatch(achievementsPanelOpened())}>
              Achievements
            </button>
            <button type="button" className="button secondary" onClick={() => dispatch(chatToggled())}>
              Assistant
            </button>
            <span className="muted">{user?.displayName || user?.email}</span>
            <button type="button" className="button secondary" onClick={logOut}>
              Log out
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button secondary" onClick={() => dispatch(authModalOpened("login"))}>
              Log in
            </button>
            <button type="button" className="button primary" onClick={() => dispatch(authModalOpened("register"))}>
              Register
            </button>
          </>
        )}
      </div>
    </header>
  );
}

export function PageLoading() {
  return (
    <p className="muted" role="status">
      Loading…
    </p>
  );
}
