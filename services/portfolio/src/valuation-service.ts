/**
 * Valued portfolios: prices from the pricing service (pricing-client.ts), figures from the pure engine
 * (domain/valued-portfolio.ts), and the valued reply kept per portfolio (reply-cache.ts) so the cachable
 * read neither asks pricing nor runs the engine.
 *
 * The cached copy records the revision it was valued at and when (`valuedAt`). It is replaced by every
 * save and by revaluation after price.updated, and dropped by renames, settings changes and deletes, so a
 * reader normally gets a current copy. A copy can still be older than the portfolio's latest data when a
 * valuation that started before a save or a price change finished after it; the reply then says
 * has_updates (reply-cache.ts hasUpdates) and the client reloads from the uncached path, which values afresh.
 */
import { SingleFlight } from "@folio/platform/memo";
import type { ServiceDeps } from "@folio/platform/service";
import { DEFAULT_TOTAL_VALUE, Portfolio, type PortfolioInput, type Valuation } from "@folio/proto/portfolio";
import { Value } from "typebox/value";
import { readableAsset } from "./domain/portfolio.ts";
import type { InitialPercentZero } from "./domain/valuation/types.ts";
import { fxPairsFor, initialPercentQuantities, valuationTickers, valuePortfolioView } from "./domain/valued-portfolio.ts";
import type { OwnerSettings } from "./owners.ts";
import type { PricingClient } from "./pricing-client.ts";
import { PRICE_WAIT_MS, type PriceLookup, unpricedOf } from "./pricing-client.ts";
import { OUTAGE_REPLY_TTL_MS, REPLY_TTL_MS, ReplyCache, type ServedCopy } from "./reply-cache.ts";
import { type PortfolioDoc, revOf, toPortfolio, type ValueSnapshot } from "./store.ts";

