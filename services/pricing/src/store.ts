import type { Store } from "@folio/platform/store/port";

/** Tickers held per portfolio, fed by portfolio events. */
export interface PortfolioTickers {
  _id: string;
  _v?: number;
  uid: string;
  tickers: string[];
  rev: number;
}

export const trackedTickers = (store: Store) => store.collection<PortfolioTickers>("pricing_portfolio_tickers", [{ fields: ["uid"] }]);
