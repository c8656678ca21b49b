import { describe, expect, it } from "vitest";
import { holderChanges } from "./holders.ts";

describe("holderChanges", () => {
  it("adds what is newly held and removes what no longer is", () => {
    expect(holderChanges(["VTI", "BND"], ["VTI", "NVDA"])).toEqual({ added: ["NVDA"], removed: ["BND"] });
    expect(holderChanges([], [])).toEqual({ added: [], removed: [] });
  });
});
