/**
 * Community moderation through the real routes: only an admin (the token's claim) unlists or restores, with a
 * reason; the portfolio leaves and rejoins the community at once; its owner sees the reason; every action is
 * logged with who, when and why; and a private portfolio stays invisible to admins.
 */
import { bearer, tokenFor } from "@folio/platform/testing";
import { ModerationMessages } from "@folio/proto/moderation";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, harness, input } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const post = (token: string | null, url: string, payload?: object) =>
  h.app.inject({ method: "POST", url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const adminToken = () => tokenFor(h.app, { uid: "root", email: "mod@example.com", admin: true });
const aliceToken = () => tokenFor(h.app, { uid: "alice" });
const bobToken = () => tokenFor(h.app, { uid: "bob" });

async function communitySlugs(): Promise<string[]> {
  const res = await h.app.inject({ method: "GET", url: "/v1/get/communityportfolios" });
  expect(res.statusCode).toBe(200);
  const body = res.json() as Record<string, unknown>;
  return Object.entries(body)
    .filter(([k]) => k !== "pagination")
    .flatMap(([, cards]) => (cards as { slug: string }[]).map((c) => c.slug));
}

async function publicPortfolio(): Promise<string> {
  const slug = await h.create("alice", "Growth picks", { privateMode: false });
  expect(await communitySlugs()).toContain(slug);
  return slug;
}

describe("community moderation", () => {
  it("lets an admin unlist a public portfolio with a reason; it leaves the community at once and its owner sees why", async () => {
    const slug = await publicPortfolio();
    const res = await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "  Spam   links in the description " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "unlist", slug });
    expect(await communitySlugs()).not.toContain(slug);

    const notice = await post(aliceToken(), `/v1/get/moderation/${slug}`);
    expect(notice.statusCode).toBe(200);
    expect(notice.json()).toMatchObject({ slug, unlisted: true, reason: "Spam links in the description" });
    // on the owner's list and on their (uncached) load; not on anyone else's load
    const own = (await h.as("alice").list()).json().portfolios;
    expect(own[slug].unlisted).toEqual({ reason: "Spam links in the description", at: expect.any(String) });
    expect((await h.as("alice").get(slug)).json().moderation).toMatchObject({ unlisted: true, reason: "Spam links in the description" });
    expect((await h.as("bob").get(slug)).json().moderation).toBeUndefined();
    expect((await h.as(null).get(slug)).json().moderation).toBeUndefined();
    expect((await h.as(null).cachable(slug)).json().moderation).toBeUndefined();
    expect((await h.as("admin").get(slug)).json().moderation).toMatchObject({ unlisted: true });

    // still readable by link, read-only, like any public portfolio
    expect((await h.as(null).get(slug)).statusCode).toBe(200);
    // the owner's next save is no conflict (moderation does not touch the portfolio) and does not relist it
    const saved = await h.as("alice").save(slug, input({ privateMode: false, rev: 1 }));
    expect(saved.json().message).toBe("pupdated");
    expect(await communitySlugs()).not.toContain(slug);
    // nor does turning it private and public again
    await h.as("alice").settings(slug, { privateMode: true });
    await h.as("alice").settings(slug, { privateMode: false });
    expect(await communitySlugs()).not.toContain(slug);
  });

  it("restores it with a reason, and logs both actions with who, when and why", async () => {
    const slug = await publicPortfolio();
    h.deps.clock.set(Date.parse("2026-11-20T10:00:00Z"));
    await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "Misleading name" });
    h.deps.clock.set(Date.parse("2026-11-21T09:30:00Z"));
    const restored = await post(adminToken(), `/v1/admin/restore/${slug}`, { reason: "Owner renamed it" });
    expect(restored.statusCode).toBe(200);
    expect(await communitySlugs()).toContain(slug);
    expect((await post(aliceToken(), `/v1/get/moderation/${slug}`)).json()).toMatchObject({ unlisted: false, reason: null });

    const overview = await post(adminToken(), "/v1/admin/moderation");
    expect(overview.statusCode).toBe(200);
    expect(overview.json().unlisted).toEqual([]);
    expect(overview.json().log.map((e: object) => ({ ...e, id: undefined }))).toEqual([
      {
        id: undefined,
        action: "restore",
        slug,
        pName: "Growth picks",
        reason: "Owner renamed it",
        by: { uid: "root", email: "mod@example.com" },
        at: "2026-11-21T09:30:00.000Z",
      },
      {
        id: undefined,
        action: "unlist",
        slug,
        pName: "Growth picks",
        reason: "Misleading name",
        by: { uid: "root", email: "mod@example.com" },
        at: "2026-11-20T10:00:00.000Z",
      },
    ]);
  });

  it("refuses non-admins (403), visitors (401), a missing reason (400) and a repeated action (409)", async () => {
    const slug = await publicPortfolio();
    const bob = await post(bobToken(), `/v1/admin/unlist/${slug}`, { reason: "I do not like it" });
    expect(bob.statusCode).toBe(403);
    expect(bob.json().error).toBe(ModerationMessages.adminOnly);
    // the owner is no admin either
    expect((await post(aliceToken(), `/v1/admin/unlist/${slug}`, { reason: "hide mine" })).statusCode).toBe(403);
    expect((await post(null, `/v1/admin/unlist/${slug}`, { reason: "anything" })).statusCode).toBe(401);
    expect((await post(bobToken(), "/v1/admin/moderation")).statusCode).toBe(403);
    const blank = await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(ModerationMessages.reasonRequired);
    expect((await post(adminToken(), `/v1/admin/restore/${slug}`, { reason: "not unlisted yet" })).statusCode).toBe(409);
    expect((await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "Spam" })).statusCode).toBe(200);
    expect((await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "Spam again" })).statusCode).toBe(409);
    expect(await communitySlugs()).not.toContain(slug);
    // nothing refused was logged
    expect((await post(adminToken(), "/v1/admin/moderation")).json().log).toHaveLength(1);
  });

  it("keeps a private portfolio invisible to admins: 404 as for a missing one, on every path", async () => {
    const slug = await h.create("alice", "Secret", { privateMode: true });
    expect((await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "Looking around" })).statusCode).toBe(404);
    expect((await post(adminToken(), `/v1/get/moderation/${slug}`)).statusCode).toBe(404);
    expect((await h.as("admin").get(slug)).statusCode).toBe(404);
    expect((await post(adminToken(), `/v1/admin/unlist/no-such-slug`, { reason: "Looking around" })).statusCode).toBe(404);
  });

  it("shows the notice to the owner and an admin only; others get 403, and a private one 404", async () => {
    const slug = await publicPortfolio();
    await post(adminToken(), `/v1/admin/unlist/${slug}`, { reason: "Spam" });
    expect((await post(adminToken(), `/v1/get/moderation/${slug}`)).json()).toMatchObject({ unlisted: true, reason: "Spam" });
    expect((await post(bobToken(), `/v1/get/moderation/${slug}`)).statusCode).toBe(403);
    expect((await post(null, `/v1/get/moderation/${slug}`)).statusCode).toBe(401);
    // turned private, the admin's overview no longer names it (the log keeps the action)
    await h.as("alice").settings(slug, { privateMode: true });
    const overview = (await post(adminToken(), "/v1/admin/moderation")).json();
    expect(overview.unlisted).toEqual([]);
    expect(overview.log).toHaveLength(1);
    expect((await post(adminToken(), `/v1/get/moderation/${slug}`)).statusCode).toBe(404);
  });
});
