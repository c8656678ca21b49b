/**
 * POST /v1/networth/biggest-movers (the figures of the spec's POST /v1/biggest-movers) when prices are stale or missing (docs/numbers.md "Stale, unpriced and rates"), with the
 * portfolio service valuing the holdings: the movers call stale exactly what the portfolio's page calls stale,
 * by the one definition the valuation applies. A hand-made CSV folder priced by the CSV provider (AAA, and OLD
 * whose data stops 13 days earlier) and the fake Yahoo server (BBB), which goes down while the CSV provider
 * still answers. Every expected figure is worked out by hand from the rows below.
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type FakeMarketData, startFakeMarketData } from "../../../scripts/fakes/market-data.ts";
import { closesFolder, removeClosesFolders } from "../../../test/support/closes-folder.ts";
import { type ValuedServices, valuedServices } from "../../../test/support/valued-services.ts";
import { moversKey } from "../src/movers.ts";

let s: ValuedServices | undefined;
let fake: FakeMarketData | undefined;
afterEach(async () => {
  await s?.close();
  await fake?.close();
  s = undefined;
  fake = undefined;
});
afterAll(() => removeClosesFolders());

/** The day after the newest row (2026-07-13). */
const TODAY = Date.UTC(2026, 6, 14, 12, 0, 0);

async function open(withUnknown = true): Promise<{ s: ValuedServices; slug: string }> {
  // AAA: May 100 → June 110 (+10 %) → July 99 (−10 %); OLD stops on 2026-06-30: May 40 → June 50 (+25 %)
  const csv = closesFolder({
    "AAA.csv": ["2026-05-29,100", "2026-06-30,110", "2026-07-13,99"],
    "OLD.csv": ["2026-05-29,40", "2026-06-30,50"],
  });
  // BBB, only at the fake Yahoo: June 200 → July 210 (+5 %)
  fake = await startFakeMarketData({ dataDir: closesFolder({ "BBB.csv": ["2026-06-30,200", "2026-07-13,210"] }) });
  s = await valuedServices({
    MARKET_DATA_DIR: csv,
    MARKET_DATA_PROVIDERS: "csv,yahoo",
    YAHOO_BASE_URL: fake.url,
    MARKET_DATA_RETRIES: "1",
    MARKET_DATA_RETRY_BASE_MS: "1",
  });
  s.deps.clock.set(TODAY);
  const assets = [
    { ticker: "AAA", quantity: 10, PoA: 90, DoA: "2026-05-04" },
    { ticker: "OLD", quantity: 5, PoA: 40, DoA: "2026-05-04" },
    { ticker: "BBB", quantity: 2, PoA: 190, DoA: "2026-06-01" },
    ...(withUnknown ? [{ ticker: "ZZZ", quantity: 1, PoA: 5, DoA: "2026-06-01" }] : []),
  ];
  const saved = await s.post("alice", "/v1/save/portfolio/new", { portfolio: { assets, indexTicker: "AAA" }, newPortfolioName: "Main" });
  await s.relay();
  return { s, slug: saved.json().slug };
}

