/**
 * The networth consumers. Both are idempotent through the inbox: a redelivered event changes nothing.
 *
 * Portfolio events (saved, valued, deleted) update, in one commit with the inbox mark, the portfolio's
 * document (what it holds, and its latest figures: portfolio.valued carries the valuation's market value,
 * the same number the portfolio's page shows) and the user's change counter; then the user's recompute is
 * scheduled (debounced) and their cached biggest movers dropped. A crash between the commit and the
 * schedule leaves the value older than the counter, which the net-worth API notices and repairs.
 *
 * The events of one portfolio may arrive out of order (each type is its own topic): an older revision's, or
 * an older valuation's, changes nothing, and a deleted portfolio stays a tombstone so that a late event of it
 * does not bring it back (a new portfolio under the same slug has another id and replaces it).
 */
import { type Consumer, consumer, type Event } from "@folio/platform/events";
import { handleOnce, writeOver } from "@folio/platform/inbox";
import { projection } from "@folio/platform/projection";
import type { WriteOp } from "@folio/platform/store/port";
import type { EventPayload } from "@folio/proto/events";
import { DEFAULT_BASE_CURRENCY } from "@folio/proto/settings";
import type { NetworthContext } from "./context.ts";
import { type HeldFigures, normalizeTicker } from "./domain/net-worth.ts";
import { PORTFOLIO_EVENTS } from "./events.ts";
import { scheduleRecompute } from "./jobs.ts";
import { moversKey } from "./movers.ts";
import { baseCurrencyOf, type HeldPortfolio, type NetWorthUser, type UserCurrency } from "./store.ts";

/** Inbox names; the portfolio one is the name the first read model used, so events it handled stay handled. */
export const PORTFOLIO_CONSUMER = "networth.portfolios";

type PortfolioEvent = Event<(typeof PORTFOLIO_EVENTS)[number]>;

/** The figures portfolio.valued carries, as the read model keeps them. */
function heldFigures(p: EventPayload<"portfolio.valued">): HeldFigures | null {
  const f = p.figures;
  if (!f) return null;
  return {
    rev: p.rev,
    valuedAt: p.valuedAt,
    baseCurrency: f.baseCurrency,
    marketValue: f.marketValue,
    pricesAsOf: f.pricesAsOf,
    stale: f.stale,
    unpriced: f.unpriced,
    rates: f.rates,
    holdings: p.holdings.map((h) => ({ ...h, ticker: normalizeTicker(h.ticker) })),
  };
}

/** The portfolio document an event leaves, or undefined when it changes nothing. */
function nextPortfolio(current: HeldPortfolio | null, event: PortfolioEvent): HeldPortfolio | undefined {
  const p = event.payload;
  const id = p.portfolioId;
  // the same portfolio unless both ids are known and differ (a slug freed by a delete, taken again)
  const same = current !== null && (!current.portfolioId || !id || current.portfolioId === id);
  const createdAgain = event.type === "portfolio.saved" && event.payload.created && (!id || !current?.portfolioId);
  if (current?.deleted && same && !createdAgain) return undefined;
  const mine = same && !current?.deleted ? current : null;

  if (event.type === "portfolio.deleted") {
    if (!mine) return undefined;
    return { ...mine, deleted: true, tickers: [], holdings: [], figures: null, portfolioId: id ?? mine.portfolioId };
  }
  if (event.type === "portfolio.saved") {
    const s = event.payload;
    if (mine && mine.rev > s.rev) return undefined;
    return {
      _id: s.slug,
      uid: s.uid,
      pName: s.pName,
      playGround: s.playGround,
      tickers: [...new Set(s.tickers)],
      holdings: s.holdings.map((h) => ({
        ticker: normalizeTicker(h.ticker),
        quantity: h.quantity,
        DoA: h.DoA,
        ...(h.side === "sell" ? { side: "sell" as const } : {}),
      })),
      rev: s.rev,
      ...((id ?? mine?.portfolioId) ? { portfolioId: id ?? mine?.portfolioId } : {}),
      figures: mine?.figures ?? null,
    };
  }
  const v = event.payload;
  const known = mine?.figures;
  // one valuation started in the same millisecond as another is the later one published (same key: in order)
  if (known && (known.rev > v.rev || (known.rev === v.rev && known.valuedAt > v.valuedAt))) return undefined;
  if (mine && mine.rev > v.rev) return undefined;
  return {
    _id: v.slug,
    uid: v.uid,
    // a valuation may arrive before its save: what it holds comes from the valuation until the save's event
    pName: mine?.pName ?? "",
    playGround: v.playGround,
    tickers: mine?.tickers ?? [...new Set(v.holdings.map((h) => normalizeTicker(h.ticker)))],
    holdings: mine?.holdings ?? v.holdings.map((h) => ({ ticker: normalizeTicker(h.ticker), quantity: h.shares })),
    rev: Math.max(mine?.rev ?? 0, v.rev),
    portfolioId: v.portfolioId,
    figures: heldFigures(v),
  };
}

