/**
 * Prices from a folder (MARKET_DATA_DIR), laid out like ../shared/market-data: `<T>.csv` (closes adjusted for
 * splits and dividends), `split-adjusted/<T>.csv` (closes adjusted for splits only), `dividends/<T>.csv`,
 * `splits/<T>.csv` and an optional `currencies.csv` (`ticker,currency`). The offline provider for demos,
 * tests and self-hosters without network access. Files are read when first asked for and kept parsed, up to
 * PARSED_BYTES of rows (a folder of thousands of tickers is read again as it is asked for, the files written
 * longest ago going first); a file that changes on disk (a data refresh) is read again, noticed by its
 * modification time and size.
 *
 * Which closes a ticker's history uses (docs/product-decisions.md "The CSV folder"): the split-adjusted file with its dividends
 * when both exist; else `<T>.csv`, whose closes already include dividends; else the split-adjusted file alone.
 * A ticker's data ends where its `<T>.csv` ends (the last row is the latest price): one date for every series.
 * A split-adjusted file that starts later than `<T>.csv` (JNJ's from 2006, its adjusted closes from 2000) is
 * continued backwards with the adjusted closes, rescaled to meet it (domain/closes.ts spliceEarlier), so the
 * years before it have prices too (a backtest of the 2002 crash keeps JNJ).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { systemClock } from "@folio/platform/clock";
import { LocalCache } from "@folio/platform/memo";
import { catalogueEntry } from "../catalogue.ts";
import { closeOnOrBefore, spliceEarlier } from "../domain/closes.ts";
import { DEFAULT_CURRENCY, pairCurrency } from "../domain/currency.ts";
import { type DailyClose, guessAssetClass, lastCloseByMonth, parseCloseCsv, parseEvents, TICKER_PATTERN } from "../domain/series.ts";
import { nameHolds } from "../domain/suggest.ts";
import {
  type DayClose,
  emptyBatch,
  type MarketDataProvider,
  type PriceHistory,
  type QuoteBatch,
  type SymbolInfo,
  UnknownTickerError,
} from "./port.ts";

interface Parsed {
  mtimeMs: number;
  size: number;
  rows: DailyClose[];
}

/**
 * What one parsed row holds on the heap ({ date, close }: the object, its ten-character string, its number):
 * 99 bytes measured over the shared market data's 123,621 rows (heap used after a full GC, before and after).
 */
export const ROW_BYTES = 100;
/** the most the parsed files hold together: the 51 tickers of the shared market data take ≈ 12 MiB */
export const PARSED_BYTES = 32 * 1024 * 1024;

/** The files of one ticker, by role; absent ones undefined. */
interface TickerFiles {
  adjusted?: string;
  splitAdjusted?: string;
  dividends?: string;
  splits?: string;
}

function tickerFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(dir)) return found;
  for (const file of readdirSync(dir, { withFileTypes: true })) {
    if (!file.isFile() || !file.name.toLowerCase().endsWith(".csv")) continue;
    const ticker = file.name.slice(0, -4).toUpperCase();
    if (TICKER_PATTERN.test(ticker)) found.set(ticker, join(dir, file.name));
  }
  return found;
}

/** `ticker,currency` lines; a header or a malformed line is skipped. */
function readCurrencies(path: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(path)) return out;
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const [ticker, currency] = line.split(",").map((s) => s?.trim());
    if (ticker && currency && TICKER_PATTERN.test(ticker) && /^[A-Za-z]{3}$/.test(currency) && ticker.toLowerCase() !== "ticker") {
      out.set(ticker.toUpperCase(), currency);
    }
  }
  return out;
}

export class CsvDirectoryProvider implements MarketDataProvider {
  readonly name = "csv";
  readonly local = true;
  private listing: Map<string, TickerFiles> | undefined;
  private currencies: Map<string, string> | undefined;
  private readonly parsed: LocalCache<string, Parsed>;
  private readonly loading = new Map<string, Promise<DailyClose[]>>();

