/**
 * FireEngineV1's tools: what the model may read, all of it the caller's own data, asked of the owning
 * services with the caller's ID token (so those services enforce ownership, exactly as for the web). No tool
 * takes a user: the only identity is the token. Arguments are checked against their TypeBox schema (extra
 * fields refused) before anything runs; a refused or failed call becomes a tool result saying so, never an
 * exception in the loop.
 *
 * Everything a tool returns is data for the model (a `tool` message), never instructions; what the reply
 * shows as numbers (cards, the table) is taken from here by the server, never from the model's text.
 */
import type { NetworthQueries } from "@folio/networth/client";
import { type Check, lazyCheck } from "@folio/platform/check";
import { ServiceUnavailableError } from "@folio/platform/internal";
import type { PortfolioQueries, PortfolioReply } from "@folio/portfolio/client";
import type { PricingQueries } from "@folio/pricing/client";
import { TICKER_MAX_LENGTH, TICKER_PATTERN } from "@folio/proto/constants";
import { type Static, type TSchema, Type } from "typebox";
import { type Holding, type Ledger, tableOf } from "./ledger.ts";
import type { ModelTool } from "./model.ts";

const Slug = Type.String({ minLength: 1, maxLength: 80, pattern: "^[a-z0-9][a-z0-9-]*$" });
const NoArgs = Type.Object({}, { additionalProperties: false });

const schemas = {
  list_portfolios: NoArgs,
  get_portfolio: Type.Object({ slug: Slug }, { additionalProperties: false }),
  get_ticker: Type.Object(
    { ticker: Type.String({ minLength: 1, maxLength: TICKER_MAX_LENGTH, pattern: TICKER_PATTERN }) },
    { additionalProperties: false },
  ),
  get_net_worth: NoArgs,
  get_biggest_movers: NoArgs,
  show_table: Type.Object(
    {
      kind: Type.Union([Type.Literal("portfolios"), Type.Literal("holdings")]),
      slugs: Type.Optional(Type.Array(Slug, { maxItems: 20 })),
    },
    { additionalProperties: false },
  ),
} satisfies Record<string, TSchema>;

export type ToolName = keyof typeof schemas;

const descriptions: Record<ToolName, string> = {
  list_portfolios:
    "The user's own portfolios: slug, name, market value, cost and profit/loss (realized on sales and unrealized on what is still held; in the portfolio's currency, as its page shows them), number of assets, playground and private flags, stale and unpriced holdings.",
  get_portfolio:
    "One of the user's own portfolios by slug (from list_portfolios): its holdings still held with today's shares (after splits and sales), prices and their dates, cost, market values, dividends and profit/loss, its sales with their realized gains, its returns, and which prices or exchange rates are stale or missing.",
  get_ticker:
    "A ticker's latest price with its date (as_of) and whether it is a stale last known price, name, asset class, currency and its last 12 monthly closes.",
  get_net_worth:
    "The user's net worth (sum of their non-playground portfolios' market values, as each portfolio's page shows them) and its weekly history.",
  get_biggest_movers:
    "The user's holdings that moved most over the latest month (percent change), the most volatile one and the most held one; holdings with stale prices and unpriced holdings are listed apart.",
  show_table:
    "Show the user a table of figures you have already looked up: kind 'portfolios' (the portfolios from list_portfolios) or 'holdings' (the holdings of the portfolios you fetched with get_portfolio; slugs to choose some). The server fills the numbers.",
};

const checks = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, lazyCheck(schema)])) as {
  [K in ToolName]: Check<Static<(typeof schemas)[K]>>;
};

export const toolDefinitions: ModelTool[] = (Object.keys(schemas) as ToolName[]).map((name) => ({
  type: "function",
  function: { name, description: descriptions[name], parameters: schemas[name] as unknown as Record<string, unknown> },
}));

export interface ToolClients {
  portfolios: PortfolioQueries;
  networth: NetworthQueries;
  pricing: PricingQueries;
}

const round = (n: number | null | undefined, digits = 2): number | null =>
  n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Why each unpriced ticker has no price, from the valuation's gaps (an unknown ticker or pricing down:
 * `unpriced`; a missing exchange rate: `fx`), in the portfolio service's words without the leading ticker.
 */
function unpricedReasons(reply: PortfolioReply): Map<string, string> {
  const v = reply.valuation;
  const reasons = new Map<string, string>();
  for (const ticker of v?.unpriced ?? []) {
    const gap = v?.gaps?.find((g) => g.ticker === ticker && (g.kind === "unpriced" || g.kind === "fx"));
    const message = gap?.message.startsWith(`${ticker}: `) ? gap.message.slice(ticker.length + 2) : gap?.message;
    reasons.set(ticker, message || "no price");
  }
  return reasons;
}

/** The buys that still hold shares (or were never sold from): a sale, or a buy sold in full, holds nothing (docs/numbers.md "Sales"). */
const heldAssets = (reply: PortfolioReply) =>
  reply.data.assets.filter((a) => a.side !== "sell" && !(a.soldShares && (a.shares ?? 0) === 0));

