import { describe, expect, it } from "vitest";
import { previewInitialPercent, readInitialPercent } from "./initialPercentPreview.ts";

describe("initial percent, before it is applied", () => {
  it("names the amount of the total value and the whole units it buys at the purchase month's close", () => {
    // 25 % of $10,000 = $2,500; VTI closed $195.50 in Jan 2021: 2500 / 195.5 = 12.79 → 13 units
    const vti = { DoA: "2021-01-29", historical_data: { "2020-12": 190.2, "2021-01": 195.5, "2021-02": 201 } };
    expect(previewInitialPercent(vti, 25, 10000)).toEqual({ amount: 2500, price: 195.5, priceMonth: "2021-01", quantity: 13 });
  });

  it("carries the last close forward, and turns it into the shares traded then (× split factor)", () => {
    // NVDA Sep 2023 in today's shares $45.09 × 10 = $450.90; 10 % of $10,000 = $1,000 → 2.22 → 2 units
    const nvda = { DoA: "2023-09-11", historical_data: { "2023-08": 45.09 }, splitFactor: 10 };
    const preview = previewInitialPercent(nvda, 10, 10000);
    expect(preview.price).toBeCloseTo(450.9, 9);
    expect(preview.priceMonth).toBe("2023-08");
    expect(preview.quantity).toBe(2);
  });

  it("rounds half up, as the server does, and shows a 0 as 0", () => {
    // 1.25 % of $1,000 = $12.50 at $5 = 2.5 → 3; 0.1 % = $1 at $5 = 0.2 → 0
    const asset = { DoA: "2024-03-01", historical_data: { "2024-03": 5 } };
    expect(previewInitialPercent(asset, 1.25, 1000).quantity).toBe(3);
    expect(previewInitialPercent(asset, 0.1, 1000).quantity).toBe(0);
  });

  it("says only the amount when the price is not known here (no close before DoA, another currency)", () => {
    expect(previewInitialPercent({ DoA: "2019-01-01", historical_data: { "2020-01": 10 } }, 50, 10000)).toEqual({
      amount: 5000,
      price: null,
      priceMonth: null,
      quantity: null,
    });
    expect(
      previewInitialPercent({ DoA: "2024-01-01", historical_data: { "2024-01": 200 }, currency: "EUR" }, 10, 10000).quantity,
    ).toBeNull();
  });

  it("refuses over 100 %, negative and non-numbers, saying why; empty is none", () => {
    expect(readInitialPercent("40%")).toEqual({ ok: true, value: 40 });
    expect(readInitialPercent(" ")).toEqual({ ok: true, value: null });
    const over = readInitialPercent("120");
    expect(over.ok).toBe(false);
    expect(!over.ok && over.reason).toMatch(/Over 100 % is refused/);
    expect(readInitialPercent("-1").ok).toBe(false);
    expect(readInitialPercent("abc").ok).toBe(false);
  });
});
