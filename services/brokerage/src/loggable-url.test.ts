import { loggableUrl } from "@folio/platform/log";
import { describe, expect, it } from "vitest";

describe("request log lines of the brokerage paths", () => {
  it("never carry the e-mail address of delete_plaid_connection", () => {
    expect(loggableUrl("/v1/plaid/delete_plaid_connection/ann%40example.com/c1")).toBe("/v1/plaid/delete_plaid_connection/[redacted]/c1");
    expect(loggableUrl("/v1/plaid/delete_plaid_connection/ann@example.com/c1?x=1")).toBe(
      "/v1/plaid/delete_plaid_connection/[redacted]/c1?x=1",
    );
    expect(loggableUrl("/v1/get/portfolio/three-fund")).toBe("/v1/get/portfolio/three-fund");
  });
});
