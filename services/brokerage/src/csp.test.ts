import { contentSecurityPolicyWith } from "@folio/platform/http/security-headers";
import { describe, expect, it } from "vitest";
import { PLAID_LINK_SCRIPT, plaidLinkCspSources } from "./csp.ts";

describe("the Content-Security-Policy with Plaid Link", () => {
  it("is unchanged while Plaid is not configured", () => {
    expect(plaidLinkCspSources({})).toBeUndefined();
    expect(plaidLinkCspSources({ PLAID_CLIENT_ID: "id" })).toBeUndefined();
  });

  it("adds Link's script, its frame and the environment's host, and nothing inline", () => {
    const policy = contentSecurityPolicyWith(plaidLinkCspSources({ PLAID_CLIENT_ID: "id", PLAID_SECRET: "s" }));
    expect(policy["script-src"]).toEqual(["'self'", PLAID_LINK_SCRIPT]);
    expect(policy["frame-src"]).toEqual(["'self'", "https://cdn.plaid.com/"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://sandbox.plaid.com/"]);
    expect(policy["script-src-attr"]).toEqual(["'none'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
  });
});
