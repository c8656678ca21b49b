/**
 * Which of the movers' prices are current, stale or missing (README "Movers and the assistant, stale and
 * unpriced"). A price is stale when pricing served its last good value while every provider was down
 * (`last-known`), or when its date is more than OUT_OF_DATE_DAYS before the newest price among the holdings
 * (`out-of-date`: its data stopped). A holding pricing could not price is unpriced, with why. Pure.
 */
import type { MoverUnpriced } from "@folio/proto/networth";
import type { MonthlyCloses } from "./movers.ts";

/** A price older than the newest one by more than this many days is out of date. */
export const OUT_OF_DATE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What pricing answered for one ticker. */
export type QuoteOutcome =
  | { kind: "priced"; asOf: string | null; stale: boolean; history: MonthlyCloses }
  | { kind: "unknown-ticker" }
  | { kind: "unavailable" };

export interface PricedHolding {
  ticker: string;
  priceDate: string | null;
  history: MonthlyCloses;
}

export interface StaleHolding extends PricedHolding {
  reason: "last-known" | "out-of-date";
}

export interface Freshness {
  /** the latest asOf among the priced holdings; null when none has one */
  pricesAsOf: string | null;
  current: PricedHolding[];
  stale: StaleHolding[];
  unpriced: MoverUnpriced[];
}

const isDay = (d: string | null): d is string => d !== null && /^\d{4}-\d{2}-\d{2}$/.test(d) && Number.isFinite(Date.parse(d));

/** Sorts each holding (given in ticker order) into current, stale or unpriced. */
export function freshness(outcomes: ReadonlyArray<readonly [ticker: string, outcome: QuoteOutcome]>): Freshness {
  const days = outcomes.flatMap(([, o]) => (o.kind === "priced" && isDay(o.asOf) ? [o.asOf] : []));
  const pricesAsOf = days.length > 0 ? days.reduce((a, b) => (b > a ? b : a)) : null;
  const result: Freshness = { pricesAsOf, current: [], stale: [], unpriced: [] };
  for (const [ticker, o] of outcomes) {
    if (o.kind !== "priced") {
      result.unpriced.push({ ticker, reason: o.kind });
      continue;
    }
    const held = { ticker, priceDate: isDay(o.asOf) ? o.asOf : null, history: o.history };
    if (o.stale) result.stale.push({ ...held, reason: "last-known" });
    else if (pricesAsOf && held.priceDate && Date.parse(pricesAsOf) - Date.parse(held.priceDate) > OUT_OF_DATE_DAYS * DAY_MS) {
      result.stale.push({ ...held, reason: "out-of-date" });
    } else result.current.push(held);
  }
  return result;
}
