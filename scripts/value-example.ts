/**
 * Values one purchase with the engine on the real prices of the shared market-data folder, read the way
 * the CSV provider reads it (as-traded closes, splits, dividends), and prints docs/numbers.md's figures:
 *
 *   node --import tsx scripts/value-example.ts NVDA 10 450 2023-09-11 [today]
 *
 * Data: MARKET_DATA_DIR or ../shared/market-data beside the repository. `today` defaults to the clock's.
 */
import { formatMoney, formatPercent, valuePortfolio } from "../services/portfolio/src/domain/valuation/index.ts";
import { hasMarketData, loadInstrument, marketDataDir } from "../services/portfolio/src/domain/valuation/testing/market-data.ts";

const [ticker, quantity, price, date, today = new Date().toISOString().slice(0, 10)] = process.argv.slice(2);
if (!ticker || !quantity || !price || !date) {
  console.error("usage: node --import tsx scripts/value-example.ts <TICKER> <quantity> <price paid> <YYYY-MM-DD> [today]");
  process.exit(64);
}
if (!hasMarketData()) {
  console.error(`no market data in ${marketDataDir()} (set MARKET_DATA_DIR)`);
  process.exit(66);
}
const prices = { [ticker]: loadInstrument(ticker) };
const asset = { ticker, quantity: Number(quantity), PoA: Number(price), DoA: date };
const total = valuePortfolio({ assets: [asset], prices, today });
const priceOnly = valuePortfolio({ assets: [asset], prices, today, returnBasis: "price" });
const [a] = total.assets;
const pct = (n: number | null) => (n === null ? "NA" : formatPercent(n));
const money = (n: number | null) => (n === null ? "NA" : formatMoney(n));
console.log(
  `${ticker} ${quantity} @ ${money(Number(price))} on ${date}, valued as of ${total.valuationDate} (prices as of ${total.pricesAsOf})`,
);
if (a.splitNote) console.log(`  ${a.splitNote}`);
console.log(`  cost ${money(a.value)} · market value ${money(a.marketValue)} (${a.shares} × ${money(a.latestPrice)})`);
console.log(`  dividends received ${money(a.dividends)}`);
console.log(
  `  total return: P/L ${money(total.profitLoss)} = ${pct(total.profitLossPercent)} · TWR ${pct(total.twrPercent)} · XIRR ${pct(total.xirrPercent)} a year`,
);
console.log(
  `  price return: P/L ${money(priceOnly.profitLoss)} = ${pct(priceOnly.profitLossPercent)} · XIRR ${pct(priceOnly.xirrPercent)} a year`,
);
for (const gap of total.gaps) console.log(`  note: ${gap.message}`);
