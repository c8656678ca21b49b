import * as proto from "@folio/proto/settings";
import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_EMPTY, USERNAME_MAX, USERNAME_MIN, UsernameMessages, usernameProblem } from "./username.ts";

describe("usernameProblem (spec §5)", () => {
  it("requires a username, with the spec's words", () => {
    expect(usernameProblem("")).toBe("Username is required");
    expect(usernameProblem("   ")).toBe("Username is required");
  });

  it("takes 3 to 15 characters", () => {
    expect(usernameProblem("ab")).toBe(UsernameMessages.length);
    expect(usernameProblem("abc")).toBeNull();
    expect(usernameProblem("a".repeat(15))).toBeNull();
    expect(usernameProblem("a".repeat(16))).toBe(UsernameMessages.length);
  });

  it("takes only letters, numbers and underscores", () => {
    expect(usernameProblem("ann_42")).toBeNull();
    expect(usernameProblem("ann-42")).toBe(UsernameMessages.characters);
    expect(usernameProblem("ann smith")).toBe(UsernameMessages.characters);
    expect(usernameProblem("zoë")).toBe(UsernameMessages.characters);
  });

  it("checks after trimming, length before characters", () => {
    expect(usernameProblem("  ann  ")).toBeNull();
    expect(usernameProblem("a!")).toBe(UsernameMessages.length);
  });

  it("says what the server says", () => {
    expect([USERNAME_MIN, USERNAME_MAX]).toEqual([proto.USERNAME_MIN, proto.USERNAME_MAX]);
    expect(UsernameMessages).toEqual({
      required: proto.UsernameMessages.required,
      length: proto.UsernameMessages.length,
      characters: proto.UsernameMessages.characters,
    });
    expect(DISPLAY_NAME_EMPTY).toBe(proto.DISPLAY_NAME_EMPTY);
  });
});
