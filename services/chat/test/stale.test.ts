/**
 * The assistant's tools while a market-data provider is down (docs/product-decisions.md "Movers and the assistant, stale and
 * unpriced"): AAA priced by the CSV provider from a made-up folder, BBB only by the fake Yahoo server, ZZZ by
 * nobody. The tool results the model reads carry each price's date, the stale mark and the unpriced reason,
 * and the table show_table builds says them too. Expected figures are worked out by hand from the rows.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { closesFolder, removeClosesFolders } from "../../../test/support/closes-folder.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness | undefined;
let fake: FakeMarketData | undefined;
afterEach(async () => {
  await h?.close();
  await fake?.close();
});
afterAll(() => removeClosesFolders());

/** The day after the newest row (2026-07-13). */
const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);

// biome-ignore lint/suspicious/noExplicitAny: tool results are JSON read field by field below
type Loose = any;
const toolResults = (x: Harness, chat: number): Loose[] =>
  x.fake.chats[chat].messages.filter((m) => m.role === "tool").map((m) => JSON.parse(String(m.content)));

describe("the assistant's tools with stale and unpriced prices", () => {
  it("carry each price's date, the stale mark and why a holding is unpriced, to the model and the table", async () => {
    // AAA: June 110 → July 99 (−10 %); BBB at the fake Yahoo: June 200 → July 210 (+5 %)
    const csv = closesFolder({ "AAA.csv": ["2026-05-29,100", "2026-06-30,110", "2026-07-13,99"] });
    fake = await startFakeMarketData({ dataDir: closesFolder({ "BBB.csv": ["2026-06-30,200", "2026-07-13,210"] }) });
    h = await harness({
      env: {
        MARKET_DATA_DIR: csv,
        MARKET_DATA_PROVIDERS: "csv,yahoo",
        YAHOO_BASE_URL: fake.url,
        MARKET_DATA_RETRIES: "1",
        MARKET_DATA_RETRY_BASE_MS: "1",
      },
    });
    h.deps.clock.set(TODAY);
    const slug = await h.create("alice", "Main", {
      assets: [
        { ticker: "AAA", quantity: 10, PoA: 100, DoA: "2026-05-29" },
        { ticker: "BBB", quantity: 2, PoA: 200, DoA: "2026-06-30" },
        { ticker: "ZZZ", quantity: 1, PoA: 5, DoA: "2026-06-01" },
      ],
    });
    await h.relay();
    await h.post("alice", "/v1/get/netWorth", { force: true });
    await h.relay();

    // every provider answers: ZZZ is known to none
    h.fake.reply({ toolCalls: [{ name: "get_net_worth", arguments: {} }] }, { text: "Done." });
    expect((await h.post("alice", "/v1/chat", { message: "Net worth?" })).statusCode).toBe(200);
    const [netWorth] = toolResults(h, 1);
    // AAA 10 × 99 = 990 + BBB 2 × 210 = 420 → 1,410; ZZZ counts nothing and is listed
    expect(netWorth).toMatchObject({
      net_worth: 1410,
      currency: "USD",
      stale: [],
      unpriced: [{ ticker: "ZZZ", reason: "unknown-ticker" }],
    });

    // two hours on, every cached quote has expired and Yahoo does not answer; the CSV folder still does. The
    // owner's page values BBB at its last good price (and ZZZ cannot be told unknown now): those figures are
    // the portfolio's, and every view (the movers' too) shows them once they have travelled
    fake.setDown(true);
    h.deps.clock.set(TODAY + 2 * 60 * 60_000);
    await h.post("alice", `/v1/get/portfolio/${slug}`);
    await h.relay();
    h.fake.reply(
      {
        toolCalls: [
          { name: "get_portfolio", arguments: { slug } },
          { name: "get_ticker", arguments: { ticker: "BBB" } },
          { name: "get_biggest_movers", arguments: {} },
        ],
      },
      { toolCalls: [{ name: "show_table", arguments: { kind: "holdings", slugs: [slug] } }] },
      { text: "Here are your holdings." },
    );
    const res = await h.post("alice", "/v1/chat", { message: "What do I hold?" });
    expect(res.statusCode).toBe(200);
    const [portfolio, ticker, movers] = toolResults(h, 3);

    expect(portfolio.stale).toEqual(["BBB"]);
    expect(portfolio.unpriced).toEqual([{ ticker: "ZZZ", reason: "no price, so it is counted in no market figure" }]);
    const byTicker = Object.fromEntries(portfolio.holdings.map((x: Loose) => [x.ticker, x]));
    expect(byTicker.AAA).toMatchObject({ latest_price: 99, price_date: "2026-07-13", stale: false, market_value: 990 });
    // BBB at its last good price 210, dated, marked: 2 × 210 = 420
    expect(byTicker.BBB).toMatchObject({ latest_price: 210, price_date: "2026-07-13", stale: true, market_value: 420 });
    expect(byTicker.ZZZ).toMatchObject({ latest_price: null, market_value: null });

    expect(ticker).toMatchObject({ ticker: "BBB", latest_price: 210, as_of: "2026-07-13", stale: true });

    // BBB's +5 % is not a current move: listed apart with its date; ZZZ cannot be priced now
    expect(movers).toMatchObject({
      monthly_change_percent: { AAA: -10 },
      prices_as_of: "2026-07-13",
      stale: [{ ticker: "BBB", price_date: "2026-07-13", reason: "last-known", change_percent: 5, month: "2026-07" }],
      unpriced: [{ ticker: "ZZZ", reason: "unavailable" }],
    });

    // the table is built from the portfolio tool's result: the date, the stale mark and the reason are cells
    const table = res.json().portfolio_table;
    expect(table.columns).toEqual([
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
    ]);
    const rows = Object.fromEntries(table.rows.map((r: Loose[]) => [r[1], r]));
    // AAA: 990 − 10 × 100 = −10 (−1 %), weight 990 / 1,410 = 70.21 %
    expect(rows.AAA.slice(3)).toEqual([10, 99, "2026-07-13", 990, -10, -1, 70.21]);
    // BBB: 420 − 2 × 200 = 20 (+5 %), weight 420 / 1,410 = 29.79 %
    expect(rows.BBB.slice(3)).toEqual([2, 210, "2026-07-13 (stale)", 420, 20, 5, 29.79]);
    expect(rows.ZZZ.slice(3)).toEqual([1, null, "unpriced: no price, so it is counted in no market figure", null, null, null, null]);
  });
});
