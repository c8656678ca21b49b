/**
 * The portfolio page's live edit preview is what the save then returns (issue 22): for generated portfolios
 * (splits before and after the purchase, dividends, several currencies with a base that differs, unpriced
 * tickers), the web's figures for an edited quantity (web/src/features/portfolio/assetFigures.ts: the
 * server's valuation × new quantity / valued quantity) equal the valuation engine's own figures of the
 * portfolio saved with that quantity, asset by asset and in total. A seeded generator, so a failure names
 * the case that shows it.
 */
import type { Asset } from "@folio/proto/portfolio";
import type { PriceReply } from "@folio/proto/pricing";
import { describe, expect, it } from "vitest";
import { type PriceBook, valuePortfolioView } from "../services/portfolio/src/domain/valued-portfolio.ts";
import { assetFigures, portfolioFigures } from "../web/src/features/portfolio/assetFigures.ts";

/** mulberry32: a small seeded generator, so every case can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

const FIRST = { year: 2014, month: 1 };
const MONTHS = 150; // 2014-01 to 2026-06
const TODAY = "2026-07-01";
const pad = (n: number) => String(n).padStart(2, "0");
const monthKey = (i: number) => {
  const m = FIRST.month - 1 + i;
  return `${FIRST.year + Math.floor(m / 12)}-${pad((m % 12) + 1)}`;
};

/** A random walk of month-end closes (today's shares), its splits and dividends, in one currency. */
function instrument(r: Random, ticker: string, currency: string): PriceReply {
  const closes: Record<string, number> = {};
  let price = 20 + r.next() * 300;
  for (let i = 0; i < MONTHS; i++) {
    price *= 1 + (r.next() - 0.48) * 0.12;
    closes[monthKey(i)] = Math.max(0.5, price);
  }
  const splits = Array.from({ length: r.int(0, 2) }, () => ({
    date: `${monthKey(r.int(12, MONTHS - 2))}-${pad(r.int(1, 28))}`,
    ratio: r.pick([2, 3, 4, 10, 0.5]),
  })).sort((a, b) => a.date.localeCompare(b.date));
  const dividends =
    r.next() < 0.5 ? [] : Array.from({ length: MONTHS / 3 }, (_, q) => ({ date: `${monthKey(q * 3 + 1)}-15`, amount: 0.1 + r.next() }));
  return {
    ticker,
    name: ticker,
    assetClass: "Stock",
    fee: 0,
    latestPrice: closes[monthKey(MONTHS - 1)] as number,
    asOf: "2026-06-30",
    currency,
    historical_data: closes,
    closes,
    splits,
    dividends,
  };
}

/** Monthly exchange rates of a pair, e.g. EURUSD=X (dollars per euro). */
function rates(r: Random, pair: string): PriceReply {
  const history: Record<string, number> = {};
  let rate = 0.6 + r.next();
  for (let i = 0; i < MONTHS; i++) {
    rate *= 1 + (r.next() - 0.5) * 0.04;
    history[monthKey(i)] = rate;
  }
  return {
    ticker: pair,
    name: pair,
    assetClass: "Currency",
    fee: null,
    latestPrice: rate,
    asOf: "2026-06-30",
    historical_data: history,
    closes: history,
    splits: [],
    dividends: [],
    dividendsInCloses: true,
  };
}

const CURRENCIES = ["USD", "EUR", "GBP"] as const;

