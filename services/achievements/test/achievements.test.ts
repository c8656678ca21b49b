import type { EventEnvelope } from "@folio/platform/bus/port";
import { envelope } from "@folio/platform/ids";
import { OutboxRelay } from "@folio/platform/outbox";
import { bearer } from "@folio/platform/testing";
import type { EventPayload } from "@folio/proto/events";
import { AchievementErrorCodes, ONE_STEP_AT_A_TIME } from "@folio/proto/settings";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, harness } from "./helpers.ts";

let h: Harness;
let relay: OutboxRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  await h?.deps.bus.close();
  await h?.app.close();
});

const stateOf = async (token: string): Promise<number> => {
  const res = await h.post("/v1/get/achievement-state", undefined, bearer(token));
  expect(res.statusCode).toBe(200);
  return res.json().achievement_state;
};
const setState = (token: string, achievement_state: unknown) =>
  h.post("/v1/update/achievement-state", { achievement_state }, bearer(token));

/** The achievements consumers on the service's MemoryBus, as the host wires them, with the outbox relayed by hand. */
async function onTheBus(): Promise<{ publish: (...events: EventEnvelope[]) => Promise<void>; settle: () => Promise<void> }> {
  for (const c of h.service.consumers ?? []) h.deps.bus.subscribe("achievements", c.types, c.handle, c.options);
  await h.deps.bus.start();
  const outbox = new OutboxRelay(h.deps.store, h.deps.bus, { log: h.deps.log, intervalMs: 60_000 });
  relay = outbox;
  const settle = async () => {
    await outbox.flush();
    await h.deps.bus.hub.idle();
  };
  return {
    publish: async (...events) => {
      await h.deps.bus.publish(events);
      await settle();
    },
    settle,
  };
}

const portfolioSaved = (uid: string, p: Partial<EventPayload<"portfolio.saved">>): EventEnvelope =>
  envelope(
    "portfolio.saved",
    uid,
    {
      uid,
      slug: "p-1",
      pName: "Mine",
      privateMode: true,
      playGround: false,
      created: false,
      copiedFrom: null,
      tickers: [],
      holdings: [],
      assetCount: 0,
      rev: 1,
      ...p,
    } satisfies EventPayload<"portfolio.saved">,
    h.deps.clock.now(),
  );
const created = (uid: string, assetCount = 0) => portfolioSaved(uid, { created: true, assetCount });
const withAsset = (uid: string) => portfolioSaved(uid, { assetCount: 1 });
const madePublic = (uid: string) => portfolioSaved(uid, { privateMode: false });
const copied = (uid: string) => portfolioSaved(uid, { created: true, copiedFrom: "community-1", slug: "copy-1", assetCount: 3 });
const netWorth = (uid: string, requested?: boolean) =>
  envelope(
    "networth.calculated",
    uid,
    { uid, netWorth: 1234.5, at: new Date(h.deps.clock.now()).toISOString(), requested },
    h.deps.clock.now(),
  );

const chatReplied = (uid: string) => envelope("chat.replied", uid, { uid, model: "v2" }, h.deps.clock.now());

