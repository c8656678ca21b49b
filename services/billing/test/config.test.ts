import { BillingErrorCodes } from "@folio/proto/error-codes";
import { describe, expect, it } from "vitest";
import { loadBillingConfig, StripeFeature } from "../src/config.ts";

const keys = { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

describe("billing's configuration", () => {
  it("reads the price ids as a comma list, trimmed, once each, in order", () => {
    expect(loadBillingConfig({ ...keys, BILLING_PRICE_IDS: " price_m, price_y,,price_m " }).priceIds).toEqual(["price_m", "price_y"]);
  });

  it("offers the paid plan only with the key, the webhook secret and a price id", () => {
    expect(loadBillingConfig({ ...keys, BILLING_PRICE_IDS: "price_m" }).stripe).not.toBeNull();
    for (const unset of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "BILLING_PRICE_IDS"]) {
      const config = loadBillingConfig({ ...keys, BILLING_PRICE_IDS: "price_m", [unset]: "" });
      expect(config.stripe, unset).toBeNull();
      expect(config.priceIds, unset).toEqual([]);
    }
    expect(loadBillingConfig({ ...keys, BILLING_PRICE_IDS: " , " }).stripe).toBeNull();
    expect(StripeFeature).toMatchObject({
      variables: ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "BILLING_PRICE_IDS"],
      code: BillingErrorCodes.notConfigured,
    });
  });

  it("refuses a bad value, naming the variable", () => {
    expect(() => loadBillingConfig({ STRIPE_API_BASE: "127.0.0.1:12111" })).toThrow(/STRIPE_API_BASE/);
    expect(() => loadBillingConfig({ BILLING_PAID_CONNECTIONS: "0" })).toThrow(
      "BILLING_PAID_CONNECTIONS must be between 1 and 1000, got 0",
    );
  });
});
