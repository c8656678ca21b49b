import { ModerationMessages } from "@folio/proto/moderation";
import { describe, expect, it } from "vitest";
import { appliesTo, cleanReason, moderationRefusal } from "./moderation.ts";

const ok = { isAdmin: true, access: "reader" as const, unlisted: false, reason: "Spam" };

describe("moderation rules", () => {
  it("trims a reason and folds its spaces; 3 to 500 characters", () => {
    expect(cleanReason("  Spam \n links ")).toBe("Spam links");
    expect(cleanReason("ab")).toBeNull();
    expect(cleanReason("abc")).toBe("abc");
    expect(cleanReason("x".repeat(500))).toHaveLength(500);
    expect(cleanReason("x".repeat(501))).toBeNull();
    expect(cleanReason(undefined)).toBeNull();
  });

  it("checks admin first, then visibility, then the state, then the reason", () => {
    expect(moderationRefusal("unlist", ok)).toBeNull();
    expect(moderationRefusal("unlist", { ...ok, isAdmin: false, access: "hidden" })).toEqual({
      status: 403,
      message: ModerationMessages.adminOnly,
    });
    // a private portfolio is hidden from admins as from anyone: they learn nothing about it
    expect(moderationRefusal("unlist", { ...ok, access: "hidden", reason: null })?.status).toBe(404);
    expect(moderationRefusal("unlist", { ...ok, unlisted: true })?.status).toBe(409);
    expect(moderationRefusal("restore", ok)?.status).toBe(409);
    expect(moderationRefusal("restore", { ...ok, unlisted: true })).toBeNull();
    expect(moderationRefusal("unlist", { ...ok, reason: null })).toEqual({ status: 400, message: ModerationMessages.reasonRequired });
    // an admin may moderate their own public portfolio
    expect(moderationRefusal("unlist", { ...ok, access: "owner" })).toBeNull();
  });

  it("applies an unlisting to the portfolio it was made for only", () => {
    expect(appliesTo({ portfolioId: "p1" }, "p1")).toBe(true);
    expect(appliesTo({ portfolioId: "p1" }, "p2")).toBe(false);
    expect(appliesTo(null, "p1")).toBe(false);
    expect(appliesTo({ portfolioId: "p1" }, undefined)).toBe(false);
  });
});
