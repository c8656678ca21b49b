/**
 * POST /v1/biggest-movers, behind the route: the user's counted holdings (playground portfolios excluded,
 * as for net worth), each ticker's monthly closes from the pricing service, the pure rules of
 * domain/movers.ts and the plain report of domain/report.ts. Kept in the cache for an hour per user (spec
 * §9) and dropped when the user's portfolios change. The report is written by the assistant (the chat
 * service, asked with the caller's token) when one is configured and answers; otherwise, or when it fails,
 * it is the factual summary, which is also what the assistant is given to write from.
 */
import type { BiggestMoversReply } from "@folio/proto/networth";
import type { PriceReply } from "@folio/proto/pricing";
import type { NetworthContext } from "./context.ts";
import {
  type MonthlyChange,
  monthlyChange,
  mostQuantity,
  mostVolatile,
  moversMap,
  rankMovers,
  type Volatility,
  volatility,
} from "./domain/movers.ts";
import { quantitiesByTicker } from "./domain/net-worth.ts";
import { moverSources, moversReport } from "./domain/report.ts";
import { holdingsOf } from "./jobs.ts";

export const MOVERS_TTL_MS = 60 * 60 * 1000;
export const moversKey = (uid: string) => `networth:movers:${uid}`;

/** Pricing answered for none of the user's tickers: there is nothing true to report. */
export class MoversUnavailable extends Error {
  constructor() {
    super("pricing answered for none of the holdings");
    this.name = "MoversUnavailable";
  }
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
  const failed = quotes.filter((q) => q.status === "rejected").length;
  if (tickers.length > 0 && failed === tickers.length) throw new MoversUnavailable();

  const changes: MonthlyChange[] = [];
  const spreads: Volatility[] = [];
  const withoutChange: string[] = [];
  tickers.forEach((ticker, i) => {
    const q = quotes[i];
    const history: PriceReply["historical_data"] = q.status === "fulfilled" && q.value ? q.value.historical_data : {};
    const change = monthlyChange(ticker, history);
    if (change) changes.push(change);
    else withoutChange.push(ticker);
    const spread = volatility(ticker, history);
    if (spread) spreads.push(spread);
  });
  const ranked = rankMovers(changes);
  const volatile = mostVolatile(spreads);
  const quantity = mostQuantity(quantities);
  const factual = moversReport({ holdings: tickers.length, ranked, volatile, quantity, withoutChange });
  const sources = moverSources(ranked, volatile);
  const written = token && tickers.length > 0 ? await ctx.chat.moversReport(token, [factual, ...sources].join("\n")) : null;
  const reply: BiggestMoversReply = {
    result: "ok",
    biggest_movers: moversMap(ranked),
    report: written ?? factual,
    sources,
    most_volatile: volatile?.ticker ?? null,
    most_quantity: quantity?.ticker ?? null,
  };
  // an answer missing tickers because pricing failed is not kept: the next ask may complete it; nor one whose
  // report nobody was asked to write (the assistant's tool), so the user's own view still gets a written one
  if (failed === 0 && token) await deps.cache.set(key, reply, MOVERS_TTL_MS);
  return reply;
}
