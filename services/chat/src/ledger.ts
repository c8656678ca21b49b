/**
 * What the tools returned during one answer, kept by the server: the portfolios seen (with their market
 * values and, when fetched, holdings). The reply's `cards` and `portfolio_table` are built from this alone,
 * so a number shown there is always the portfolio service's, never one the model typed.
 */
import type { ChatCard, PortfolioTable } from "@folio/proto/chat";

export interface Holding {
  ticker: string;
  name: string;
  quantity: number;
  latestPrice: number | null;
  /** the currency latestPrice is quoted in (the instrument's); null when not known */
  currency: string | null;
  marketValue: number | null;
  profitLoss: number | null;
  profitLossPercent: number | null;
  percent: number | null;
  /** the date of latestPrice, `YYYY-MM-DD`; null without one */
  priceDate: string | null;
  /** latestPrice is the last good one, served while every market-data provider was down */
  stale: boolean;
  /** why the holding has no price (the portfolio service's words); null when it has one */
  unpriced: string | null;
}

interface SeenPortfolio {
  slug: string;
  name: string;
  value: number | null;
  /** the currency of its figures (the owner's base currency); unknown: USD */
  currency?: string;
  holdings?: Holding[];
}

export class Ledger {
  private readonly seen = new Map<string, SeenPortfolio>();
  /** list_portfolios answered */
  listed = false;
  table: PortfolioTable | null = null;
  /** tools that failed (names only, for the log) */
  readonly failures: string[] = [];

  portfolio(slug: string, name: string, value: number | null, holdings?: Holding[], currency?: string): void {
    const before = this.seen.get(slug);
    this.seen.set(slug, { slug, name, value, currency: currency ?? before?.currency, holdings: holdings ?? before?.holdings });
  }

  portfolios(): SeenPortfolio[] {
    return [...this.seen.values()];
  }

  /**
   * The portfolios the answer refers to: those seen whose name or slug the text mentions (whole words,
   * any case), in the order the text first mentions them; a table's portfolios count as mentioned.
   */
  cards(text: string): ChatCard[] {
    const lower = text.toLowerCase();
    const inTable = new Set(this.tableSlugs);
    const found: Array<{ at: number; card: ChatCard }> = [];
    for (const p of this.seen.values()) {
      const at = Math.min(...[p.name, p.slug].map((s) => mentionAt(lower, s.toLowerCase())));
      const position = Number.isFinite(at) ? at : inTable.has(p.slug) ? lower.length : Number.POSITIVE_INFINITY;
      if (Number.isFinite(position))
        found.push({ at: position, card: { slug: p.slug, name: p.name, value: p.value, ...(p.currency ? { currency: p.currency } : {}) } });
    }
    return found.sort((a, b) => a.at - b.at).map((f) => f.card);
  }

  /** slugs of the portfolios the table shows */
  tableSlugs: string[] = [];
}

function mentionAt(text: string, needle: string): number {
  if (needle.trim().length < 2) return Number.POSITIVE_INFINITY;
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, "u").exec(text);
  return match ? match.index + match[1].length : Number.POSITIVE_INFINITY;
}

const money = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** The "Price as of" cell: "2026-07-13", "2026-07-01 (stale)", or "unpriced: <reason>". */
export function priceAsOf(h: Holding): string | null {
  if (h.unpriced !== null) return `unpriced: ${h.unpriced}`;
  if (!h.priceDate) return null;
  return h.stale ? `${h.priceDate} (stale)` : h.priceDate;
}

/** The table `show_table` asked for, from what the ledger holds; null when it holds nothing of that kind. */
export function tableOf(ledger: Ledger, kind: "portfolios" | "holdings", slugs?: string[]): PortfolioTable | null {
  const chosen = ledger.portfolios().filter((p) => !slugs?.length || slugs.includes(p.slug));
  if (kind === "portfolios") {
    if (!ledger.listed || chosen.length === 0) return null;
    ledger.tableSlugs = chosen.map((p) => p.slug);
    return {
      title: "Your portfolios",
      columns: ["Portfolio", "Slug", "Market value"],
      rows: chosen.map((p) => [p.name, p.slug, money(p.value)]),
      ...currencyOf(chosen),
    };
  }
  const fetched = chosen.filter((p) => p.holdings);
  if (fetched.length === 0) return null;
  ledger.tableSlugs = fetched.map((p) => p.slug);
  return {
    title: fetched.length === 1 ? `Holdings of ${fetched[0].name}` : "Holdings",
    columns: [
      "Portfolio",
      "Ticker",
      "Name",
      "Quantity",
      "Price",
      "Price as of",
      "Market value",
      "Profit/loss",
      "Profit/loss %",
      "Weight %",
    ],
    rows: fetched.flatMap((p) =>
      (p.holdings ?? []).map((h) => [
        p.name,
        h.ticker,
        h.name,
        h.quantity,
        h.latestPrice,
        priceAsOf(h),
        money(h.marketValue),
        money(h.profitLoss),
        money(h.profitLossPercent),
        money(h.percent),
      ]),
    ),
    ...currencyOf(fetched),
    // a price is in its instrument's currency, not the owner's (a SAP.DE price is in euros for a dollar owner)
    priceCurrencies: fetched.flatMap((p) => (p.holdings ?? []).map((h) => h.currency)),
  };
}

/** The table's currency: its portfolios' (one owner's, so one base currency); none said when not known. */
function currencyOf(portfolios: SeenPortfolio[]): { currency?: string } {
  const currency = portfolios.find((p) => p.currency)?.currency;
  return currency ? { currency } : {};
}
