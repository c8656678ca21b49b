/**
 * The networth service's collections. The read model (portfolios, holders, users) is written only by the
 * portfolio-event consumer; the results (values, weeks) only by the recompute job. One writer per
 * document kind means no lost updates between the two without version checks.
 */
import type { Store } from "@folio/platform/store/port";
import { DEFAULT_BASE_CURRENCY, isSupportedCurrency } from "@folio/proto/settings";
import type { Unpriced } from "./domain/market-value.ts";
import type { Holding } from "./domain/net-worth.ts";

/** A user's portfolio as net worth sees it, fed by portfolio events. */
export interface HeldPortfolio {
  _id: string;
  _v?: number;
  uid: string;
  pName: string;
  playGround: boolean;
  tickers: string[];
  /** documents written before portfolio.saved carried holdings have none; the portfolio's next save fills them */
  holdings?: Holding[];
  rev: number;
}

/** One (ticker, user) pair of the ticker→users index the fan-out pages through (domain/holders.ts). */
export interface Holder {
  _id: string;
  _v?: number;
  ticker: string;
  uid: string;
  bucket: number;
}

/** What the consumer knows of a user beyond their portfolios. */
export interface NetWorthUser {
  _id: string;
  _v?: number;
  /** ISO time of the first counted (non-playground) portfolio's save: where the weekly history starts */
  since: string | null;
  /** portfolio events applied so far: a result computed from fewer is out of date */
  changes: number;
}

/** The latest computed net worth of a user. */
export interface NetWorthValue {
  _id: string;
  _v?: number;
  netWorth: number;
  /** ISO time of the computation */
  lastUpdated: string;
  /** NetWorthUser.changes as the computation read it */
  computedChanges: number;
  /** the currency of netWorth (absent in values from before it: USD) */
  baseCurrency?: string;
  /** tickers counted at a last good price */
  stale?: string[];
  /** holdings left out, with why */
  unpriced?: Unpriced[];
}

/** A user's base currency, as account.updated last said (written only by that consumer). */
export interface UserCurrency {
  _id: string;
  _v?: number;
  baseCurrency: string;
}

/** The latest value computed in one ISO week, per user. */
export interface NetWorthWeek {
  _id: string;
  _v?: number;
  uid: string;
  year: number;
  week: number;
  networth: number;
  at: string;
}

export const heldPortfolios = (store: Store) => store.collection<HeldPortfolio>("networth_portfolios", [{ fields: ["uid"] }]);

export const holders = (store: Store) =>
  store.collection<Holder>("networth_holders", [{ fields: ["ticker", "bucket"] }, { fields: ["uid"] }]);

export const users = (store: Store) => store.collection<NetWorthUser>("networth_users");

export const values = (store: Store) => store.collection<NetWorthValue>("networth_values");

export const weeks = (store: Store) => store.collection<NetWorthWeek>("networth_weeks", [{ fields: ["uid"] }]);

export const currencies = (store: Store) => store.collection<UserCurrency>("networth_currencies");

export async function baseCurrencyOf(c: NetworthCollections, uid: string): Promise<string> {
  const doc = await c.currencies.get(uid);
  return doc && isSupportedCurrency(doc.baseCurrency) ? doc.baseCurrency : DEFAULT_BASE_CURRENCY;
}

export const weekId = (uid: string, year: number, week: number): string => `${uid}|${year}-${week}`;

export interface NetworthCollections {
  portfolios: ReturnType<typeof heldPortfolios>;
  holders: ReturnType<typeof holders>;
  users: ReturnType<typeof users>;
  values: ReturnType<typeof values>;
  weeks: ReturnType<typeof weeks>;
  currencies: ReturnType<typeof currencies>;
}

export function networthCollections(store: Store): NetworthCollections {
  return {
    portfolios: heldPortfolios(store),
    holders: holders(store),
    users: users(store),
    values: values(store),
    weeks: weeks(store),
    currencies: currencies(store),
  };
}
