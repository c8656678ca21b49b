import { BrokerageErrorCodes, ChatErrorCodes, ErrorCodes } from "@folio/proto/error-codes";
import { describe, expect, it } from "vitest";
import { isNoUser } from "./api.ts";
import { errorMessage, hasCode, replyError, replyOf } from "./replyError.ts";

describe("a failed call, narrowed once", () => {
  it("reads an RTK Query error: status, code, the words to show and the hint", () => {
    const error = { status: 422, data: { error: "Nothing to import", code: "import/no-holdings", hint: "Take a new screenshot" } };
    expect(replyError(error)).toMatchObject({
      status: 422,
      code: "import/no-holdings",
      message: "Nothing to import",
      hint: "Take a new screenshot",
    });
    expect(replyError({ status: "FETCH_ERROR", error: "TypeError: failed" })).toMatchObject({
      status: "FETCH_ERROR",
      code: null,
      message: null,
    });
    expect(replyError(new Error("x"))).toBeNull();
    expect(replyError(undefined)).toBeNull();
  });

  it("shows the spec's `data` first, then `error`, and a refusal's `message`; never a success reply's message", () => {
    expect(errorMessage({ status: 409, data: { result: "nok", data: "Reload", error: "conflict" } }, "fallback")).toBe("Reload");
    expect(errorMessage({ status: 400, data: { message: "Username taken" } }, "fallback")).toBe("Username taken");
    expect(errorMessage({ data: { message: "showPopup" } }, "fallback")).toBe("fallback");
    expect(errorMessage({ data: { result: "nok", data: "API request failed" } }, "fallback")).toBe("API request failed");
    expect(errorMessage({ status: 500, data: "<html>" }, "fallback")).toBe("fallback");
  });

  it("matches codes from the registry", () => {
    const limit = { status: 403, data: { error: "Only one", code: BrokerageErrorCodes.connectionLimit, needs_upgrade: true } };
    expect(hasCode(limit, BrokerageErrorCodes.connectionLimit)).toBe(true);
    expect(hasCode(limit, ErrorCodes.forbidden)).toBe(false);
    expect(replyOf(503, { error: "Set OPENAI_API_KEY", code: ChatErrorCodes.notConfigured }).code).toBe(ChatErrorCodes.notConfigured);
  });

  it("says 'log in first' for the spec's nouser, the edge's expired session and a bare 401", () => {
    expect(isNoUser({ status: 401, data: { result: "nouser", error: "Sign in", code: ErrorCodes.unauthorized } })).toBe(true);
    expect(isNoUser({ status: 401, data: { error: "Your session has expired.", code: ErrorCodes.unauthorized } })).toBe(true);
    expect(isNoUser({ status: 401, data: null })).toBe(true);
    expect(isNoUser({ status: 401, data: { error: "The webhook could not be verified.", code: "other" } })).toBe(false);
    expect(isNoUser({ status: 403, data: { result: "nouser" } })).toBe(false);
  });
});
