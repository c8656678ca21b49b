/**
 * Portfolios per user (product-decisions.md "Portfolios per user"): a user keeps PORTFOLIOS_PER_USER at most, so
 * what is computed over all of their portfolios (net worth, the movers, the dashboard's list) stays bounded. A new
 * one past it is a 409 in the save-failure shape and stores nothing; updates still save; a delete makes room;
 * creations at the same moment cannot pass it; a brokerage account past it is skipped, not retried for ever.
 */
import { publishOp } from "@folio/platform/events";
import { PORTFOLIOS_PER_USER, tooManyPortfoliosMessage } from "@folio/proto/constants";
import { ErrorCodes } from "@folio/proto/errors";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { IMPORTS } from "../src/imports.ts";
import { portfolios } from "../src/store.ts";
import type { PortfolioTasks } from "../src/valuation-service.ts";
import { runPortfolioTask } from "../src/valuation-task.ts";
import { type Harness, harness, input } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const owned = (uid: string) => portfolios(h.deps.store).count({ owner: uid });

/** `n` new portfolios of alice, `at` a time; the statuses of the answers */
async function createMany(n: number, at = 1): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += at) {
    const batch = Array.from({ length: Math.min(at, n - i) }, (_, k) => h.as("alice").save("new", input(), `Mine ${i + k}`));
    statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
  }
  return statuses;
}

describe("portfolios per user", () => {
  it("refuses a new portfolio past the limit with the save-failure shape, stores nothing, and makes room on a delete", async () => {
    expect(PORTFOLIOS_PER_USER).toBe(100);
    expect(new Set(await createMany(PORTFOLIOS_PER_USER, 10))).toEqual(new Set([200]));
    expect(await owned("alice")).toBe(PORTFOLIOS_PER_USER);

    const refused = await h.as("alice").save("new", input(), "One too many");
    expect(refused.statusCode).toBe(409);
    const message = "You have 100 portfolios: delete one to save a new one.";
    expect(tooManyPortfoliosMessage(PORTFOLIOS_PER_USER)).toBe(message);
    expect(refused.json()).toMatchObject({ result: "nok", data: message, error: message, code: ErrorCodes.tooManyPortfolios });
    expect(await owned("alice")).toBe(PORTFOLIOS_PER_USER);

    // a copy of someone else's public portfolio is a new one of alice's too
    const bobs = await h.create("bob", "Bob's", { privateMode: false });
    const copy = await h.as("alice").save(bobs, input(), "Copy of Bob's");
    expect(copy.statusCode).toBe(409);

    // her portfolios still save
    const list = (await h.as("alice").list()).json().portfolios as Record<string, { slug: string }>;
    const slugs = Object.keys(list);
    expect(slugs).toHaveLength(PORTFOLIOS_PER_USER);
    const updated = await h.as("alice").save(slugs[0], input({ pDescription: "still mine" }));
    expect(updated.json().message).toBe("pupdated");

    // another user is not limited by alice's
    expect((await h.as("bob").save("new", input(), "Bob's second")).json().message).toBe("pcreated");

    expect((await h.as("alice").remove(slugs[1])).statusCode).toBe(200);
    const again = await h.as("alice").save("new", input(), "In the room made");
    expect(again.json().message).toBe("pcreated");
    expect(await owned("alice")).toBe(PORTFOLIOS_PER_USER);
    expect((await h.as("alice").save("new", input(), "One too many again")).statusCode).toBe(409);
  }, 60_000);

  it("lets exactly the room left through when creations arrive at the same moment", async () => {
    // valuations that take a moment, as on the valuation threads: every creation has read the count before any commits
    await h.close();
    const later: PortfolioTasks = {
      run: async (task) => {
        await new Promise((done) => setTimeout(done, 20));
        return runPortfolioTask(task);
      },
      close: async () => {},
    };
    h = await harness({ tasks: later });
    const before = PORTFOLIOS_PER_USER - 3;
    expect(new Set(await createMany(before, 10))).toEqual(new Set([200]));
    const statuses = await createMany(12, 12);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(await owned("alice")).toBe(PORTFOLIOS_PER_USER);
  }, 60_000);

  it("skips a brokerage account past the limit, writing no import record, and imports it once there is room", async () => {
    expect(new Set(await createMany(PORTFOLIOS_PER_USER, 10))).toEqual(new Set([200]));
    const imported = (connectionId: string) =>
      publishOp(
        "brokerage.holdings.imported",
        "alice",
        {
          uid: "alice",
          connectionId,
          provider: "Plaid-US",
          institution: "First Platypus Bank",
          sync: false,
          accounts: [
            {
              accountId: "ira",
              name: "IRA",
              holdings: [{ ticker: "VTI", name: "Vanguard Total", quantity: 3, PoA: 200, DoA: "2024-01-02" }],
            },
          ],
        },
        h.deps.clock.now(),
      );
    await h.deps.store.commit([imported("item-1")]);
    await h.relay();
    expect(await owned("alice")).toBe(PORTFOLIOS_PER_USER);
    expect(await h.deps.store.collection(IMPORTS).count({ uid: "alice" })).toBe(0);

    const list = (await h.as("alice").list()).json().portfolios as Record<string, { slug: string }>;
    expect((await h.as("alice").remove(Object.keys(list)[0])).statusCode).toBe(200);
    await h.deps.store.commit([imported("item-1")]);
    await h.relay();
    expect(await h.deps.store.collection(IMPORTS).count({ uid: "alice" })).toBe(1);
    expect(await owned("alice")).toBe(PORTFOLIOS_PER_USER);
  }, 60_000);
});
