import { Routes, urlOf } from "@folio/proto/routes";
import type { RouteObject } from "react-router-dom";
import { Link } from "react-router-dom";
import { ReferralPage } from "../features/auth/ReferralPage.tsx";
import { SESSION_KEY } from "../features/auth/session.ts";
import { LandingPage } from "../features/landing/LandingPage.tsx";
import { Layout, StartingPage } from "./Layout.tsx";
import { RouteError } from "./RouteError.tsx";

/**
 * A visitor's portfolio page needs its cachable copy (public, max-age 60): asking for it while the page's
 * code is still on its way, rather than after, puts the figures on the screen one round trip sooner. The
 * page's own request then comes from the browser's cache. Built app only (tests count their calls).
 */
function warmVisitorPortfolio(slug: string | undefined) {
  if (!import.meta.env.PROD || !slug || slug === "new" || localStorage.getItem(SESSION_KEY)) return;
  void fetch(urlOf(Routes.portfolio.cachable, { slug })).catch(() => undefined);
}

// Pages behind a login load on demand, so the landing page's bundle stays small.
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    HydrateFallback: StartingPage,
    children: [
      { index: true, element: <LandingPage /> },
      {
        path: "dashboard",
        lazy: async () => {
          const { DashboardPage } = await import("../features/dashboard/DashboardPage.tsx");
          return { Component: DashboardPage };
        },
      },
      {
        // where a brokerage import lands (spec §2): the dashboard with the new portfolios
        path: "dashboard/portfolios",
        lazy: async () => {
          const { DashboardPage } = await import("../features/dashboard/DashboardPage.tsx");
          return { Component: DashboardPage };
        },
      },
      {
        path: "dashboard/first",
        lazy: async () => {
          const { FirstDashboardPage } = await import("../features/dashboard/DashboardPage.tsx");
          return { Component: FirstDashboardPage };
        },
      },
      {
        path: "p/:slug",
        loader: ({ params }) => {
          warmVisitorPortfolio(params.slug);
          return null;
        },
        lazy: async () => {
          const { PortfolioPage } = await import("../features/portfolio/PortfolioPage.tsx");
          return { Component: PortfolioPage };
        },
      },
      {
        path: "import",
        lazy: async () => {
          const { ImportPage } = await import("../features/import/ImportPage.tsx");
          return { Component: ImportPage };
        },
      },
      {
        path: "networth",
        lazy: async () => {
          const { NetWorthPage } = await import("../features/networth/NetWorthPage.tsx");
          return { Component: NetWorthPage };
        },
      },
      {
        path: "movers",
        lazy: async () => {
          const { MoversPage } = await import("../features/movers/MoversPage.tsx");
          return { Component: MoversPage };
        },
      },
      {
        path: "settings",
        lazy: async () => {
          const { SettingsPage } = await import("../features/settings/SettingsPage.tsx");
          return { Component: SettingsPage };
        },
      },
      {
        path: "community",
        lazy: async () => {
          const { CommunityPage } = await import("../features/community/CommunityPage.tsx");
          return { Component: CommunityPage };
        },
      },
      {
        // anyone's sandbox: a draft valued without an account (docs/product-decisions.md "Playground")
        path: "playground",
        lazy: async () => {
          const { PlaygroundPage } = await import("../features/playground/PlaygroundPage.tsx");
          return { Component: PlaygroundPage };
        },
      },
      {
        path: "moderation",
        lazy: async () => {
          const { ModerationPage } = await import("../features/moderation/ModerationPage.tsx");
          return { Component: ModerationPage };
        },
      },
      { path: "referral", element: <ReferralPage /> },
      {
        path: "reset-password",
        lazy: async () => {
          const { ResetPasswordPage } = await import("../features/auth/ResetPasswordPage.tsx");
          return { Component: ResetPasswordPage };
        },
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

function NotFound() {
  return (
    <section className="narrow card">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the start</Link>
      </p>
    </section>
  );
}
