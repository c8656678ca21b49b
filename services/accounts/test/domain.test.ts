import { describe, expect, it } from "vitest";
import { checkLoginInput, checkRegistration, isLongEnough, isValidEmail, loginOutcome, normalizeEmail } from "../src/domain/credentials.ts";
import { overLimit, resetLink } from "../src/domain/limits.ts";
import { decideReferral } from "../src/domain/referrer.ts";

describe("e-mail", () => {
  it("is trimmed and lower-cased so one mailbox has one account", () => {
    expect(normalizeEmail("  Ann.Lee@Example.COM \n")).toBe("ann.lee@example.com");
  });

  it.each(["ann@example.com", "a.b+tag@mail.example.co.uk", "x@y.io"])("accepts %s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    "ann",
    "ann@",
    "@example.com",
    "ann@example",
    "ann@@example.com",
    "ann lee@example.com",
    "ann@example..com",
    "ann@.example.com",
  ])("rejects %s", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("rejects an address longer than 254 characters", () => {
    // 244 + "@example.com" (12) = 256 characters
    expect(isValidEmail(`${"a".repeat(244)}@example.com`)).toBe(false);
    // 242 + 12 = 254: the longest allowed
    expect(isValidEmail(`${"a".repeat(242)}@example.com`)).toBe(true);
  });
});

describe("password length", () => {
  it("needs at least 6 characters", () => {
    expect(isLongEnough("12345")).toBe(false);
    expect(isLongEnough("123456")).toBe(true);
  });

  it("counts what the user sees: five emoji are five characters, not ten UTF-16 units", () => {
    expect(isLongEnough("🔒🔒🔒🔒🔒")).toBe(false);
    expect(isLongEnough("🔒🔒🔒🔒🔒🔒")).toBe(true);
  });
});

describe("registration checks, in the spec's order", () => {
  it("asks for both fields first, even when the e-mail is also malformed", () => {
    expect(checkRegistration({ email: "nope", password: "" })).toEqual({ ok: false, failure: "credentialsRequired" });
    expect(checkRegistration({ password: "secret1" })).toEqual({ ok: false, failure: "credentialsRequired" });
    expect(checkRegistration({ email: "   ", password: "secret1" })).toEqual({ ok: false, failure: "credentialsRequired" });
  });

  it("checks the e-mail's shape before the password's length", () => {
    expect(checkRegistration({ email: "nope", password: "123" })).toEqual({ ok: false, failure: "invalidCredential" });
  });

  it("then the password's length", () => {
    expect(checkRegistration({ email: "ann@example.com", password: "12345" })).toEqual({ ok: false, failure: "weakPassword" });
  });

  it("passes the normalised e-mail and the password untouched", () => {
    expect(checkRegistration({ email: " Ann@Example.com", password: " pass word " })).toEqual({
      ok: true,
      email: "ann@example.com",
      password: " pass word ",
    });
  });
});

describe("login checks", () => {
  it("asks for both fields, then a well-formed e-mail", () => {
    expect(checkLoginInput({ email: "ann@example.com" })).toEqual({ ok: false, failure: "credentialsRequired" });
    expect(checkLoginInput({ email: "ann", password: "secret1" })).toEqual({ ok: false, failure: "invalidCredential" });
  });

  it("has no length rule: a short password is just a wrong one", () => {
    expect(checkLoginInput({ email: "ann@example.com", password: "1" })).toEqual({ ok: true, email: "ann@example.com", password: "1" });
  });

  it("reports an unknown e-mail before a wrong password", () => {
    expect(loginOutcome(false, false)).toBe("userNotFound");
    expect(loginOutcome(true, false)).toBe("invalidCredential");
    expect(loginOutcome(true, true)).toBeNull();
  });
});

describe("referral", () => {
  const self = { uid: "u-new", email: "new@example.com" };

  it("records a known user's id with the account it names", () => {
    expect(decideReferral({ given: " u-old ", self, recorded: null, givenIsKnownUid: true })).toEqual({
      referrer: "u-old",
      referrerUid: "u-old",
    });
  });

  it("records an unknown value as given, trimmed, naming no account", () => {
    expect(decideReferral({ given: "  spring-campaign\t", self, recorded: null, givenIsKnownUid: false })).toEqual({
      referrer: "spring-campaign",
      referrerUid: null,
    });
  });

  it("ignores a user referring themselves, by id or by e-mail", () => {
    expect(decideReferral({ given: "u-new", self, recorded: null, givenIsKnownUid: true })).toBeNull();
    expect(decideReferral({ given: "New@Example.com", self, recorded: null, givenIsKnownUid: false })).toBeNull();
  });

  it("records once: a later referrer does not replace the first", () => {
    expect(decideReferral({ given: "u-other", self, recorded: "u-old", givenIsKnownUid: true })).toBeNull();
  });

  it("records nothing for an empty or missing value", () => {
    expect(decideReferral({ given: "   ", self, recorded: null, givenIsKnownUid: false })).toBeNull();
    expect(decideReferral({ given: null, self, recorded: null, givenIsKnownUid: false })).toBeNull();
    expect(decideReferral({ given: undefined, self, recorded: null, givenIsKnownUid: false })).toBeNull();
  });
});

describe("limits", () => {
  it("allows the limit-th attempt and refuses the one after", () => {
    expect(overLimit(10, 10)).toBe(false);
    expect(overLimit(11, 10)).toBe(true);
  });

  it("builds the reset link on the public URL without a doubled slash", () => {
    expect(resetLink("https://folio.example/", "abc_-12")).toBe("https://folio.example/reset-password?token=abc_-12");
  });
});