  constructor(
    private readonly dir: string,
    options: { maxBytes?: number } = {},
  ) {
    // kept until the file changes or the bound evicts it: no time limit
    this.parsed = new LocalCache<string, Parsed>({
      max: Number.POSITIVE_INFINITY,
      ttlMs: Number.POSITIVE_INFINITY,
      clock: systemClock,
      maxBytes: options.maxBytes ?? PARSED_BYTES,
      sizeOf: (parsed) => parsed.rows.length * ROW_BYTES,
    });
  }

  /** what the parsed files hold, by ROW_BYTES a row */
  get parsedBytes(): number {
    return this.parsed.bytes;
  }

  /** Tickers with a price file, upper case; file names that are not tickers (SP500_INDEX_MONTHLY) are left out. */
  tickers(): string[] {
    return [...this.files().keys()];
  }

  canHandle(ticker: string): boolean {
    return this.files().has(ticker);
  }

  /** A ticker's currency: currencies.csv, else a pair's quote currency, else USD. */
  currencyOf(ticker: string): string {
    this.currencies ??= readCurrencies(join(this.dir, "currencies.csv"));
    return this.currencies.get(ticker) ?? pairCurrency(ticker) ?? DEFAULT_CURRENCY;
  }

  async quote(tickers: string[]): Promise<QuoteBatch> {
    const batch = emptyBatch();
    for (const ticker of tickers) {
      if (!this.canHandle(ticker)) continue;
      try {
        const last = (await this.endRows(ticker)).at(-1);
        if (last) {
          batch.quotes.set(ticker, {
            ticker,
            price: last.close,
            at: `${last.date}T00:00:00.000Z`,
            asOf: last.date,
            currency: this.currencyOf(ticker),
          });
        }
      } catch {
        batch.failed.add(ticker);
      }
    }
    return batch;
  }

  async history(ticker: string): Promise<PriceHistory> {
    const files = this.files().get(ticker);
    if (!files) throw new UnknownTickerError(ticker, this.name);
    const paired = files.splitAdjusted !== undefined && files.dividends !== undefined;
    const end = (await this.endRows(ticker)).at(-1)?.date;
    if (end === undefined) throw new UnknownTickerError(ticker, this.name);
    const upToEnd = <T extends { date: string }>(rows: T[]): T[] => rows.filter((r) => r.date <= end);
    const closes = lastCloseByMonth(upToEnd(await this.closeRows(ticker)));
    const adjusted = files.adjusted && paired ? lastCloseByMonth(await this.rows(files.adjusted)) : closes;
    const dividends = paired ? upToEnd(parseEvents(await this.text(files.dividends as string), "amount")) : [];
    const splits = files.splits ? parseEvents(await this.text(files.splits), "ratio") : [];
    return {
      adjusted,
      closes,
      splits,
      dividends,
      dividendsInCloses: !paired && files.adjusted !== undefined,
      currency: this.currencyOf(ticker),
    };
  }

  /**
   * The last close on or before `date`: from the split-adjusted file where the ticker has one (continued
   * backwards by the rescaled adjusted closes, basis "adjusted" there), else from `<T>.csv` ("adjusted").
   * Up to the ticker's last date, as every series.
   */
  async dailyClose(ticker: string, date: string): Promise<DayClose | null> {
    const files = this.files().get(ticker);
    if (!files) throw new UnknownTickerError(ticker, this.name);
    const end = (await this.endRows(ticker)).at(-1)?.date;
    if (end === undefined) throw new UnknownTickerError(ticker, this.name);
    const asOf = date < end ? date : end;
    const currency = this.currencyOf(ticker);
    if (files.splitAdjusted) {
      const own = await this.rows(files.splitAdjusted);
      const rows = files.adjusted ? spliceEarlier(own, await this.rows(files.adjusted)) : own;
      const row = closeOnOrBefore(rows, asOf);
      if (!row) return null;
      return {
        date: row.date,
        close: row.close,
        basis: own.length > 0 && row.date >= own[0].date ? "split-adjusted" : "adjusted",
        currency,
      };
    }
    const row = closeOnOrBefore(await this.rows(files.adjusted as string), asOf);
    return row ? { date: row.date, close: row.close, basis: "adjusted", currency } : null;
  }

