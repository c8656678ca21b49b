import { UsernameMessages } from "@folio/proto/settings";
import { describe, expect, it } from "vitest";
import { checkUsername, usernameKey } from "../src/domain/username.ts";

describe("username rule", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
    ["empty", ""],
    ["only spaces", "   "],
  ])("requires a name: %s", (_name, raw) => {
    expect(checkUsername(raw)).toEqual({ ok: false, failure: "required" });
  });

  it.each([
    ["2 characters: one short", "ab", false],
    ["3 characters: the minimum", "abc", true],
    ["15 characters: the maximum", "a".repeat(15), true],
    ["16 characters: one over", "a".repeat(16), false],
  ])("length %s", (_name, raw, ok) => {
    expect(checkUsername(raw)).toEqual(ok ? { ok: true, username: raw } : { ok: false, failure: "length" });
  });

  it("measures the name without the spaces around it", () => {
    expect(checkUsername("  ab  ")).toEqual({ ok: false, failure: "length" });
    expect(checkUsername(" Ann_1 ")).toEqual({ ok: true, username: "Ann_1" });
  });

  it("counts an emoji as one character, so a short name with one is told about its length", () => {
    expect(checkUsername("a😀")).toEqual({ ok: false, failure: "length" });
    expect(checkUsername("ab😀")).toEqual({ ok: false, failure: "characters" });
  });

  it.each(["Ann_Lee", "ann", "ANN", "a1_", "___", "007", "Z9_z9_Z9_z9_Z9_"])("accepts letters, numbers and underscores: %s", (raw) => {
    expect(checkUsername(raw)).toEqual({ ok: true, username: raw });
  });

  it.each(["ann lee", "ann-lee", "ann.lee", "ann@x", "änn", "ann!", "ann\tlee", "名前です"])("refuses any other character: %j", (raw) => {
    expect(checkUsername(raw)).toEqual({ ok: false, failure: "characters" });
  });

  it("checks the length before the characters, so the user sees one message at a time", () => {
    expect(checkUsername("a!")).toEqual({ ok: false, failure: "length" });
    expect(checkUsername(`${"a".repeat(15)}!`)).toEqual({ ok: false, failure: "length" });
  });

  it("compares names regardless of case", () => {
    expect(usernameKey("Ann_Lee")).toBe(usernameKey("aNN_lEE"));
    expect(usernameKey("Ann_Lee")).not.toBe(usernameKey("Ann_Le"));
  });

  it("has a clear message for each failure", () => {
    expect(UsernameMessages).toEqual({
      required: "Username is required",
      length: "The username must be between 3 and 15 characters long",
      characters: "The username may only contain letters, numbers and underscores",
      taken: "This username is already taken",
    });
  });
});
