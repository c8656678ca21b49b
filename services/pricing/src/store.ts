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

/** The price last announced in price.updated, per ticker: what the hourly refresh compares against. */
export interface AnnouncedPrice {
  _id: string;
  _v?: number;
  price: number;
  /** ISO time of that price */
  at: string;
}

export const announcedPrices = (store: Store) => store.collection<AnnouncedPrice>("pricing_announced_prices");
