/**
 * The cluster gateway's route table: which service owns which public path. The embedded app needs no
 * table (every service's routes sit on one server); a test checks that this table and the services'
 * registered routes agree, so the two modes cannot drift apart. Internal routes (`config: { internal: true }`,
 * queries between services) are not in it: the gateway answers them 404.
 */
export interface RouteOwner {
  /** a Fastify route pattern; `*` matches the rest of the path */
  path: string;
  service: string;
}

export const routeTable: RouteOwner[] = [
  { path: "/v1/auth/*", service: "accounts" },
  { path: "/v1/login", service: "accounts" },
  { path: "/v1/register", service: "accounts" },
  { path: "/v1/get/settings", service: "accounts" },
  { path: "/v1/update/settings", service: "accounts" },
  { path: "/v1/get/achievement-state", service: "accounts" },
  { path: "/v1/update/achievement-state", service: "accounts" },
  { path: "/v1/save/portfolio/*", service: "portfolio" },
  { path: "/v1/get/portfolio/*", service: "portfolio" },
  { path: "/cachable/get/portfolio/*", service: "portfolio" },
  { path: "/v1/get/portfolios-and-assets", service: "portfolio" },
  { path: "/v1/delete/portfolio/*", service: "portfolio" },
  { path: "/v1/update/portfolioname/*", service: "portfolio" },
  { path: "/v1/update/portfoliosettings/*", service: "portfolio" },
  { path: "/v1/get/communityportfolios", service: "portfolio" },
  { path: "/v1/admin/*", service: "portfolio" },
  { path: "/v1/get/moderation/*", service: "portfolio" },
  { path: "/v1/playground/*", service: "portfolio" },
  { path: "/v1/get/netWorth", service: "networth" },
  { path: "/v1/get/netWorthHistory", service: "networth" },
  { path: "/v1/biggest-movers", service: "networth" },
  { path: "/v1/autocomplete", service: "pricing" },
  { path: "/v1/get/:ticker", service: "pricing" },
  { path: "/v1/get/:ticker/close", service: "pricing" },
  { path: "/v1/plaid/*", service: "brokerage" },
  { path: "/v1/create-checkout-session", service: "billing" },
  { path: "/v1/create-portal-session", service: "billing" },
  { path: "/v1/billing/*", service: "billing" },
  { path: "/v1/chat", service: "chat" },
  { path: "/v2/chat", service: "chat" },
  { path: "/v1/import/*", service: "import" },
  { path: "/v2/import/*", service: "import" },
  { path: "/v1/upload/*", service: "import" },
  { path: "/v1/chat/status", service: "chat" },
];

/** The owner of a concrete path, most specific pattern first (as Fastify's router decides). */
export function ownerOf(path: string): string | undefined {
  const exact = routeTable.find((r) => !r.path.includes("*") && !r.path.includes(":") && r.path === path);
  if (exact) return exact.service;
  const wildcard = routeTable.find((r) => r.path.endsWith("/*") && path.startsWith(r.path.slice(0, -1)));
  if (wildcard) return wildcard.service;
  const param = routeTable.find((r) => {
    if (!r.path.includes(":")) return false;
    const a = r.path.split("/");
    const b = path.split("/");
    return a.length === b.length && a.every((seg, i) => seg.startsWith(":") || seg === b[i]);
  });
  return param?.service;
}
