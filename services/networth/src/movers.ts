/**
 * The biggest movers' figures (POST /v1/networth/biggest-movers): the user's counted holdings (playground portfolios excluded,
 * as for net worth), which of them are current, stale or unpriced exactly as their portfolios' valuations
 * say (domain/freshness.ts: the one definition of stale), each ticker's monthly closes from the pricing
 * service, the pure rules of domain/movers.ts and the plain report of domain/report.ts. Kept in the cache for
 * an hour per user (spec §9) and dropped when the user's portfolios change or are valued again. The report is
 * the factual summary: the spec's POST /v1/biggest-movers (the chat service's, which reads this one) has the
 * assistant write it from these figures when one is configured, so networth never calls chat (no service
 * cycle: test/service-graph.test.ts). Holdings whose price is stale or missing are listed apart, never ranked
 * as a current move.
 */
import type { BiggestMoversReply } from "@folio/proto/networth";
import type { PriceReply } from "@folio/proto/pricing";
import type { NetworthContext } from "./context.ts";
import { freshness } from "./domain/freshness.ts";
import {
  type MonthlyChange,
  type MonthlyCloses,
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
import { livePortfolios } from "./store.ts";

export const MOVERS_TTL_MS = 60 * 60 * 1000;
export const moversKey = (uid: string) => `networth:movers:${uid}`;

/** A ticker's monthly closes, or none when pricing cannot give them now (the change is then not computed). */
const historyOf = (settled: PromiseSettledResult<PriceReply | null>): MonthlyCloses =>
  settled.status === "fulfilled" && settled.value ? settled.value.historical_data : {};

export async function biggestMovers(ctx: NetworthContext, uid: string): Promise<BiggestMoversReply> {
  const { deps, collections: c, pricing } = ctx;
  const key = moversKey(uid);
  const hit = await deps.cache.get<BiggestMoversReply>(key);
  if (hit) return hit;

  const portfolios = (await livePortfolios(c.portfolios, uid)).map(holdingsOf);
  const quantities = quantitiesByTicker(portfolios);
  const sorted = freshness(portfolios);
  const shown = [...sorted.current, ...sorted.stale].map((h) => h.ticker);
  const quotes = await Promise.allSettled(shown.map((t) => pricing.quote(t)));
  const histories = new Map(shown.map((t, i) => [t, historyOf(quotes[i])]));

  const changes: MonthlyChange[] = [];
  const spreads: Volatility[] = [];
  const withoutChange: string[] = [];
  for (const { ticker } of sorted.current) {
    const history = histories.get(ticker) ?? {};
    const change = monthlyChange(ticker, history);
    if (change) changes.push(change);
    else withoutChange.push(ticker);
    const spread = volatility(ticker, history);
    if (spread) spreads.push(spread);
  }
  const stale: StaleMover[] = sorted.stale.map((s) => ({ ...s, change: monthlyChange(s.ticker, histories.get(s.ticker) ?? {}) }));
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
  const reply: BiggestMoversReply = {
    result: "ok",
    biggest_movers: moversMap(ranked),
    report: factual,
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
  // an answer with a price or closes pricing could not give now is not kept (the next ask may complete it)
  const incomplete =
    stale.some((s) => s.reason === "last-known") ||
    sorted.unpriced.some((u) => u.reason === "unavailable") ||
    quotes.some((q) => q.status === "rejected");
  if (!incomplete) await deps.cache.set(key, reply, MOVERS_TTL_MS);
  return reply;
}
