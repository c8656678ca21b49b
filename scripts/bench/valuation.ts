/**
 * The pure valuation engine on a large portfolio: 50 assets over 25 years of monthly history, built from
 * the shared market data (20 tickers, each bought again on other dates to reach 50 assets: as-traded
 * closes, splits and dividends where the folder has them), valued with every range, every historical
 * period, XIRR with its dividends and the S&P 500 benchmark (what-if and rescaled). Data: MARKET_DATA_DIR
 * or ../shared/market-data beside the repository.
 */
import { pathToFileURL } from "node:url";
import {
  type AssetInput,
  type TickerPrices,
  type ValuationInput,
  valuePortfolio,
} from "../../services/portfolio/src/domain/valuation/index.ts";
import {
  hasMarketData,
  loadInstrument,
  loadTicker,
  marketDataDir,
} from "../../services/portfolio/src/domain/valuation/testing/market-data.ts";
import { marketTickers } from "./support/tickers.ts";

const TICKERS = marketTickers();
/** the clock's date; the valuation is as of the newest price in the folder (2026-08-19) */
const TODAY = "2026-11-23";
/** 2001-07 as a month number (year × 12 + month − 1): 25 years before the valuation month */
const FIRST_PURCHASE = 2001 * 12 + 6;

const monthNumber = (key: string) => Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1;
const monthText = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;

/** Asset i buys ticker i mod 20 on a date spread over 25 years, or at its listing when that is later. */
export function buildBenchInput(): ValuationInput {
  const prices: Record<string, TickerPrices> = {};
  for (const t of TICKERS) prices[t] = loadInstrument(t);
  const assets: AssetInput[] = [];
  for (let i = 0; i < 50; i++) {
    const ticker = TICKERS[i % TICKERS.length];
    const history = prices[ticker].history;
    const listed = monthNumber(Object.keys(history).sort()[0]);
    const month = monthText(Math.max(FIRST_PURCHASE + ((i * 37) % 288), listed));
    const day = String(1 + ((i * 11) % 28)).padStart(2, "0");
    assets.push({ ticker, quantity: 1 + (i % 9), PoA: history[month], DoA: `${month}-${day}`, fee: i % 3 === 0 ? "0.03%" : 0.1 });
  }
  // the index must not shift the axis: it begins with the data, the portfolio a year and a half later
  const index = { ticker: "^GSPC", name: "S&P 500", ...loadTicker("SP500_INDEX_MONTHLY") };
  // as the service receives them: parsed from JSON (the pricing replies), not built key by key
  return { assets, prices: JSON.parse(JSON.stringify(prices)), today: TODAY, index: JSON.parse(JSON.stringify(index)), formatGains: "$" };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export async function valuationBench(runs = 2000, warmup = 300): Promise<void> {
  const label = "valuation (50 assets × 25 y monthly, all ranges + periods + benchmark)";
  if (!hasMarketData()) {
    console.log(`${label}: skipped, no market data in ${marketDataDir()} (set MARKET_DATA_DIR)`);
    return;
  }
  const input = buildBenchInput();
  let sink = 0;
  for (let i = 0; i < warmup; i++) sink += valuePortfolio(input).marketValue ?? 0;
  const times: number[] = new Array(runs);
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const v = valuePortfolio(input);
    times[i] = performance.now() - start;
    sink += v.marketValue ?? 0;
  }
  times.sort((a, b) => a - b);
  const sample = valuePortfolio(input);
  const months = Object.keys(sample.allHistory).length;
  console.log(`${label}: median ${percentile(times, 0.5).toFixed(3)} ms, p95 ${percentile(times, 0.95).toFixed(3)} ms`);
  console.log(
    `  ${input.assets.length} assets, ${months} months of allHistory, ${runs} runs after ${warmup} warm-up${sink > 0 ? "" : " (no value!)"}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await valuationBench();
