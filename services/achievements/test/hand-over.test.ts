/**
 * The one-release hand-over (docs/decisions/0002-achievements-service.md): progress the accounts service kept
 * in `accounts_achievements` before achievements were their own service reaches the achievements service
 * through achievements.progress.handed-over, published at every start of this release (accounts keeps its rows
 * until the next release drops them); the achievements service merges it (the higher state, the union of
 * facts), so a replay, or the events of the next start, change nothing.
 */
import { handOverAchievements } from "@folio/accounts/achievements-hand-over";
import type { EventEnvelope } from "@folio/platform/bus/port";
import { envelope } from "@folio/platform/ids";
import { OutboxRelay } from "@folio/platform/outbox";
import { bearer, forService } from "@folio/platform/testing";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, harness } from "./helpers.ts";

const OLD = "accounts_achievements";

let h: Harness;
let relay: OutboxRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  await h?.deps.bus.close();
  await h?.app.close();
});

/** Rows as the accounts service of the previous release wrote them. */
async function oldRows(rows: { uid: string; state: number; facts: string[] }[]): Promise<void> {
  const store = forService(h.deps, "accounts").store;
  store.collection(OLD);
  await store.commit(rows.map(({ uid, state, facts }) => ({ op: "upsert" as const, collection: OLD, doc: { _id: uid, state, facts } })));
}

const oldRowsLeft = () => forService(h.deps, "accounts").store.collection(OLD).find({});
const handedOverEvents = async () => (await h.deps.outboxEvents()).filter((e) => e.type === "achievements.progress.handed-over");

/** The achievements consumers on the MemoryBus, as the host wires them, with the outbox relayed by hand. */
async function onTheBus() {
  for (const c of h.service.consumers ?? []) h.deps.bus.subscribe("achievements", c.types, c.handle, c.options);
  await h.deps.bus.start();
  const outbox = new OutboxRelay(h.deps.store, h.deps.bus, { log: h.deps.log, intervalMs: 60_000 });
  relay = outbox;
  return {
    settle: async () => {
      await outbox.flush();
      await h.deps.bus.hub.idle();
    },
    redeliver: async (events: EventEnvelope[]) => {
      await h.deps.bus.publish(events);
      await h.deps.bus.hub.idle();
    },
  };
}

describe("the hand-over of achievement progress from accounts", () => {
  it("moves every stored progress to the achievements service, keeps accounts' rows, and a replay or another start changes nothing", async () => {
    h = await harness();
    const bus = await onTheBus();
    await oldRows([
      { uid: "u-ann", state: 3, facts: ["accountCreated", "portfolioCreated", "assetAdded"] },
      { uid: "u-bob", state: 1, facts: ["accountCreated"] },
      // a client step taken without its fact yet: only the state says it
      { uid: "u-cy", state: 2, facts: ["accountCreated"] },
      { uid: "u-dee", state: 0, facts: ["portfolioPublic"] },
      { uid: "u-eve", state: 8, facts: ["accountCreated", "portfolioCreated", "assetAdded", "portfolioPublic", "portfolioCopied"] },
    ]);

    // the accounts service's start hands them over (batches of 100; the small batch size is tested below)
    await h.accounts.start?.();
    // nothing deleted: in the embedded app an event in flight dies with the process, and the row is its copy
    expect(await oldRowsLeft()).toHaveLength(5);
    expect((await handedOverEvents()).map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        { uid: "u-ann", state: 3, facts: ["accountCreated", "portfolioCreated", "assetAdded"] },
        { uid: "u-cy", state: 2, facts: ["accountCreated"] },
      ]),
    );
    await bus.settle();

    const stored = async () => Object.fromEntries((await h.progress.find({})).map((d) => [d._id, d]));
    const after = await stored();
    expect(after["u-ann"]).toMatchObject({ state: 3, facts: ["accountCreated", "portfolioCreated", "assetAdded"] });
    expect(after["u-bob"]).toMatchObject({ state: 1, facts: ["accountCreated"] });
    expect(after["u-cy"]).toMatchObject({ state: 2, facts: ["accountCreated"] });
    expect(after["u-dee"]).toMatchObject({ state: 0, facts: ["portfolioPublic"] });
    expect(after["u-eve"]).toMatchObject({ state: 8 });

    // a replay: the relayed events delivered again, and the accounts service started again
    await bus.redeliver(await handedOverEvents());
    expect(await h.accounts.start?.()).toBeUndefined();
    await bus.settle();
    expect(await stored()).toEqual(after);
  });

  it("merges with what the achievements service already has: the higher state, the union of facts, then the steps they complete", async () => {
    h = await harness();
    const bus = await onTheBus();
    const { idToken, user } = await h.register();
    await bus.settle(); // account.registered: step 1 here
    const at = h.deps.clock.now();
    // the public portfolio (step 4's fact) was seen here already, from an event the new service read
    await h.deps.bus.publish([
      envelope(
        "portfolio.saved",
        user.uid,
        {
          uid: user.uid,
          slug: "p-1",
          pName: "Mine",
          privateMode: false,
          playGround: false,
          created: false,
          copiedFrom: null,
          tickers: [],
          holdings: [],
          assetCount: 0,
          rev: 2,
        },
        at,
      ),
    ]);
    await bus.settle();
    const state = async () => (await h.post("/v1/get/achievement-state", undefined, bearer(idToken))).json().achievement_state;
    expect(await state()).toBe(1);

    // accounts had 3 (with a step the client took: no assetAdded fact), and one fact this service lacked
    await oldRows([{ uid: user.uid, state: 3, facts: ["accountCreated", "portfolioCreated", "netWorthChecked"] }]);
    expect(await handOverAchievements(forService(h.deps, "accounts"))).toBe(1);
    await bus.settle();
    // 3 from accounts, then 4 (portfolioPublic, seen here); 5 needs the copy, so 6's fact waits
    expect(await state()).toBe(4);
    expect(await h.progress.get(user.uid)).toMatchObject({
      state: 4,
      facts: ["accountCreated", "portfolioCreated", "portfolioPublic", "netWorthChecked"],
    });
    // a lower state handed over later never moves it back
    await oldRows([{ uid: user.uid, state: 1, facts: [] }]);
    await handOverAchievements(forService(h.deps, "accounts"));
    await bus.settle();
    expect(await state()).toBe(4);
  });

  it("reads accounts' rows in batches, each once per start, and leaves out a document no release wrote", async () => {
    h = await harness();
    await oldRows(Array.from({ length: 7 }, (_, i) => ({ uid: `u-${i}`, state: 1, facts: ["accountCreated"] })));
    // a hand-edited row: a state past the last step would fail the event's schema and stop the start
    await oldRows([{ uid: "u-odd", state: 99, facts: ["accountCreated"] }]);
    expect(await handOverAchievements(forService(h.deps, "accounts"), 3)).toBe(7);
    expect((await handedOverEvents()).map((e) => e.key).sort()).toEqual(["u-0", "u-1", "u-2", "u-3", "u-4", "u-5", "u-6"]);
    expect(await oldRowsLeft()).toHaveLength(8);
  });
});
