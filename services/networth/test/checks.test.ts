/**
 * Opening the net-worth view counts as checking it (achievement step 6), also when there is nothing to
 * recompute: the figure answered at once publishes networth.checked, at most once a day per user.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const netWorth = (uid: string) => h.post(uid, "/v1/get/netWorth", {});

describe("checking net worth", () => {
  it("publishes networth.checked when a computed figure is answered at once, once a day per user", async () => {
    await h.deliver(h.saved("alice", "main", [{ ticker: "KO", quantity: 5 }]));
    await h.deliver(h.valued("alice", "main", 350));
    await h.settle();
    // a background recompute (after the save) is nobody checking
    expect(await h.events("networth.checked")).toHaveLength(0);

    expect((await netWorth("alice")).json().calculating).toBe(false);
    const checked = await h.events("networth.checked");
    expect(checked.map((e) => e.payload)).toEqual([{ uid: "alice", at: new Date(h.deps.clock.now()).toISOString() }]);
    expect(checked[0].key).toBe("alice");

    // polling and reopening the view the same day add nothing; the next day counts again
    for (let i = 0; i < 3; i++) await netWorth("alice");
    expect(await h.events("networth.checked")).toHaveLength(1);
    h.deps.clock.advance(24 * 60 * 60 * 1000 + 1);
    await netWorth("alice");
    expect(await h.events("networth.checked")).toHaveLength(2);
  });

  it("leaves a computation the user waits for to say so itself (requested), without a second event", async () => {
    await h.deliver(h.saved("bob", "main", [{ ticker: "KO", quantity: 1 }]));
    expect((await netWorth("bob")).json().calculating).toBe(true);
    expect(await h.events("networth.checked")).toHaveLength(0);
  });
});
