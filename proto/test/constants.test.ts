/**
 * The spec's words, literally (product-spec.md §5 and §8): the server answers with them and the web shows
 * them, both from proto/src/constants.ts, so a change here is a change of the product's words.
 */
import { describe, expect, it } from "vitest";
import { Messages, UsernameMessages, usernameFailure } from "../src/constants.ts";

describe("the spec's messages, word for word", () => {
  it.each([
    ["credentialsRequired", "Email and password are required"],
    ["weakPassword", "The password must be at least 6 characters long"],
    ["invalidCredential", "The email and/or password is not correct"],
    ["userNotFound", "The email address is not registered"],
    ["emailInUse", "The email address is already in use"],
    ["saveFailed", "An error occurred while saving. Please try again."],
    ["apiFailed", "API request failed"],
    ["apiRequestError", "An error occurred during the API request"],
    ["priceFailed", "Ooops! Something went wrong!"],
    ["chatFailed", "An error occurred. Please refresh the page and try again."],
    ["connectionRemoveFailed", "An error occurred. Please try again."],
    ["connectionLimit", "Only one connected account is allowed in your plan"],
    ["portfolioCreated", "New portfolio created!"],
    ["saved", "Saved!"],
    ["settingsUpdated", "Updated!"],
    ["quantityMissing", "Quantity missing"],
    ["dateMissing", "Purchase date missing"],
    ["priceMissing", "Purchase price missing"],
  ] as const)("%s is '%s'", (key, text) => {
    expect(Messages[key]).toBe(text);
  });

  it("'Username is required' (§5) comes first, then length, then characters, counted in code points", () => {
    expect(UsernameMessages.required).toBe("Username is required");
    expect(usernameFailure("  ")).toBe("required");
    expect(usernameFailure("ab")).toBe("length");
    expect(usernameFailure("a!")).toBe("length");
    expect(usernameFailure("a".repeat(16))).toBe("length");
    expect(usernameFailure("ann-42")).toBe("characters");
    expect(usernameFailure("zoë_1")).toBe("characters");
    expect(usernameFailure("😀😀")).toBe("length");
    expect(usernameFailure("  ann_42  ")).toBeNull();
  });
});