/** The writes one portfolio event causes; none when it changes nothing (an older revision, a late event of a deleted one). */
export async function applyPortfolioEvent(ctx: NetworthContext, event: PortfolioEvent): Promise<{ uid: string; ops: WriteOp[] }> {
  const c = ctx.collections;
  const { uid, slug } = event.payload;
  const current = await c.portfolios.get(slug);
  const next = nextPortfolio(current, event);
  if (next === undefined) return { uid, ops: [] };
  const user = await c.users.get(uid);
  const firstCounted = !next.playGround && !next.deleted ? event.occurredAt : null;
  const nextUser: NetWorthUser = { _id: uid, since: user?.since ?? firstCounted, changes: (user?.changes ?? 0) + 1 };
  // a save and a valuation of one portfolio come from two topics, handled at once: versioned writes, so the
  // one that loses reads again (handleOnce) instead of writing over the other
  return { uid, ops: [writeOver(c.portfolios.name, current, next), writeOver(c.users.name, user, nextUser)] };
}

export function portfolioConsumer(ctx: NetworthContext): Consumer {
  const { deps } = ctx;
  return consumer(PORTFOLIO_EVENTS, async (event) => {
    let changed = null as string | null;
    await handleOnce(deps.store, PORTFOLIO_CONSUMER, event, async () => {
      const { uid, ops } = await applyPortfolioEvent(ctx, event);
      if (ops.length > 0) changed = uid;
      return ops;
    });
    if (changed === null) return;
    await scheduleRecompute(deps.jobs, changed, ctx.settings.debounceMs);
    await deps.cache.del(moversKey(changed));
  });
}

export const CURRENCY_CONSUMER = "networth.currencies";

/**
 * account.updated → the user's base currency; a change recomputes their net worth in it. Their portfolios
 * are revalued in it by the portfolio service, whose portfolio.valued events follow; until each arrives
 * that portfolio is pending (domain/net-worth.ts), never converted here.
 */
export function currencyConsumer(ctx: NetworthContext): Consumer {
  const { deps, collections: c } = ctx;
  const apply = projection<UserCurrency, "account.updated">(deps.store, {
    consumer: CURRENCY_CONSUMER,
    collection: c.currencies,
    idOf: (e) => e.payload.uid,
    apply: (event, current) => {
      const next = event.payload.baseCurrency ?? DEFAULT_BASE_CURRENCY;
      return (current?.baseCurrency ?? DEFAULT_BASE_CURRENCY) === next ? undefined : { _id: event.payload.uid, baseCurrency: next };
    },
  });
  return consumer(["account.updated"], async (event) => {
    const uid = event.payload.uid;
    const before = await baseCurrencyOf(c, uid);
    await apply(event);
    if ((await baseCurrencyOf(c, uid)) !== before) await scheduleRecompute(deps.jobs, uid, 0);
  });
}