/**
 * The holdings as the portfolio's page shows them (the valuation's figures, docs/product-decisions.md "One valuation, many
 * views"): the quantity is today's shares still held (after splits and sales), the unit latestPrice is quoted for.
 */
function holdingsOf(reply: PortfolioReply): Holding[] {
  const unpriced = unpricedReasons(reply);
  return heldAssets(reply).map((a) => ({
    ticker: a.ticker,
    name: a.name,
    quantity: a.shares ?? a.quantity,
    latestPrice: a.latestPrice ?? null,
    currency: a.currency ?? null,
    marketValue: a.marketValue ?? null,
    profitLoss: a.profitLoss ?? null,
    profitLossPercent: a.profitLossPercent ?? null,
    percent: a.percent ?? null,
    priceDate: a.priceDate ?? null,
    stale: a.stale === true,
    unpriced: unpriced.get(a.ticker) ?? null,
  }));
}

type Args<K extends ToolName> = Static<(typeof schemas)[K]>;

/** Runs one tool call for the token's user; the result is JSON text for a `tool` message. */
export async function runTool(name: string, rawArguments: string, token: string, clients: ToolClients, ledger: Ledger): Promise<string> {
  if (!(name in schemas)) return JSON.stringify({ error: `There is no tool named ${name.slice(0, 64)}.` });
  const tool = name as ToolName;
  let args: unknown;
  try {
    args = rawArguments.trim() === "" ? {} : JSON.parse(rawArguments);
  } catch {
    return JSON.stringify({ error: "The arguments are not valid JSON." });
  }
  if (!checks[tool].Check(args)) {
    return JSON.stringify({ error: `Invalid arguments for ${tool}: expected ${JSON.stringify(schemas[tool])}.` });
  }
  try {
    return JSON.stringify(await run(tool, args as never, token, clients, ledger));
  } catch (err) {
    ledger.failures.push(`${tool}: ${err instanceof Error ? err.name : "error"}`);
    return JSON.stringify({ error: `${tool} could not be answered right now.` });
  }
}