export interface Valued {
  /** the public portfolio with its live fields, marketValue, fees, allHistory and lastRefreshed */
  portfolio: Portfolio;
  valuation: Valuation | null;
  /** epoch ms the valuation started, before its prices were read */
  valuedAt: number;
  lookup: PriceLookup;
  /** the exchange-rate pairs the valuation needed (`EURUSD=X`), asked of pricing like tickers */
  fxPairs: string[];
  /** the owner's base currency, which every amount is in */
  baseCurrency: string;
  /** every held ticker and needed rate was answered (priced, or unknown to pricing): no outage left a gap */
  complete: boolean;
  /** the indexes of the sales that sell more than was held on their date (README "Sales") */
  unmatchedSales: number[];
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class PortfolioValuer {
  /** concurrent cache misses for one revision share one valuation */
  private readonly valuing = new SingleFlight<string, ServedCopy>();
  private readonly replies: ReplyCache;

  constructor(
    private readonly deps: ServiceDeps,
    readonly pricing: PricingClient,
    private readonly owners: OwnerSettings,
  ) {
    this.replies = new ReplyCache(deps.cache, deps.clock);
  }

  /**
   * Values a stored portfolio now. A ticker without a price never fails it: it is listed as unpriced.
   * `waitMs` bounds the wait for prices (reads and saves); background work passes undefined and waits.
   */
  async value(stored: PortfolioDoc, waitMs: number | undefined = PRICE_WAIT_MS): Promise<Valued> {
    const valuedAt = this.deps.clock.now();
    // whatever an older release stored is valued inside today's rules (domain/portfolio.ts readableAsset)
    const doc = { ...stored, assets: stored.assets.map((a) => readableAsset(a, isoDay(valuedAt))) };
    const baseCurrency = await this.owners.baseCurrencyOf(doc.owner);
    const { lookup, fxPairs } = await this.pricesWithRates(valuationTickers(doc), baseCurrency, waitMs);
    // the benchmark is not an asset: when it alone has no price, the chart has no index line and that is all
    const held = new Set(doc.assets.map((a) => a.ticker.toUpperCase()));
    const unpriced = unpricedOf(lookup).filter((u) => held.has(u.ticker));
    const view = valuePortfolioView(doc, lookup.prices, unpriced, { baseCurrency, today: isoDay(valuedAt) });
    // the stored document may carry fields this service keeps to itself; the copy must hold only the public ones
    const portfolio = Value.Clean(Portfolio, {
      ...toPortfolio(doc),
      assets: view.assets,
      // the cost of the priced assets in the base currency, as the valuation counts it
      value: view.valuation?.value ?? 0,
      marketValue: view.marketValue,
      fees: view.fees,
      allHistory: view.allHistory,
      lastRefreshed: new Date(valuedAt).toISOString(),
    }) as Portfolio;
    const needed = new Set([...held, ...fxPairs]);
    const complete = !lookup.unavailable.some((t) => needed.has(t));
    return { portfolio, valuation: view.valuation, valuedAt, lookup, fxPairs, baseCurrency, complete, unmatchedSales: view.unmatchedSales };
  }

  /** The owner's base currency (owners.ts): the currency their portfolios are valued in. */
  baseCurrencyOf(owner: string): Promise<string> {
    return this.owners.baseCurrencyOf(owner);
  }

  /**
   * The tickers' prices, then the exchange rates their currencies need (`<CUR><BASE>=X`), in one look-up
   * result. A pair pricing cannot give is a gap of the valuation (README "Currencies"), never a 1:1 rate.
   */
  private async pricesWithRates(
    tickers: string[],
    baseCurrency: string,
    waitMs: number | undefined,
  ): Promise<{ lookup: PriceLookup; fxPairs: string[] }> {
    const lookup = await this.pricing.lookup(tickers, waitMs);
    const fxPairs = fxPairsFor(lookup.prices.values(), baseCurrency);
    if (fxPairs.length === 0) return { lookup, fxPairs };
    const rates = await this.pricing.lookup(fxPairs, waitMs);
    for (const [pair, price] of rates.prices) lookup.prices.set(pair, price);
    lookup.unknown.push(...rates.unknown);
    lookup.unavailable.push(...rates.unavailable);
    return { lookup, fxPairs };
  }

  /**
   * The copy of a portfolio to serve, or a fresh one valued and cached when there is none. `snapshot` is
   * the portfolio's value snapshot, read by the caller for has_updates; `valued` is told of a fresh valuation
   * (the figures record keeps it, figures.ts), before it is cached.
   */
  async served(doc: PortfolioDoc, snapshot: ValueSnapshot | null, valued?: (v: Valued) => Promise<unknown>): Promise<ServedCopy> {
    const hit = await this.replies.get(doc.slug, revOf(doc), snapshot);
    if (hit) return hit;
    return this.valuing.run(`${doc.slug}\n${revOf(doc)}`, async () => {
      const fresh = await this.value(doc);
      await valued?.(fresh);
      return this.keep(doc.slug, fresh);
    });
  }

  /** Caches a valuation as the portfolio's copy and returns it. */
  async keep(slug: string, valued: Valued): Promise<ServedCopy> {
    const copy = {
      rev: valued.portfolio.rev,
      valuedAt: valued.valuedAt,
      data: JSON.stringify(valued.portfolio),
      valuation: JSON.stringify(valued.valuation),
    };
    return this.replies.put(slug, copy, valued.lookup.unavailable.length > 0 ? OUTAGE_REPLY_TTL_MS : REPLY_TTL_MS);
  }

  /** A visitor's view of a public portfolio still fresh in this process (reply-cache.ts). */
  visitorView(slug: string) {
    return this.replies.visitorView(slug);
  }

  async forget(slug: string): Promise<void> {
    await this.replies.drop(slug);
  }

  /**
   * Initial percents on save (PortfolioInput.applyInitialPercents): each asset with an initialPercent p gets
   * quantity round(T × p / 100 / price at its DoA), T the input's totalValue, else the stored one, else
   * 10000. Without the flag, or without initial percents, the input is returned as it is.
   */
  async withInitialPercents(
    input: PortfolioInput,
    storedTotal: number | undefined,
    owner: string,
  ): Promise<{ input: PortfolioInput; skipped: string[]; zero: InitialPercentZero[] }> {
    const wanted = input.assets.some((a) => typeof a.initialPercent === "number");
    if (!input.applyInitialPercents || !wanted) return { input, skipped: [], zero: [] };
    const totalValue = input.totalValue ?? storedTotal ?? DEFAULT_TOTAL_VALUE;
    const baseCurrency = await this.owners.baseCurrencyOf(owner);
    const { lookup } = await this.pricesWithRates(
      input.assets.filter((a) => typeof a.initialPercent === "number").map((a) => a.ticker),
      baseCurrency,
      PRICE_WAIT_MS,
    );
    const { quantities, skipped, zero } = initialPercentQuantities(input.assets, totalValue, lookup.prices, {
      baseCurrency,
      today: isoDay(this.deps.clock.now()),
    });
    return { input: { ...input, assets: input.assets.map((a, i) => ({ ...a, quantity: quantities[i] })) }, skipped, zero };
  }
}
