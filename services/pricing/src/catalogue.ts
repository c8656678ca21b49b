/**
 * Well-known symbols for offline autocomplete and for names the CSV folder cannot give. Names are the
 * issuers' own; expense ratios are the funds' published net expense ratios in percent (0.03 = 0.03 %).
 * Only facts belong here: a fund whose ratio we do not know is better left out than guessed.
 */
import type { AssetClass } from "@folio/proto/pricing";

export interface CatalogueEntry {
  ticker: string;
  name: string;
  assetClass: AssetClass;
  /** percent per year, funds only */
  expenseRatio?: number;
}

const etf = (ticker: string, name: string, expenseRatio: number): CatalogueEntry => ({ ticker, name, assetClass: "ETF", expenseRatio });
const stock = (ticker: string, name: string): CatalogueEntry => ({ ticker, name, assetClass: "Stock" });
const coin = (ticker: string, name: string): CatalogueEntry => ({ ticker, name, assetClass: "Crypto" });
const index = (ticker: string, name: string): CatalogueEntry => ({ ticker, name, assetClass: "Index" });

export const CATALOGUE: readonly CatalogueEntry[] = [
  etf("SPY", "SPDR S&P 500 ETF Trust", 0.0945),
  etf("VOO", "Vanguard S&P 500 ETF", 0.03),
  etf("IVV", "iShares Core S&P 500 ETF", 0.03),
  etf("VTI", "Vanguard Total Stock Market ETF", 0.03),
  etf("QQQ", "Invesco QQQ Trust, Series 1", 0.2),
  etf("DIA", "SPDR Dow Jones Industrial Average ETF Trust", 0.16),
  etf("IWM", "iShares Russell 2000 ETF", 0.19),
  etf("BND", "Vanguard Total Bond Market ETF", 0.03),
  etf("AGG", "iShares Core U.S. Aggregate Bond ETF", 0.03),
  etf("VXUS", "Vanguard Total International Stock ETF", 0.05),
  etf("SCHD", "Schwab U.S. Dividend Equity ETF", 0.06),
  etf("VYM", "Vanguard High Dividend Yield ETF", 0.06),
  stock("AAPL", "Apple Inc."),
  stock("MSFT", "Microsoft Corporation"),
  stock("NVDA", "NVIDIA Corporation"),
  stock("GOOGL", "Alphabet Inc. Class A"),
  stock("GOOG", "Alphabet Inc. Class C"),
  stock("AMZN", "Amazon.com, Inc."),
  stock("META", "Meta Platforms, Inc."),
  stock("TSLA", "Tesla, Inc."),
  stock("BRK-B", "Berkshire Hathaway Inc. Class B"),
  stock("JPM", "JPMorgan Chase & Co."),
  stock("V", "Visa Inc."),
  stock("KO", "The Coca-Cola Company"),
  stock("JNJ", "Johnson & Johnson"),
  stock("PG", "The Procter & Gamble Company"),
  stock("O", "Realty Income Corporation"),
  coin("BTC-USD", "Bitcoin"),
  coin("ETH-USD", "Ethereum"),
  coin("SOL-USD", "Solana"),
  index("^GSPC", "S&P 500"),
  index("^IXIC", "NASDAQ Composite"),
  index("^DJI", "Dow Jones Industrial Average"),
];

const byTicker = new Map(CATALOGUE.map((entry) => [entry.ticker, entry]));

export const catalogueEntry = (ticker: string): CatalogueEntry | undefined => byTicker.get(ticker);
