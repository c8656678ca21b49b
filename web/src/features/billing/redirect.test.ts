import { afterEach, describe, expect, it, vi } from "vitest";
import { goTo } from "./redirect.ts";

describe("goTo", () => {
  const assign = vi.fn();
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => {
    assign.mockReset();
    logged.mockClear();
  });

  it("follows only http(s) addresses, whatever a reply says", () => {
    vi.stubGlobal("location", { ...window.location, assign });
    goTo("https://checkout.stripe.com/c/pay/cs_1");
    expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_1");
    for (const url of ["javascript:alert(1)", "data:text/html,<b>x</b>", "not a url"]) goTo(url);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(3);
  });
});
