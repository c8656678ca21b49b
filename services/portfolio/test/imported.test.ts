/** `imported` (issue 12): set by the save that creates a portfolio from an import, and by no later save. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, harness, input } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

describe("imported", () => {
  it("is kept from the creating save, null for a typed-in portfolio, and not changed by an update", async () => {
    const created = await h.as("alice").save("new", { ...input(), imported: "screenshot" }, "From my app");
    expect(created.json().message).toBe("pcreated");
    const slug = created.json().slug as string;
    expect((await h.as("alice").get(slug)).json().data.imported).toBe("screenshot");

    const { rev } = (await h.as("alice").get(slug)).json().data;
    const updated = await h.as("alice").save(slug, { ...input(), rev, imported: "ibkr" });
    expect(updated.json().message).toBe("pupdated");
    expect((await h.stored(slug))?.imported).toBe("screenshot");

    const manual = await h.as("alice").save("new", input(), "Typed in");
    expect((await h.stored(manual.json().slug))?.imported).toBeNull();
  });

  it("refuses a value that is not an import's source", async () => {
    const res = await h.as("alice").save("new", { ...input(), imported: "plaid" }, "Odd");
    expect(res.statusCode).toBe(400);
  });
});
