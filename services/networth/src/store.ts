/**
 * The networth service's collections. The read model (portfolios, users) is written only by the
 * portfolio-event consumer; the results (values, weeks) only by the recompute job. One writer per
 * document kind means no lost updates between the two without version checks.
 */
import type { Collection, Store } from "@folio/platform/store/port";
import type { RateUsed, UnpricedHolding } from "@folio/proto/portfolio";
import { DEFAULT_BASE_CURRENCY, isSupportedCurrency } from "@folio/proto/settings";
import type { HeldFigures, Holding } from "./domain/net-worth.ts";

/** A user's portfolio as net worth sees it, fed by portfolio events (saved, valued, deleted). */
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
  /** the portfolio's document id (absent from events of older releases): a slug freed by a delete may name another */
  portfolioId?: string;
  /** deleted: kept as a tombstone so a late event of that portfolio does not bring it back */
  deleted?: boolean;
  /** its latest valuation's figures (portfolio.valued); absent until the first arrives */
  figures?: HeldFigures | null;
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
  /** tickers whose price is stale in their portfolio's valuation */
  stale?: string[];
  /** holdings left out, with why */
  unpriced?: UnpricedHolding[];
  /** stale exchange rates the figures used */
  rates?: RateUsed[];
  /** counted portfolios left out because their figures in the base currency were not computed yet */
  pending?: string[];
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
  /** the currency networth was computed in (the user's base currency then); absent in weeks stored before it was recorded */
  currency?: string;
  at: string;
}

export const heldPortfolios = (store: Store) =>
  store.collection<HeldPortfolio>("networth_portfolios", [{ fields: ["uid"] }, { fields: ["uid", "deleted"] }]);

/**
 * The user's portfolios that are not deleted: what a recompute and the movers read. Tombstones stay (a late event of
 * a deleted portfolio must find one), but a user who made and deleted thousands of portfolios must not make every
 * recompute read them all: the (uid, deleted) index skips them.
 */
export const livePortfolios = (c: Collection<HeldPortfolio>, uid: string): Promise<HeldPortfolio[]> => c.find({ uid, deleted: null });

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
  users: ReturnType<typeof users>;
  values: ReturnType<typeof values>;
  weeks: ReturnType<typeof weeks>;
  currencies: ReturnType<typeof currencies>;
}

export function networthCollections(store: Store): NetworthCollections {
  return {
    portfolios: heldPortfolios(store),
    users: users(store),
    values: values(store),
    weeks: weeks(store),
    currencies: currencies(store),
  };
}
