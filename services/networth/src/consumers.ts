/**
 * The networth consumers. Both are idempotent through the inbox: a redelivered event changes nothing.
 *
 * Portfolio events update, in one commit with the inbox mark, the portfolio's document, the user's
 * holder entries (the ticker→users index) and the user's change counter; then the user's recompute is
 * scheduled (debounced) and their cached biggest movers dropped. A crash between the commit and the
 * schedule leaves the value older than the counter, which the net-worth API notices and repairs.
 *
 * price.updated stores the tick's price and adds the fan-out job before the inbox mark: a crash in between
 * repeats the fan-out (extra recomputes of the same value), never loses it.
 */
import { type Consumer, consumer, type Event } from "@folio/platform/events";
import { bucketOf } from "@folio/platform/fanout";
import { handleOnce } from "@folio/platform/inbox";
import { projection } from "@folio/platform/projection";
import type { WriteOp } from "@folio/platform/store/port";
import { DEFAULT_BASE_CURRENCY } from "@folio/proto/settings";
import type { NetworthContext } from "./context.ts";
import { holderChanges, holderId } from "./domain/holders.ts";
import { heldTickers, normalizeTicker } from "./domain/net-worth.ts";
import { PORTFOLIO_EVENTS } from "./events.ts";
import { FANOUT_QUEUE, fanOutJobId, holdingsOf, scheduleRecompute } from "./jobs.ts";
import { moversKey } from "./movers.ts";
import { baseCurrencyOf, type HeldPortfolio, type Holder, type NetWorthUser, type UserCurrency } from "./store.ts";

/** Inbox names; the portfolio one is the name the first read model used, so events it handled stay handled. */
export const PORTFOLIO_CONSUMER = "networth.portfolios";
export const PRICE_CONSUMER = "networth.prices";

/** The writes one portfolio event causes; none when it changes nothing (an older revision, an unknown delete). */
export async function applyPortfolioEvent(
  ctx: NetworthContext,
  event: Event<(typeof PORTFOLIO_EVENTS)[number]>,
): Promise<{ uid: string; ops: WriteOp[] }> {
  const c = ctx.collections;
  const { uid, slug } = event.payload;
  const current = await c.portfolios.get(slug);
  let next: HeldPortfolio | null = null;
  if (event.type === "portfolio.deleted") {
    if (!current) return { uid, ops: [] };
  } else {
    const p = event.payload;
    if (current && current.rev > p.rev) return { uid, ops: [] };
    next = {
      _id: slug,
      uid,
      pName: p.pName,
      playGround: p.playGround,
      tickers: [...new Set(p.tickers)],
      holdings: p.holdings.map((h) => ({ ticker: normalizeTicker(h.ticker), quantity: h.quantity, DoA: h.DoA })),
      rev: p.rev,
    };
  }
  const others = (await c.portfolios.find({ uid })).filter((d) => d._id !== slug);
  const after = next ? [...others, next] : others;
  const before = (await c.holders.find({ uid })).map((h) => h.ticker);
  const { added, removed } = holderChanges(before, heldTickers(after.map(holdingsOf)));
  const user = await c.users.get(uid);
  const firstCounted = next && !next.playGround ? event.occurredAt : null;
  const nextUser: NetWorthUser = { _id: uid, since: user?.since ?? firstCounted, changes: (user?.changes ?? 0) + 1 };

  const ops: WriteOp[] = [
    next ? { op: "upsert", collection: c.portfolios.name, doc: next } : { op: "delete", collection: c.portfolios.name, id: slug },
    { op: "upsert", collection: c.users.name, doc: nextUser },
  ];
  for (const ticker of added) {
    const holder: Holder = { _id: holderId(ticker, uid), ticker, uid, bucket: bucketOf(uid) };
    ops.push({ op: "upsert", collection: c.holders.name, doc: holder });
  }
  for (const ticker of removed) ops.push({ op: "delete", collection: c.holders.name, id: holderId(ticker, uid) });
  return { uid, ops };
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

export function priceConsumer(ctx: NetworthContext): Consumer {
  const { deps } = ctx;
  return consumer(["price.updated"], async (event) => {
    if (await deps.store.handled(PRICE_CONSUMER, event.id)) return;
    await ctx.prices.remember(event.payload);
    await deps.jobs.add(FANOUT_QUEUE, { ticker: normalizeTicker(event.payload.ticker) }, { jobId: fanOutJobId(event.id) });
    await handleOnce(deps.store, PRICE_CONSUMER, event, async () => []);
  });
}

export const CURRENCY_CONSUMER = "networth.currencies";

/** account.updated → the user's base currency; a change recomputes their net worth in it. */
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
