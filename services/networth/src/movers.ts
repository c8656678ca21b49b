/**
 * POST /v1/biggest-movers, behind the route: the user's counted holdings (playground portfolios excluded,
 * as for net worth), each ticker's monthly closes from the pricing service, the pure rules of
 * domain/movers.ts and the plain report of domain/report.ts. Kept in the cache for an hour per user (spec
 * §9) and dropped when the user's portfolios change. The report is written by the assistant (the chat
 * service, asked with the caller's token) when one is configured and answers; otherwise, or when it fails,
 * it is the factual summary, which is also what the assistant is given to write from. Holdings whose price is
 * stale or missing are listed apart, never ranked as a current move (domain/freshness.ts).
 */
import type { BiggestMoversReply } from "@folio/proto/networth";
import type { PriceReply } from "@folio/proto/pricing";
import type { NetworthContext } from "./context.ts";
import { freshness, type QuoteOutcome } from "./domain/freshness.ts";
import {
  type MonthlyChange,
  monthlyChange,
  mostQuantity,
  mostVolatile,
  moversMap,
  rankMovers,
  round2,
  type Volatility,
  volatility,
} from "./domain/movers.ts";
import { quantitiesByTicker } from "./domain/net-worth.ts";
import { moverSources, moversReport, type StaleMover } from "./domain/report.ts";
import { holdingsOf } from "./jobs.ts";

export const MOVERS_TTL_MS = 60 * 60 * 1000;
export const moversKey = (uid: string) => `networth:movers:${uid}`;

/** What pricing answered for one ticker: a rejection (pricing down, or no provider answering) is `unavailable`. */
function outcomeOf(settled: PromiseSettledResult<PriceReply | null>): QuoteOutcome {
  if (settled.status === "rejected") return { kind: "unavailable" };
  const q = settled.value;
  if (!q) return { kind: "unknown-ticker" };
  return { kind: "priced", asOf: q.asOf ?? null, stale: q.stale === true, history: q.historical_data };
}

/** `token`: the caller's, to ask the assistant to write the report; null keeps the factual one (and caches nothing). */
export async function biggestMovers(ctx: NetworthContext, uid: string, token: string | null): Promise<BiggestMoversReply> {
  const { deps, collections: c, prices } = ctx;
  const key = moversKey(uid);
  const hit = await deps.cache.get<BiggestMoversReply>(key);
  if (hit) return hit;

  const quantities = quantitiesByTicker((await c.portfolios.find({ uid })).map(holdingsOf));
  const tickers = [...quantities.keys()].sort();
  const quotes = await Promise.allSettled(tickers.map((t) => prices.quote(t)));
  const sorted = freshness(tickers.map((t, i) => [t, outcomeOf(quotes[i])] as const));

  const changes: MonthlyChange[] = [];
  const spreads: Volatility[] = [];
  const withoutChange: string[] = [];
  for (const { ticker, history } of sorted.current) {
    const change = monthlyChange(ticker, history);
    if (change) changes.push(change);
    else withoutChange.push(ticker);
    const spread = volatility(ticker, history);
    if (spread) spreads.push(spread);
  }
  const stale: StaleMover[] = sorted.stale.map((s) => ({ ...s, change: monthlyChange(s.ticker, s.history) }));
  const ranked = rankMovers(changes);
  const volatile = mostVolatile(spreads);
  const quantity = mostQuantity(quantities);
  const factual = moversReport({
    holdings: sorted.current.length,
    ranked,
    volatile,
    quantity,
    withoutChange,
    stale,
    unpriced: sorted.unpriced,
  });
  const sources = moverSources(ranked, volatile, stale);
  const written = token && tickers.length > 0 ? await ctx.chat.moversReport(token, [factual, ...sources].join("\n")) : null;
  const reply: BiggestMoversReply = {
    result: "ok",
    biggest_movers: moversMap(ranked),
    report: written ?? factual,
    sources,
    most_volatile: volatile?.ticker ?? null,
    most_quantity: quantity?.ticker ?? null,
    pricesAsOf: sorted.pricesAsOf,
    stale: stale.map((s) => ({
      ticker: s.ticker,
      priceDate: s.priceDate,
      reason: s.reason,
      change: s.change ? round2(s.change.changePercent) : null,
      month: s.change?.toMonth ?? null,
    })),
    unpriced: sorted.unpriced,
  };
  // an answer with a price pricing could not get now is not kept (the next ask may complete it), nor one whose
  // report nobody was asked to write (the assistant's tool), so the user's own view still gets a written one
  const incomplete = stale.some((s) => s.reason === "last-known") || sorted.unpriced.some((u) => u.reason === "unavailable");
  if (!incomplete && token) await deps.cache.set(key, reply, MOVERS_TTL_MS);
  return reply;
}
