/**
 * The networth calls of the spec's call table (@folio/proto/contracts/networth): net worth, its history and
 * the biggest movers, each for the signed-in caller only (a visitor gets `nouser` before any body error).
 *
 * The net-worth polling contract, server side: `calculating` is true while the caller's recompute job is
 * waiting, delayed (debounce) or running, or while a portfolio's figures in the base currency are still to
 * come (a base currency just changed: `pending`, for at most PENDING_WAIT_MS); the reply then carries the
 * last stored value. The route adds a recompute when asked to (`force`), when nothing was computed yet, or
 * when the stored value is older than the caller's last portfolio change, and answers `calculating: true`;
 * otherwise it only reads. So polling every 5 s adds no work, and the web stops once `calculating` is false.
 */
import { callerOf } from "@folio/platform/http/auth";
import { route } from "@folio/platform/http/route";
import { NetworthContracts as calls } from "@folio/proto/contracts/networth";
import type { FastifyPluginAsync } from "fastify";
import { recordCheck } from "./checks.ts";
import type { NetworthContext } from "./context.ts";
import { weeklyHistory } from "./domain/history.ts";
import { isPending, markRequested, RECOMPUTE_QUEUE, recomputeJobId, scheduleRecompute } from "./jobs.ts";
import { biggestMovers } from "./movers.ts";
import { baseCurrencyOf } from "./store.ts";

/** How long a value with pending portfolios says `calculating` (the web polls for 120 s): their valuation is a job away. */
export const PENDING_WAIT_MS = 60_000;

export function networthRoutes(ctx: NetworthContext): FastifyPluginAsync {
  const { deps, collections: c } = ctx;

  return async (app) => {
    route(app, calls.netWorth, async (request) => {
      const { uid } = callerOf(request);
      const force = request.body?.force === true;
      const [value, user, job] = await Promise.all([
        c.values.get(uid),
        c.users.get(uid),
        deps.jobs.get(RECOMPUTE_QUEUE, recomputeJobId(uid)),
      ]);
      const waiting = (value?.pending?.length ?? 0) > 0 && deps.clock.now() - Date.parse(value?.lastUpdated ?? "") < PENDING_WAIT_MS;
      let calculating = isPending(job?.state) || waiting;
      const outdated = !value || (user?.changes ?? 0) > value.computedChanges;
      if (!isPending(job?.state) && (force || outdated)) {
        await scheduleRecompute(deps.jobs, uid, 0);
        calculating = true;
      }
      if (calculating) await markRequested(deps.cache, uid);
      // a figure answered without a recompute is the user checking it too (the job's result says so otherwise)
      else await recordCheck(ctx, uid);
      return {
        netWorth: value?.netWorth ?? 0,
        lastUpdated: value?.lastUpdated ?? null,
        calculating,
        baseCurrency: value?.baseCurrency ?? (await baseCurrencyOf(c, uid)),
        stale: value?.stale ?? [],
        unpriced: value?.unpriced ?? [],
        rates: value?.rates ?? [],
        pending: value?.pending ?? [],
      };
    });

    route(app, calls.history, async (request) => {
      const { uid } = callerOf(request);
      const [user, snapshots, base] = await Promise.all([c.users.get(uid), c.weeks.find({ uid }), baseCurrencyOf(c, uid)]);
      const since = user?.since ? Date.parse(user.since) : null;
      return { netWorthHistory: weeklyHistory(snapshots, since, deps.clock.now(), base) };
    });

    // holdings pricing cannot price now are listed in the answer (docs/numbers.md "Movers and the assistant"), so it
    // is never the spec's API failure
    route(app, calls.moverFigures, async (request) => biggestMovers(ctx, callerOf(request).uid));
  };
}
