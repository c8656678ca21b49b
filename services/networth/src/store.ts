import type { Store } from "@folio/platform/store/port";

/** A user's portfolios as net worth sees them, fed by portfolio events. */
export interface HeldPortfolio {
  _id: string;
  _v?: number;
  uid: string;
  pName: string;
  playGround: boolean;
  tickers: string[];
  rev: number;
}

export const heldPortfolios = (store: Store) => store.collection<HeldPortfolio>("networth_portfolios", [{ fields: ["uid"] }]);
