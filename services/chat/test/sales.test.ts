/**
 * The assistant's tools on a portfolio with sales (docs/numbers.md "Sales"): the holdings are what is still held, the
 * sales are listed with their realized gains, and net worth and the movers count what is still held. AAA and
 * BBB are priced by the CSV provider from a made-up folder; every figure is worked out by hand from its rows.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { closesFolder, removeClosesFolders } from "../../../test/support/closes-folder.ts";
import { type Harness, harness } from "./helpers.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
});
afterAll(() => removeClosesFolders());

const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);

// biome-ignore lint/suspicious/noExplicitAny: tool results are JSON read field by field below
type Loose = any;
const toolResults = (x: Harness, chat: number): Loose[] =>
  x.fake.chats[chat].messages.filter((m) => m.role === "tool").map((m) => JSON.parse(String(m.content)));

describe("the assistant's tools with sales", () => {
  it("list what is still held, the sales with their realized gains, and count only what is held", async () => {
    const csv = closesFolder({
      "AAA.csv": ["2026-05-29,100", "2026-06-30,110", "2026-07-13,99"],
      "BBB.csv": ["2026-05-29,50", "2026-06-30,60", "2026-07-13,58"],
    });
    h = await harness({ env: { MARKET_DATA_DIR: csv, MARKET_DATA_PROVIDERS: "csv" } });
    h.deps.clock.set(TODAY);
    const slug = await h.create("alice", "Traded", {
      assets: [
        { ticker: "AAA", quantity: 10, PoA: 100, DoA: "2026-05-29" },
        { ticker: "AAA", side: "sell", quantity: 4, PoA: 110, DoA: "2026-06-30", fee: 1 },
        { ticker: "BBB", quantity: 5, PoA: 50, DoA: "2026-05-29" },
        { ticker: "BBB", side: "sell", quantity: 5, PoA: 60, DoA: "2026-06-30" },
      ],
    });
    await h.relay();
    await h.post("alice", "/v1/get/netWorth", { force: true });
    await h.relay();

    h.fake.reply(
      {
        toolCalls: [
          { name: "list_portfolios", arguments: {} },
          { name: "get_portfolio", arguments: { slug } },
          { name: "get_net_worth", arguments: {} },
          { name: "get_biggest_movers", arguments: {} },
        ],
      },
      { text: "Here it is." },
    );
    expect((await h.post("alice", "/v1/chat", { message: "How did my trades do?" })).statusCode).toBe(200);
    const [list, portfolio, netWorth, movers] = toolResults(h, h.fake.chats.length - 1);

    // AAA: 6 held worth 6 × 99 = 594 at a cost of 600; sold 4 for 440 − 1 − 400 = 39; BBB: 300 − 250 = 50, none held
    expect(list.portfolios[0]).toMatchObject({ market_value: 594, cost: 600, realized_profit_loss: 89, unrealized_profit_loss: -6 });
    expect(portfolio).toMatchObject({
      market_value: 594,
      cost: 600,
      realized_profit_loss: 89,
      unrealized_profit_loss: -6,
      profit_loss: 83,
    });
    expect(portfolio.holdings).toHaveLength(1);
    expect(portfolio.holdings[0]).toMatchObject({ ticker: "AAA", quantity: 6, quantity_bought: 10, shares_sold: 4, market_value: 594 });
    expect(portfolio.sales).toEqual([
      {
        ticker: "AAA",
        date: "2026-06-30",
        quantity_sold: 4,
        price: 110,
        currency: "USD",
        proceeds: 440,
        fee: 1,
        cost_of_shares_sold: 400,
        realized_profit_loss: 39,
      },
      {
        ticker: "BBB",
        date: "2026-06-30",
        quantity_sold: 5,
        price: 60,
        currency: "USD",
        proceeds: 300,
        fee: 0,
        cost_of_shares_sold: 250,
        realized_profit_loss: 50,
      },
    ]);
    // net worth counts what is still held; the movers rank only AAA (BBB is sold in full)
    expect(netWorth.net_worth).toBe(594);
    expect(movers.most_quantity).toBe("AAA");
    expect(Object.keys(movers.monthly_change_percent)).toEqual(["AAA"]);
  });
});
