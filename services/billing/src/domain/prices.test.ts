import { describe, expect, it } from "vitest";
import { majorAmount, planPrice } from "./prices.ts";

describe("a Stripe Price as the Plan tab shows it", () => {
  it("turns the smallest unit into the major one, per Stripe's currency rules", () => {
    // 900 cents = $9.00; 900 yen = ¥900 (zero-decimal); 9000 fils = 9.000 KD (three-decimal)
    expect(majorAmount(900, "usd")).toBe(9);
    expect(majorAmount(1999, "EUR")).toBe(19.99);
    expect(majorAmount(900, "jpy")).toBe(900);
    expect(majorAmount(9000, "kwd")).toBe(9);
  });

  it("keeps the interval, its count and the nickname; a price without a unit amount has no figure", () => {
    const recurring = { interval: "month" as const, interval_count: 3 };
    expect(planPrice({ id: "price_q", nickname: "Quarterly", currency: "gbp", unit_amount: 2500, recurring })).toEqual({
      id: "price_q",
      nickname: "Quarterly",
      amount: 25,
      currency: "GBP",
      interval: "month",
      intervalCount: 3,
    });
    expect(planPrice({ id: "price_t", nickname: null, currency: "usd", unit_amount: null, recurring: null })).toMatchObject({
      amount: null,
      interval: null,
      intervalCount: 1,
    });
  });
});