function generated(seed: number) {
  const r = random(seed);
  const base = r.pick(CURRENCIES);
  const book = new Map<string, PriceReply>();
  const tickers = ["AAA", "BBB", "CCC", "DDD", "EEE"].slice(0, r.int(2, 5));
  for (const t of tickers) {
    // about one ticker in six has no price at all (unknown to every provider)
    if (r.next() < 0.17) continue;
    book.set(t, instrument(r, t, r.pick(CURRENCIES)));
  }
  for (const from of CURRENCIES) for (const to of CURRENCIES) if (from !== to) book.set(`${from}${to}=X`, rates(r, `${from}${to}=X`));
  book.set("SPY", instrument(r, "SPY", "USD"));
  const assets: Asset[] = Array.from({ length: r.int(1, 6) }, (_, index) => {
    const quantity = r.next() < 0.7 ? r.int(1, 400) : Math.round(r.next() * 50_000) / 1000 + 0.001;
    const PoA = Math.round((5 + r.next() * 400) * 100) / 100;
    return {
      ticker: r.pick(tickers),
      name: "",
      quantity,
      PoA,
      DoA: `${monthKey(r.int(0, MONTHS - 3))}-${pad(r.int(1, 28))}`,
      value: quantity * PoA,
      fee: null,
      assetClass: "",
      initialPercent: null,
      index,
    };
  });
  const edit = { at: r.int(0, assets.length - 1), quantity: r.next() < 0.8 ? r.int(1, 900) : Math.round(r.next() * 9_000) / 100 + 0.01 };
  return { base, book: book as PriceBook, assets, edit };
}

function value(assets: readonly Asset[], book: PriceBook, base: string) {
  const unpriced = [...new Set(assets.map((a) => a.ticker).filter((t) => !book.has(t)))];
  return valuePortfolioView({ assets, formatGains: "$", indexTicker: "SPY" }, book, [], { baseCurrency: base, today: TODAY }).assets.map(
    (a) => ({ ...a, unpricedTicker: unpriced.includes(a.ticker) }),
  );
}

/** Equal to the float's last digits: the two compute the same product in another order. */
function close(actual: number | null | undefined, expected: number | null | undefined, what: string) {
  if (expected === null || expected === undefined) {
    expect(actual ?? null, what).toBeNull();
    return;
  }
  expect(actual, what).not.toBeNull();
  expect(Math.abs((actual as number) - expected), what).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

describe("the page's preview of a quantity edit is the save's valuation", () => {
  it("over 400 generated portfolios: splits, dividends, currencies, unpriced tickers", () => {
    let compared = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const { base, book, assets, edit } = generated(seed);
      const unpriced = new Set(assets.map((a) => a.ticker).filter((t) => !book.has(t)));
      // what the page holds after the last save: the server's valuation of the entry
      const saved = value(assets, book, base);
      // the user edits one quantity: the page's figures at once
      const onScreen = saved.map((a, i) => (i === edit.at ? { ...a, quantity: edit.quantity } : a));
      const preview = assetFigures(onScreen, unpriced);
      // the save: the engine values the edited entry
      const after = value(
        assets.map((a, i) => (i === edit.at ? { ...a, quantity: edit.quantity, value: edit.quantity * a.PoA } : a)),
        book,
        base,
      );
      after.forEach((a, i) => {
        const p = preview[i];
        const what = `seed ${seed}, asset ${i} (${a.ticker})`;
        // an asset the engine could not value has no figure on screen either
        if (typeof a.marketValue !== "number") {
          expect(p?.marketValue ?? null, what).toBeNull();
          return;
        }
        close(p?.marketValue, a.marketValue, `${what}: market value`);
        close(p?.cost, a.cost, `${what}: cost`);
        close(p?.dividends, a.dividends ?? 0, `${what}: dividends`);
        close(p?.profitLoss, a.profitLoss, `${what}: profit/loss`);
        close(p?.profitLossPercent, a.profitLossPercent, `${what}: total return`);
        close(p?.percent, a.percent, `${what}: share`);
        compared++;
      });
      // and the totals the summary shows: the sums of the same
      const totals = portfolioFigures(onScreen, preview);
      const priced = after.filter((a) => typeof a.marketValue === "number");
      close(
        totals.marketValue,
        priced.length ? priced.reduce((s, a) => s + (a.marketValue as number), 0) : null,
        `seed ${seed}: market value`,
      );
      close(
        totals.cost,
        priced.reduce((s, a) => s + (a.cost as number), 0),
        `seed ${seed}: cost`,
      );
      close(
        totals.profitLoss,
        priced.length ? priced.reduce((s, a) => s + (a.profitLoss as number), 0) : null,
        `seed ${seed}: profit/loss`,
      );
    }
    // the generator makes mostly valued assets: the comparison is not vacuous
    expect(compared).toBeGreaterThan(800);
  });
});