describe("biggest movers with stale and unpriced prices", () => {
  it("ranks only current prices; lists the page's out-of-date price with its date and own change, and its unknown ticker", async () => {
    const { s, slug } = await open();
    // the page: OLD's 2026-06-30 is 13 days before the newest price (2026-07-13, > 7): out of date; ZZZ unknown
    const page = (await s.post("alice", `/v1/get/portfolio/${slug}`)).json();
    expect(page.data.assets.map((a: { ticker: string; staleReason?: string | null }) => [a.ticker, a.staleReason ?? null])).toEqual([
      ["AAA", null],
      ["OLD", "out-of-date"],
      ["BBB", null],
      ["ZZZ", null],
    ]);
    expect(page.valuation).toMatchObject({
      stale: ["OLD"],
      unpriced: ["ZZZ"],
      unpricedReasons: [{ ticker: "ZZZ", reason: "unknown-ticker" }],
    });

    const res = await s.post("alice", "/v1/networth/biggest-movers");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // AAA 99/110 − 1 = −10 %, BBB 210/200 − 1 = +5 %: biggest move first
    expect(body.biggest_movers).toEqual({ AAA: -10, BBB: 5 });
    expect(body.pricesAsOf).toBe("2026-07-13");
    expect(body.stale).toEqual([{ ticker: "OLD", priceDate: "2026-06-30", reason: "out-of-date", change: 25, month: "2026-06" }]);
    expect(body.unpriced).toEqual([{ ticker: "ZZZ", reason: "unknown-ticker" }]);
    // AAA's two changes +10 % and −10 %: mean 0, sample variance (100 + 100) / 1 = 200, spread √200 = 14.14 %;
    // BBB has one change only, OLD is stale: AAA is the most volatile; AAA's 10 shares are the most
    expect(body.most_volatile).toBe("AAA");
    expect(body.most_quantity).toBe("AAA");
    expect(body.report).toBe(
      [
        "AAA fell 10% from its June 2026 close to its latest close in July 2026, the biggest move among your 2 holdings with a current price.",
        "BBB rose 5%, the biggest rise.",
        "Most volatile over the last 2 months: AAA (monthly changes spread 14.14%).",
        "You hold the most units of AAA (10).",
        "OLD: price as of Jun 30, 2026 (its prices stopped updating); its change in June 2026 (+25%) is not counted among the latest moves.",
        "Could not be priced: ZZZ (no market-data provider knows the ticker).",
      ].join(" "),
    );
    expect(body.sources).toContain(
      "OLD: May 2026 close 40.00 → latest close in June 2026 50.00, monthly closes from Folio's pricing service (GET /v1/get/OLD); stale: price as of Jun 30, 2026, its prices stopped updating",
    );
    // nothing in it waits on a provider: kept for the hour
    expect(await s.deps.cache.get(`networth:${moversKey("alice")}`)).toEqual(body);
  });

  it("while the provider of one ticker is down, the page values it at its last good price, and the movers say so too", async () => {
    // (an unknown ticker would be unavailable too while Yahoo is down: figures missing a holding never replace
    // complete ones, docs/product-decisions.md "One valuation, many views", so this portfolio holds none)
    const { s, slug } = await open(false);
    expect((await s.post("alice", "/v1/networth/biggest-movers")).json().biggest_movers).toEqual({ AAA: -10, BBB: 5 });

    // two hours on, every cached quote has expired, and Yahoo does not answer: the owner opens the page
    (fake as FakeMarketData).setDown(true);
    s.deps.clock.set(TODAY + 2 * 60 * 60_000);
    const page = (await s.post("alice", `/v1/get/portfolio/${slug}`)).json();
    expect(page.data.assets[2]).toMatchObject({ ticker: "BBB", stale: true, staleReason: "last-known", priceDate: "2026-07-13" });
    // its figures are the portfolio's now: net worth's movers hear of them
    await s.relay();
    const body = (await s.post("alice", "/v1/networth/biggest-movers")).json();
    // AAA still comes from the CSV folder: the only current move; BBB is counted nowhere as a move
    expect(body.biggest_movers).toEqual({ AAA: -10 });
    expect(body.pricesAsOf).toBe("2026-07-13");
    expect(body.stale).toEqual([
      { ticker: "BBB", priceDate: "2026-07-13", reason: "last-known", change: 5, month: "2026-07" },
      { ticker: "OLD", priceDate: "2026-06-30", reason: "out-of-date", change: 25, month: "2026-06" },
    ]);
    expect(body.unpriced).toEqual([]);
    expect(body.report).toContain(
      "AAA fell 10% from its June 2026 close to its latest close in July 2026, your only holding with a current price.",
    );
    expect(body.report).toContain(
      "BBB: price as of Jul 13, 2026 (last known price: no market-data provider answered); its change in July 2026 (+5%) is not counted among the latest moves.",
    );
    expect(body.report).not.toContain("BBB rose");
    // an answer with a last known price is not kept: the next ask may complete it
    expect(await s.deps.cache.get(`networth:${moversKey("alice")}`)).toBeNull();
  });
});
