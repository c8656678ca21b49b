import { envelope } from "@folio/platform/ids";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, harness, subscribe } from "./helpers.ts";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

const registered = (uid: string, email: string, at: number) =>
  envelope("account.registered", uid, { uid, email, displayName: null, referrer: null }, at);

describe("account.registered", () => {
  it("makes every new account a customer on the free plan, once", async () => {
    h = await harness();
    const [onRegistered] = h.service.consumers ?? [];
    expect(onRegistered.types).toEqual(["account.registered"]);
    const event = registered("u1", "ann@example.com", h.deps.clock.now());
    await onRegistered.handle(event);
    const first = await h.db.get("u1");
    expect(first).toMatchObject({ _id: "u1", email: "ann@example.com", plan: "free", since: event.occurredAt });
    await onRegistered.handle(event);
    expect(await h.db.get("u1")).toEqual(first);
  });

  it("keeps what a checkout recorded before the event arrived", async () => {
    h = await harness();
    const token = h.token("u1");
    const { events } = await subscribe(h, token);
    for (const e of events) await h.send(e);
    const before = await h.db.get("u1");
    const [onRegistered] = h.service.consumers ?? [];
    await onRegistered.handle(registered("u1", "other@example.com", h.deps.clock.now()));
    expect(await h.db.get("u1")).toEqual(before);
    expect((await h.plan(token)).plan).toBe("pro");
  });
});
