import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** @folio/proto/constants PORTFOLIO_PAGE_PATH: the config loader cannot import a package's TypeScript; a test compares them */
const PORTFOLIO_PAGE_PATH = "^/p/([^/]+)/?$";

// a relative import: the config loader bundles it (it cannot import a package's TypeScript), and it imports nothing
import { API_PREFIXES, pathPrefixOf, Routes, urlOf } from "../proto/src/routes.ts";
import { precompressPlugin } from "./build/precompress.ts";
import { routePreloadPlugin } from "./build/routePreload.ts";

const root = fileURLToPath(new URL(".", import.meta.url));
/** The embedded app (or the gateway) on its default port; the dev server forwards API paths to it. */
const backend = process.env.FOLIO_API_URL ?? "http://localhost:8080";
const proxied = [...API_PREFIXES.map((prefix) => prefix.slice(0, -1)), "/healthz", "/docs"];

export default defineConfig({
  root,
  plugins: [
    react(),
    // the landing routes' chunks download beside the app's script (build/routePreload.ts); same paths as routes.tsx
    routePreloadPlugin({
      routes: [
        { path: "^/dashboard(/portfolios|/first)?/?$", module: "src/features/dashboard/DashboardPage.tsx" },
        { path: PORTFOLIO_PAGE_PATH, module: "src/features/portfolio/PortfolioPage.tsx" },
        { path: "^/community/?$", module: "src/features/community/CommunityPage.tsx" },
        { path: "^/networth/?$", module: "src/features/networth/NetWorthPage.tsx" },
        { path: "^/settings/?$", module: "src/features/settings/SettingsPage.tsx" },
      ],
      portfolioPattern: PORTFOLIO_PAGE_PATH,
      sessionKey: "auth",
      // the lists these pages ask for first (communityApi.ts communityUrl), for a visitor
      earlyCalls: [
        { path: "^/community/?$", url: urlOf(Routes.portfolio.community) },
        { path: "^/dashboard/?$", url: urlOf(Routes.portfolio.community, {}, { samples: "true" }) },
      ],
      portfolioCall: pathPrefixOf(Routes.portfolio.cachable),
    }),
    precompressPlugin(),
  ],
  build: { outDir: "dist", emptyOutDir: true },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
});