  async search(query: string): Promise<SymbolInfo[]> {
    const upper = query.trim().toUpperCase();
    const lower = query.trim().toLowerCase();
    return this.tickers()
      .map((ticker) => this.info(ticker))
      .filter((info) => info.ticker.startsWith(upper) || info.name.toLowerCase().includes(lower) || nameHolds(info.name, query));
  }

  async metadata(ticker: string): Promise<SymbolInfo | null> {
    return this.canHandle(ticker) ? this.info(ticker) : null;
  }

  /** The rows whose last one is the ticker's latest price: `<T>.csv` when it has one, else its closes. */
  private async endRows(ticker: string): Promise<DailyClose[]> {
    const files = this.files().get(ticker);
    if (files?.adjusted) return this.rows(files.adjusted);
    return files?.splitAdjusted ? this.rows(files.splitAdjusted) : [];
  }

  /**
   * The daily closes the ticker's `closes` come from (see the header): the split-adjusted file with the
   * adjusted closes before it when it has dividends apart, else `<T>.csv`, else the split-adjusted file alone.
   */
  private async closeRows(ticker: string): Promise<DailyClose[]> {
    const files = this.files().get(ticker);
    if (!files) return [];
    if (files.splitAdjusted && (files.dividends || !files.adjusted)) {
      const own = await this.rows(files.splitAdjusted);
      return files.adjusted ? spliceEarlier(own, await this.rows(files.adjusted)) : own;
    }
    return this.rows(files.adjusted as string);
  }

  /** The folder knows prices only: names and classes come from the catalogue, else from the ticker's form. */
  private info(ticker: string): SymbolInfo {
    const entry = catalogueEntry(ticker);
    if (entry) return { ticker, name: entry.name, assetClass: entry.assetClass, fee: entry.expenseRatio ?? null };
    return { ticker, name: ticker, assetClass: guessAssetClass(ticker) };
  }

  private files(): Map<string, TickerFiles> {
    if (!this.listing) {
      const listing = new Map<string, TickerFiles>();
      const add = (role: keyof TickerFiles, files: Map<string, string>) => {
        for (const [ticker, path] of files) {
          const entry = listing.get(ticker);
          if (entry) entry[role] = path;
          else if (role === "adjusted" || role === "splitAdjusted") listing.set(ticker, { [role]: path });
        }
      };
      // a ticker is known by a price file; dividends and splits only join one
      add("adjusted", tickerFiles(this.dir));
      add("splitAdjusted", tickerFiles(join(this.dir, "split-adjusted")));
      add("dividends", tickerFiles(join(this.dir, "dividends")));
      add("splits", tickerFiles(join(this.dir, "splits")));
      listing.delete("CURRENCIES");
      this.listing = listing;
    }
    return this.listing;
  }

  private async text(path: string): Promise<string> {
    return readFile(path, "utf8");
  }

  private async rows(path: string): Promise<DailyClose[]> {
    const info = await stat(path);
    const known = this.parsed.get(path);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known.rows;
    // concurrent first reads of one file share the parse
    let pending = this.loading.get(path);
    if (!pending) {
      pending = readFile(path, "utf8")
        .then((text) => {
          const rows = parseCloseCsv(text);
          this.parsed.set(path, { mtimeMs: info.mtimeMs, size: info.size, rows });
          return rows;
        })
        .finally(() => this.loading.delete(path));
      this.loading.set(path, pending);
    }
    return pending;
  }
}