describe("POST /v1/get/achievement-state", () => {
  it("is 0 for an account whose progress was never written", async () => {
    h = await harness();
    const { idToken } = await h.register();
    expect(await stateOf(idToken)).toBe(0);
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/get/achievement-state");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });
});

describe("POST /v1/update/achievement-state", () => {
  it("accepts the next step and answers the stored state", async () => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await setState(idToken, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", achievement_state: 1 });
    expect((await setState(idToken, 2)).json()).toEqual({ status: "ok", achievement_state: 2 });
    expect(await stateOf(idToken)).toBe(2);
  });

  it("treats the current state as a no-op", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    await setState(idToken, 1);
    const version = (await h.progress.get(user.uid))?._v;
    const res = await setState(idToken, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", achievement_state: 1 });
    expect((await h.progress.get(user.uid))?._v).toBe(version);
  });

  it("refuses a jump", async () => {
    h = await harness();
    const { idToken } = await h.register();
    await setState(idToken, 1);
    const res = await setState(idToken, 3);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ONE_STEP_AT_A_TIME, code: AchievementErrorCodes.oneStepAtATime });
    expect(await stateOf(idToken)).toBe(1);
  });

  it("refuses a step back", async () => {
    h = await harness();
    const { idToken } = await h.register();
    for (const step of [1, 2, 3]) await setState(idToken, step);
    const res = await setState(idToken, 2);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(AchievementErrorCodes.oneStepAtATime);
    expect(await stateOf(idToken)).toBe(3);
  });

  // (the platform's schema coercion turns "1" into 1, so only values no coercion can save are listed)
  it.each([9, -1, 1.5, "one"])("refuses %j as a state", async (value) => {
    h = await harness();
    const { idToken } = await h.register();
    const res = await setState(idToken, value);
    expect(res.statusCode).toBe(400);
    expect(await stateOf(idToken)).toBe(0);
  });

  it("writes one step once when the same step arrives several times at once (two tabs)", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    const replies = await Promise.all([setState(idToken, 1), setState(idToken, 1), setState(idToken, 1)]);
    expect(replies.map((r) => r.json())).toEqual(Array(3).fill({ status: "ok", achievement_state: 1 }));
    expect(await h.progress.get(user.uid)).toMatchObject({ state: 1, _v: 1 });
  });

  it("needs a signed-in caller", async () => {
    h = await harness();
    const res = await h.post("/v1/update/achievement-state", { achievement_state: 1 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
  });
});

describe("steps the server observes from events", () => {
  it("walks the seven observable steps in order, one +1 per fact", async () => {
    h = await harness();
    const bus = await onTheBus();
    const { idToken, user } = await h.register();
    await bus.settle(); // account.registered, relayed from the accounts outbox to the achievements consumer
    expect(await stateOf(idToken)).toBe(1);

    const steps: [EventEnvelope, number][] = [
      [created(user.uid), 2],
      [withAsset(user.uid), 3],
      [madePublic(user.uid), 4],
      [copied(user.uid), 5],
      [netWorth(user.uid, true), 6],
      [chatReplied(user.uid), 7],
    ];
    for (const [event, expected] of steps) {
      await bus.publish(event);
      expect(await stateOf(idToken), event.type).toBe(expected);
    }
  });

  it("keeps facts that arrive early and advances through them one step at a time when their turn comes", async () => {
    h = await harness();
    const bus = await onTheBus();
    const { idToken, user } = await h.register();
    await bus.settle();

    // copy (5), public (4) and asset (3) first: step 2 is missing, so the state stays at 1
    await bus.publish(copied(user.uid), madePublic(user.uid), withAsset(user.uid));
    expect(await stateOf(idToken)).toBe(1);
    expect((await h.progress.get(user.uid))?.facts).toEqual(["accountCreated", "assetAdded", "portfolioPublic", "portfolioCopied"]);

    // the first manual portfolio completes 2, and 3, 4, 5 follow from the facts already seen
    await bus.publish(created(user.uid));
    expect(await stateOf(idToken)).toBe(5);
    // 6 needs a check the user asked for: a background recompute is not one
    await bus.publish(netWorth(user.uid));
    expect(await stateOf(idToken)).toBe(5);
    await bus.publish(netWorth(user.uid, true));
    expect(await stateOf(idToken)).toBe(6);
  });

  it("counts opening the net-worth view (networth.checked) as step 6, and nothing in a playground", async () => {
    h = await harness();
    const bus = await onTheBus();
    const { idToken, user } = await h.register();
    await bus.settle();
    const sandbox = portfolioSaved(user.uid, { created: true, playGround: true, slug: "sandbox", assetCount: 2 });
    await bus.publish(sandbox);
    expect(await stateOf(idToken)).toBe(1);
    await bus.publish(created(user.uid), withAsset(user.uid), madePublic(user.uid), copied(user.uid));
    expect(await stateOf(idToken)).toBe(5);
    const at = new Date(h.deps.clock.now()).toISOString();
    await bus.publish(envelope("networth.checked", user.uid, { uid: user.uid, at }, h.deps.clock.now()));
    expect(await stateOf(idToken)).toBe(6);
  });

  it("advances from facts seen before the account's own registration event", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    const [onFact] = h.service.consumers ?? [];
    await onFact.handle(created(user.uid, 2));
    expect(await stateOf(idToken)).toBe(0);
    const [registered] = await h.deps.outboxEvents();
    await onFact.handle(registered);
    expect(await stateOf(idToken)).toBe(3);
  });

  it("changes nothing on a redelivered event, even after the client moved on", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    const [onFact] = h.service.consumers ?? [];
    const [registered] = await h.deps.outboxEvents();
    const asset = withAsset(user.uid);
    await onFact.handle(registered);
    await onFact.handle(asset);
    expect((await setState(idToken, 2)).json()).toEqual({ status: "ok", achievement_state: 3 });
    const before = await h.progress.get(user.uid);
    await onFact.handle(asset);
    await onFact.handle(registered);
    expect(await h.progress.get(user.uid)).toEqual(before);
    expect(before).toMatchObject({ state: 3, facts: ["accountCreated", "assetAdded"] });
  });

  it("de-duplicates the same event delivered twice at once", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    const [onFact] = h.service.consumers ?? [];
    const [registered] = await h.deps.outboxEvents();
    await Promise.all([onFact.handle(registered), onFact.handle(registered), onFact.handle(created(user.uid))]);
    expect(await stateOf(idToken)).toBe(2);
    expect(await h.deps.store.handled("achievements.facts", registered.id)).toBe(true);
  });

  it("continues a client's step through facts it had already seen", async () => {
    h = await harness();
    const bus = await onTheBus();
    const { idToken, user } = await h.register();
    await bus.settle();
    await bus.publish(withAsset(user.uid), madePublic(user.uid));
    expect(await stateOf(idToken)).toBe(1);
    // the client completes 2 itself (say the portfolio.saved is still on its way): 3 and 4 follow
    expect((await setState(idToken, 2)).json()).toEqual({ status: "ok", achievement_state: 4 });
    // the late portfolio.saved for step 2 then changes nothing
    await bus.publish(created(user.uid));
    expect(await stateOf(idToken)).toBe(4);
  });

  it("never moves back when a fact for an earlier step arrives late", async () => {
    h = await harness();
    const { idToken, user } = await h.register();
    for (const step of [1, 2, 3, 4]) await setState(idToken, step);
    const [onFact] = h.service.consumers ?? [];
    await onFact.handle(created(user.uid));
    expect(await stateOf(idToken)).toBe(4);
  });

  it("keeps one user's facts to that user", async () => {
    h = await harness();
    const ann = await h.register("ann@example.com");
    const bob = await h.register("bob@example.com");
    const [onFact] = h.service.consumers ?? [];
    for (const e of await h.deps.outboxEvents()) await onFact.handle(e);
    await onFact.handle(created(ann.user.uid, 1));
    expect(await stateOf(ann.idToken)).toBe(3);
    expect(await stateOf(bob.idToken)).toBe(1);
  });

  it("refuses an event whose payload does not match the contract, so it can go to the dead-letter topic", async () => {
    h = await harness();
    const [onFact] = h.service.consumers ?? [];
    const broken = envelope("portfolio.saved", "u1", { uid: "u1", created: true }, h.deps.clock.now());
    await expect(onFact.handle(broken)).rejects.toThrow(/invalid portfolio.saved event/);
    expect(await h.progress.get("u1")).toBeNull();
  });
});
