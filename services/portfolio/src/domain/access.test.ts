import { describe, expect, it } from "vitest";
import { accessOf, changeOutcome, decideSave, isStale } from "./access.ts";

const privateOne = { slug: "mine", owner: "alice", privateMode: true };
const publicOne = { slug: "shared", owner: "alice", privateMode: false };

describe("accessOf", () => {
  it.each([
    [privateOne, "alice", "owner"],
    [privateOne, "bob", "hidden"],
    [privateOne, null, "hidden"],
    [publicOne, "alice", "owner"],
    [publicOne, "bob", "reader"],
    [publicOne, null, "reader"],
    [null, "alice", "hidden"],
    [null, null, "hidden"],
  ] as const)("%o seen by %s is %s", (portfolio, uid, expected) => {
    expect(accessOf(portfolio, uid)).toBe(expected);
  });
});

describe("changeOutcome", () => {
  it("lets only the owner change; readers are refused, others see nothing", () => {
    expect(changeOutcome("owner")).toBe("allowed");
    expect(changeOutcome("reader")).toBe("forbidden");
    expect(changeOutcome("hidden")).toBe("not_found");
  });
});

describe("decideSave", () => {
  it("updates the caller's own portfolio, with or without a new name", () => {
    expect(decideSave(privateOne, "alice", null)).toEqual({ kind: "update" });
    expect(decideSave(privateOne, "alice", "Other")).toEqual({ kind: "update" });
  });

  it("asks for a name before creating anything", () => {
    expect(decideSave(null, "bob", null)).toEqual({ kind: "askName" });
    expect(decideSave(publicOne, "bob", null)).toEqual({ kind: "askName" });
    expect(decideSave(privateOne, "bob", null)).toEqual({ kind: "askName" });
  });

  it("records the source when copying someone else's public portfolio", () => {
    expect(decideSave(publicOne, "bob", "My copy")).toEqual({ kind: "create", name: "My copy", copiedFrom: "shared" });
  });

  it("records no source for a private or missing one", () => {
    expect(decideSave(privateOne, "bob", "Guess")).toEqual({ kind: "create", name: "Guess", copiedFrom: null });
    expect(decideSave(null, "bob", "Fresh")).toEqual({ kind: "create", name: "Fresh", copiedFrom: null });
  });
});

describe("isStale", () => {
  it("is stale only when the client sent a different revision", () => {
    expect(isStale(undefined, 4)).toBe(false);
    expect(isStale(4, 4)).toBe(false);
    expect(isStale(3, 4)).toBe(true);
    expect(isStale(5, 4)).toBe(true);
  });
});
