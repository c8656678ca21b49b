import { describe, expect, it } from "vitest";
import { grantsPaidPlan, PAID_STATUSES, planOf } from "./plans.ts";

const rules = { priceIds: ["price_m", "price_y"], paidMaxConnections: 10 };

describe("plans", () => {
  it("is free with no subscription: one brokerage connection (spec §6)", () => {
    expect(planOf([], rules)).toEqual({ plan: "free", maxConnections: 1, status: null });
  });

  it("is paid while a subscription on an offered price is active, trialing or past due (grace)", () => {
    for (const status of PAID_STATUSES)
      expect(planOf([{ status, priceIds: ["price_y"] }], rules)).toEqual({ plan: "pro", maxConnections: 10, status });
  });

  it.each(["canceled", "unpaid", "incomplete", "incomplete_expired", "paused"])("is free when the only subscription is %s", (status) => {
    expect(planOf([{ status, priceIds: ["price_m"] }], rules).plan).toBe("free");
  });

  it("does not grant the plan for a price that is not on offer", () => {
    expect(grantsPaidPlan({ status: "active", priceIds: ["price_elsewhere"] }, rules)).toBe(false);
    expect(planOf([{ status: "active", priceIds: ["price_elsewhere"] }], { ...rules, priceIds: [] }).plan).toBe("free");
  });

  it("lets any paying subscription win, showing the healthiest status", () => {
    const subscriptions = [
      { status: "canceled", priceIds: ["price_m"] },
      { status: "past_due", priceIds: ["price_m"] },
      { status: "active", priceIds: ["price_y"] },
    ];
    expect(planOf(subscriptions, rules)).toEqual({ plan: "pro", maxConnections: 10, status: "active" });
  });
});
