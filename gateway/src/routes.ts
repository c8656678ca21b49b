/**
 * The cluster gateway's route table: which service owns which public path, derived from the calls' addresses
 * (@folio/proto/routes). The embedded app needs no table (every service's routes sit on one server); a test
 * checks that this table and the services' registered routes agree, so the two modes cannot drift apart.
 * Internal calls (`internal: true`, queries between services) are not in it: the gateway answers them 404.
 */
import { allRoutes } from "@folio/proto/routes";

export interface RouteOwner {
  /** a Fastify route pattern: `:name` for a path parameter */
  path: string;
  service: string;
}

/** One entry per path (a path may carry more than one method: the gateway forwards them all to its owner). */
export const routeTable: RouteOwner[] = [
  ...new Map(allRoutes.filter((r) => !r.internal).map((r) => [r.path, { path: r.path, service: r.service }])).values(),
];

const segmentsOf = (path: string) => path.split("/");

/** Whether a pattern matches a concrete path: same segments, a parameter standing for any one. */
const matches = (pattern: string, path: string) => {
  const a = segmentsOf(pattern);
  const b = segmentsOf(path);
  return a.length === b.length && a.every((segment, i) => segment.startsWith(":") || segment === b[i]);
};

/** Orders two patterns as Fastify's router picks between them: at the first segment where they differ, the static one wins. */
const moreSpecific = (a: RouteOwner, b: RouteOwner) => {
  const x = segmentsOf(a.path);
  const y = segmentsOf(b.path);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const paramX = x[i]?.startsWith(":") ?? false;
    const paramY = y[i]?.startsWith(":") ?? false;
    if (paramX !== paramY) return paramX ? 1 : -1;
  }
  return 0;
};

/** The owner of a concrete path, as the router decides (static segments before parameters). */
export function ownerOf(path: string): string | undefined {
  return routeTable.filter((r) => matches(r.path, path)).sort(moreSpecific)[0]?.service;
}
