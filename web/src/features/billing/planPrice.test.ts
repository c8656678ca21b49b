import { describe, expect, it } from "vitest";
import { offeredPlans } from "./billingApi.ts";
import { planLabel, priceText } from "./planPrice.ts";

const price = { id: "price_m", nickname: "Pro", amount: 9, currency: "USD", interval: "month" as const, intervalCount: 1 };

describe("a plan's price in words", () => {
  it("says the amount in its currency and the interval from Stripe's Price", () => {
    expect(priceText(price)).toBe("$9.00 a month");
    expect(priceText({ ...price, amount: 25, currency: "EUR", intervalCount: 3 })).toBe("€25.00 every 3 months");
    expect(priceText({ ...price, amount: 90, interval: "year" })).toBe("$90.00 a year");
    expect(priceText({ ...price, amount: 500, interval: null })).toBe("$500.00 once");
    expect(planLabel(price)).toBe("Pro: $9.00 a month");
  });
  it("says when Stripe gave no figure, and names an unnamed plan", () => {
    expect(planLabel({ ...price, nickname: null, amount: null, currency: null })).toBe("Paid plan (price not available now)");
  });
  it("lists the offered ids in order, with the prices known for them", () => {
    expect(offeredPlans(["price_y", "price_m"], [price]).map((o) => [o.id, o.known])).toEqual([
      ["price_y", false],
      ["price_m", true],
    ]);
  });
});
