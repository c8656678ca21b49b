import { afterEach, describe, expect, it } from "vitest";
import { PRICE_TTL_MS } from "../src/billing.ts";
import { type Harness, harness, withoutRetryWaits } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const prices = async () => {
  const res = await h.app.inject({ method: "GET", url: "/v1/billing/prices" });
  expect(res.statusCode).toBe(200);
  return res.json().prices;
};
const priceCalls = () => h.fake.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/prices/")).length;

describe("GET /v1/billing/prices", () => {
  it("says what each offered plan costs, from Stripe's Price object, in BILLING_PRICE_IDS' order, to anyone", async () => {
    h = await harness();
    // price_pro_monthly: unit_amount 900 usd every month; price_pro_yearly: 9000 every year (helpers.ts)
    expect(await prices()).toEqual([
      { id: "price_pro_monthly", nickname: "Pro", amount: 9, currency: "USD", interval: "month", intervalCount: 1 },
      { id: "price_pro_yearly", nickname: "Pro yearly", amount: 90, currency: "USD", interval: "year", intervalCount: 1 },
    ]);
  });

  it("asks Stripe once an hour per price, not on every view", async () => {
    h = await harness();
    await prices();
    await prices();
    expect(priceCalls()).toBe(2);
    h.deps.clock.advance(PRICE_TTL_MS + 1);
    await prices();
    expect(priceCalls()).toBe(4);
  });

  it("offers a price Stripe cannot be asked about now without its figure, and asks again next time", async () => {
    h = await harness();
    // the first ask and its one retry fail
    h.fake.fail({ status: 500 }, { path: "/v1/prices/price_pro_yearly", times: 2 });
    const offered = await withoutRetryWaits(prices);
    expect(offered[0]).toMatchObject({ id: "price_pro_monthly", amount: 9 });
    expect(offered[1]).toEqual({ id: "price_pro_yearly", nickname: null, amount: null, currency: null, interval: null, intervalCount: 1 });
    expect((await prices())[1]).toMatchObject({ amount: 90 });
  });

  it("offers nothing while billing is not configured, and asks Stripe nothing", async () => {
    h = await harness({}, { stripe: false });
    expect(await prices()).toEqual([]);
    expect(h.fake.requests).toHaveLength(0);
  });
});
