/**
 * Prices from a folder of `<TICKER>.csv` files (`date,close`, daily): the offline provider for demos,
 * tests and self-hosters without network access. Files are read when first asked for and kept parsed; a
 * file that changes on disk (a data refresh) is read again, noticed by its modification time and size.
 */
import { readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { catalogueEntry } from "../catalogue.ts";
import { type DailyClose, guessAssetClass, lastCloseByMonth, parseCloseCsv, TICKER_PATTERN } from "../domain/series.ts";
import { emptyBatch, type MarketDataProvider, type QuoteBatch, type SymbolInfo, UnknownTickerError } from "./port.ts";

interface Parsed {
  mtimeMs: number;
  size: number;
  rows: DailyClose[];
}

export class CsvDirectoryProvider implements MarketDataProvider {
  readonly name = "csv";
  private listing: Map<string, string> | undefined;
  private readonly parsed = new Map<string, Parsed>();
  private readonly loading = new Map<string, Promise<DailyClose[]>>();

  constructor(private readonly dir: string) {}

  /** Tickers with a file, upper case; file names that are not tickers (SP500_INDEX_MONTHLY) are left out. */
  tickers(): string[] {
    return [...this.files().keys()];
  }

  canHandle(ticker: string): boolean {
    return this.files().has(ticker);
  }

  async quote(tickers: string[]): Promise<QuoteBatch> {
    const batch = emptyBatch();
    for (const ticker of tickers) {
      if (!this.canHandle(ticker)) continue;
      try {
        const rows = await this.rows(ticker);
        const last = rows.at(-1);
        if (last) batch.quotes.set(ticker, { ticker, price: last.close, at: `${last.date}T00:00:00.000Z`, currency: "USD" });
      } catch {
        batch.failed.add(ticker);
      }
    }
    return batch;
  }

  async monthlyHistory(ticker: string): Promise<Record<string, number>> {
    if (!this.canHandle(ticker)) throw new UnknownTickerError(ticker, this.name);
    const rows = await this.rows(ticker);
    if (rows.length === 0) throw new UnknownTickerError(ticker, this.name);
    return lastCloseByMonth(rows);
  }

  async search(query: string): Promise<SymbolInfo[]> {
    const upper = query.trim().toUpperCase();
    const lower = query.trim().toLowerCase();
    return this.tickers()
      .map((ticker) => this.info(ticker))
      .filter((info) => info.ticker.startsWith(upper) || info.name.toLowerCase().includes(lower));
  }

  async metadata(ticker: string): Promise<SymbolInfo | null> {
    return this.canHandle(ticker) ? this.info(ticker) : null;
  }

  /** The folder knows prices only: names and classes come from the catalogue, else from the ticker's form. */
  private info(ticker: string): SymbolInfo {
    const entry = catalogueEntry(ticker);
    if (entry) return { ticker, name: entry.name, assetClass: entry.assetClass, fee: entry.expenseRatio ?? null };
    return { ticker, name: ticker, assetClass: guessAssetClass(ticker) };
  }

  private files(): Map<string, string> {
    if (!this.listing) {
      this.listing = new Map();
      for (const file of readdirSync(this.dir, { withFileTypes: true })) {
        if (!file.isFile() || !file.name.toLowerCase().endsWith(".csv")) continue;
        const ticker = file.name.slice(0, -4).toUpperCase();
        if (TICKER_PATTERN.test(ticker)) this.listing.set(ticker, join(this.dir, file.name));
      }
    }
    return this.listing;
  }

  private async rows(ticker: string): Promise<DailyClose[]> {
    const path = this.files().get(ticker) as string;
    const info = await stat(path);
    const known = this.parsed.get(ticker);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.rows;
    // concurrent first reads of one file share the parse
    let pending = this.loading.get(ticker);
    if (!pending) {
      pending = readFile(path, "utf8")
        .then((text) => {
          const rows = parseCloseCsv(text);
          this.parsed.set(ticker, { mtimeMs: info.mtimeMs, size: info.size, rows });
          return rows;
        })
        .finally(() => this.loading.delete(ticker));
      this.loading.set(ticker, pending);
    }
    return pending;
  }
}