async function run<K extends ToolName>(tool: K, args: Args<K>, token: string, clients: ToolClients, ledger: Ledger): Promise<unknown> {
  switch (tool) {
    case "list_portfolios": {
      const list = Object.values(await clients.portfolios.list(token));
      for (const p of list) ledger.portfolio(p.slug, p.pname, p.marketValue, undefined, p.figures?.baseCurrency);
      ledger.listed = true;
      return {
        portfolios: list.map((p) => ({
          slug: p.slug,
          name: p.pname,
          // the figures of its latest valuation, the same as its page's
          currency: p.figures?.baseCurrency ?? "USD",
          market_value: round(p.marketValue),
          cost: round(p.figures?.value),
          profit_loss: round(p.figures?.profitLoss),
          realized_profit_loss: round(p.figures?.realizedProfitLoss),
          unrealized_profit_loss: round(p.figures?.unrealizedProfitLoss),
          profit_loss_percent: round(p.figures?.profitLossPercent),
          prices_as_of: p.figures?.pricesAsOf ?? null,
          assets: p.assets.length,
          playground: p.playGround,
          private: p.privateMode,
          // holdings whose price is stale (a last known one, or older than the others): counted, dated
          stale_prices: p.figures?.stale ?? p.assets.filter((a) => a.stale === true).map((a) => a.ticker),
          // holdings counted in no figure, with why
          unpriced: p.figures?.unpriced ?? [],
        })),
      };
    }
    case "get_portfolio": {
      const { slug } = args as Args<"get_portfolio">;
      const reply = await clients.portfolios.get(token, slug);
      // another user's public portfolio is readable on the web, but it is not the caller's data
      if (!reply || reply.state.notOwner) return { error: `You have no portfolio with the slug ${slug}.` };
      const v = reply.valuation;
      const holdings = holdingsOf(reply);
      ledger.portfolio(slug, reply.data.pName, reply.data.marketValue ?? v?.marketValue ?? null, holdings, v?.baseCurrency);
      return {
        slug,
        name: reply.data.pName,
        description: reply.data.pDescription,
        // the cost of the priced holdings, in the portfolio's currency (unpriced ones count in no figure)
        cost: round(v?.value ?? reply.data.value),
        market_value: round(v?.marketValue ?? reply.data.marketValue),
        dividends_received: round(v?.dividends),
        profit_loss: round(v?.profitLoss),
        profit_loss_percent: round(v?.profitLossPercent),
        // realized on the sales, unrealized on what is still held (docs/numbers.md "Sales")
        realized_profit_loss: round(v?.realizedProfitLoss),
        unrealized_profit_loss: round(v?.unrealizedProfitLoss),
        time_weighted_return_percent: round(v?.twrPercent),
        money_weighted_return_percent: round(v?.xirrPercent),
        currency: v?.baseCurrency ?? "USD",
        prices_as_of: v?.pricesAsOf ?? null,
        // counted at a stale price (a last known one, or older than the others), with their price date
        stale: v?.stale ?? [],
        // exchange rates that are an older month's, carried forward, with their dates
        stale_rates: (v?.rates ?? [])
          .filter((r) => r.stale !== null)
          .map((r) => ({ pair: r.pair, rate: r.rate, as_of: r.asOf ?? r.month })),
        // counted in no market figure, with why
        unpriced: holdings.filter((h) => h.unpriced !== null).map((h) => ({ ticker: h.ticker, reason: h.unpriced })),
        sales: reply.data.assets
          .filter((a) => a.side === "sell")
          .map((a) => ({
            ticker: a.ticker,
            date: a.DoA,
            quantity_sold: a.quantity,
            price: round(a.PoA, 4),
            currency: a.currency ?? null,
            proceeds: round(a.proceeds),
            fee: round(a.saleFee),
            cost_of_shares_sold: round(a.soldCost),
            realized_profit_loss: round(a.realizedProfitLoss),
          })),
        holdings: holdings.map((h, i) => {
          const a = heldAssets(reply)[i];
          return {
            ticker: h.ticker,
            name: h.name,
            // today's shares, after splits; what was bought, as entered
            quantity: h.quantity,
            quantity_bought: a.quantity,
            ...(a.soldShares ? { shares_sold: a.soldShares, realized_profit_loss: round(a.realizedProfitLoss) } : {}),
            ...(a.splitNote ? { split_note: a.splitNote } : {}),
            currency: a.currency ?? null,
            latest_price: round(h.latestPrice, 4),
            price_date: h.priceDate,
            stale: h.stale,
            stale_reason: a.staleReason ?? null,
            cost: round(a.cost),
            market_value: round(h.marketValue),
            dividends_received: round(a.dividends),
            profit_loss: round(h.profitLoss),
            profit_loss_percent: round(h.profitLossPercent),
            weight_percent: round(h.percent),
          };
        }),
      };
    }
    case "get_ticker": {
      const { ticker } = args as Args<"get_ticker">;
      const symbol = ticker.toUpperCase();
      let quote: Awaited<ReturnType<PricingQueries["quote"]>>;
      try {
        quote = await clients.pricing.quote(symbol);
      } catch (err) {
        if (!(err instanceof ServiceUnavailableError)) throw err;
        // pricing tried its providers (with their bounded retries) and has no last good price either
        return { ticker: symbol, unpriced: true, reason: `No market-data provider could price ${symbol} right now.` };
      }
      if (!quote) return { error: `No market data knows the ticker ${ticker}.` };
      const months = Object.keys(quote.historical_data).sort().slice(-12);
      return {
        ticker: quote.ticker,
        name: quote.name,
        asset_class: quote.assetClass,
        currency: quote.currency ?? "USD",
        latest_price: quote.latestPrice,
        as_of: quote.asOf ?? null,
        // the last good price, served while every market-data provider was down
        stale: quote.stale === true,
        monthly_closes: Object.fromEntries(months.map((m) => [m, round(quote.historical_data[m], 4)])),
      };
    }
    case "get_net_worth": {
      const [now, history] = await Promise.all([clients.networth.netWorth(token), clients.networth.history(token)]);
      return {
        net_worth: now.netWorth,
        last_updated: now.lastUpdated,
        recalculating: now.calculating,
        currency: now.baseCurrency ?? "USD",
        // counted at a stale price; left out of the total, with why; stale rates with their dates
        stale: now.stale ?? [],
        unpriced: now.unpriced ?? [],
        stale_rates: (now.rates ?? []).map((r) => ({ pair: r.pair, rate: r.rate, as_of: r.asOf ?? r.month })),
        // portfolios not yet valued in the current currency (left out of the total meanwhile)
        pending: now.pending ?? [],
        // each week in the currency it was computed in: weeks before a base-currency change are in the old one
        weekly_history: history.netWorthHistory.slice(-26).map((w) => ({
          year: w.year,
          week: w.week,
          net_worth: w.data.networth,
          currency: w.currency ?? now.baseCurrency ?? "USD",
        })),
      };
    }
    case "get_biggest_movers": {
      const movers = await clients.networth.biggestMovers(token);
      return {
        monthly_change_percent: Object.fromEntries(Object.entries(movers.biggest_movers).map(([t, c]) => [t, round(c)])),
        most_volatile: movers.most_volatile,
        most_quantity: movers.most_quantity,
        prices_as_of: movers.pricesAsOf ?? null,
        // not current moves: each with its price date and its own (older) change
        stale: (movers.stale ?? []).map((m) => ({
          ticker: m.ticker,
          price_date: m.priceDate,
          reason: m.reason,
          change_percent: m.change,
          month: m.month,
        })),
        unpriced: movers.unpriced ?? [],
      };
    }
    case "show_table": {
      const { kind, slugs } = args as Args<"show_table">;
      const table = tableOf(ledger, kind, slugs);
      if (!table) {
        return {
          error:
            kind === "portfolios" ? "Call list_portfolios first." : "Fetch the portfolios with get_portfolio first (slugs you fetched).",
        };
      }
      ledger.table = table;
      return { shown: true, rows: table.rows.length };
    }
  }
}
