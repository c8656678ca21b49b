/**
 * The visibility matrix of every read path — the uncached load, the cachable load, the caller's own list,
 * the community list (plain, by category, the visitors' samples) — for a visitor, another user and the
 * owner, on a private and on a public portfolio; then the changes that must take a portfolio out of the
 * community at once: turned private, deleted. A private portfolio is never in the community's read model
 * or in a cached page, whoever asks and however the list is asked for.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMMUNITY, type CommunityEntry, communityEntries } from "../src/community-model.ts";
import { allListed, asset, type Client, type CommunityHarness, communityHarness, input, type Who } from "./community-support.ts";

type Caller = "visitor" | "other" | "owner";
type Path = "get" | "cachable get" | "own list" | "community" | "community by category" | "community samples";
type Seen = "ownerView" | "readerView" | "hidden" | "listed" | "unlisted" | "nouser";

const who: Record<Caller, Who> = { visitor: null, other: "bob", owner: "alice" };

async function seen(path: Path, c: Client, slug: string): Promise<Seen> {
  const view = (res: LightMyRequestResponse): Seen => {
    if (res.statusCode === 404) return "hidden";
    expect(res.statusCode).toBe(200);
    return res.json().state.notOwner ? "readerView" : "ownerView";
  };
  const inList = (res: LightMyRequestResponse, slugs: (body: never) => string[]): Seen => {
    if (res.statusCode === 401) return "nouser";
    expect(res.statusCode).toBe(200);
    return slugs(res.json() as never).includes(slug) ? "listed" : "unlisted";
  };
  switch (path) {
    case "get":
      return view(await c.get(slug));
    case "cachable get":
      return view(await c.cachable(slug));
    case "own list":
      return inList(await c.list(), (b: { portfolios: Record<string, unknown> }) => Object.keys(b.portfolios));
    case "community":
      return inList(await c.community(), allListed);
    case "community by category":
      return inList(await c.community("?category=Tech"), allListed);
    case "community samples":
      return inList(await c.community("?samples=true"), allListed);
  }
}

/** [path, caller] → what the caller sees of a private portfolio, of a public one */
const matrix: [Path, Caller, Seen, Seen][] = [
  ["get", "visitor", "hidden", "readerView"],
  ["get", "other", "hidden", "readerView"],
  ["get", "owner", "ownerView", "ownerView"],
  ["cachable get", "visitor", "hidden", "readerView"],
  ["cachable get", "other", "hidden", "readerView"],
  ["cachable get", "owner", "ownerView", "ownerView"],
  ["own list", "visitor", "nouser", "nouser"],
  ["own list", "other", "unlisted", "unlisted"],
  ["own list", "owner", "listed", "listed"],
  // the community is the same for everyone, the owner included: only what is public
  ["community", "visitor", "unlisted", "listed"],
  ["community", "other", "unlisted", "listed"],
  ["community", "owner", "unlisted", "listed"],
  ["community by category", "visitor", "unlisted", "listed"],
  ["community by category", "other", "unlisted", "listed"],
  ["community by category", "owner", "unlisted", "listed"],
  // a user's portfolio is never one of the visitors' samples
  ["community samples", "visitor", "unlisted", "unlisted"],
  ["community samples", "other", "unlisted", "unlisted"],
  ["community samples", "owner", "unlisted", "unlisted"],
];

describe("visibility of a private and a public portfolio on every read path", () => {
  let h: CommunityHarness;
  const slugs = { private: "", public: "" };

  beforeAll(async () => {
    h = await communityHarness();
    h.pricing.set("AAPL", 200, { "2024-01": 180 });
    const tech = { assets: [asset({ ticker: "AAPL", quantity: 5, PoA: 180 })] };
    // both filed under Tech; only the public one may be listed anywhere
    slugs.private = await h.create("alice", "Hidden Tech", tech);
    expect((await h.as("alice").settings(slugs.private, { category: "Tech", pDescription: "mine only" })).statusCode).toBe(200);
    slugs.public = await h.create("alice", "Shared Tech", tech);
    await h.publish("alice", slugs.public, "Tech");
    await h.deliver();
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(matrix)("%s by the %s: private → %s, public → %s", async (path, caller, onPrivate, onPublic) => {
    const c = h.as(who[caller]);
    expect(await seen(path, c, slugs.private)).toBe(onPrivate);
    expect(await seen(path, c, slugs.public)).toBe(onPublic);
  });

  it("keeps nothing of the private portfolio in the community's read model", async () => {
    const entries = communityEntries(h.deps.store);
    expect(await entries.get(slugs.private)).toBeNull();
    expect((await entries.find()).map((e) => e.slug)).toEqual([slugs.public]);
  });
});

describe("leaving the community", () => {
  let h: CommunityHarness;
  let slug: string;
  const queries = ["", "?category=Growth", "?category=Growth&pageSize=1", "?samples=true"];

  beforeEach(async () => {
    h = await communityHarness();
    h.pricing.set("VTI", 125, { "2024-01": 100 });
    slug = await h.create("alice", "Open Book");
    await h.publish("alice", slug, "Growth");
    await h.deliver();
    // every variant of the list is computed and cached while the portfolio is public
    expect(allListed(await h.communityList())).toContain(slug);
    for (const q of queries) await h.communityList(q);
  });
  afterEach(async () => {
    await h.close();
  });

  async function everywhereGone() {
    for (const q of queries) expect(allListed(await h.communityList(q)), `query '${q}'`).not.toContain(slug);
    expect(await communityEntries(h.deps.store).get(slug)).toBeNull();
    expect((await h.as(null).cachable(slug)).statusCode).toBe(404);
    expect((await h.as("bob").get(slug)).statusCode).toBe(404);
  }

  it("a portfolio turned private leaves every cached page as soon as its event is handled, with no time passing", async () => {
    expect((await h.as("alice").settings(slug, { privateMode: true })).statusCode).toBe(200);
    await h.deliver();
    await everywhereGone();
    // and the owner still has it
    expect((await h.as("alice").get(slug)).statusCode).toBe(200);
  });

  it("a portfolio saved as private by its owner's save leaves too", async () => {
    const rev = (await h.stored(slug))?._v;
    expect((await h.as("alice").save(slug, input({ privateMode: true, rev }))).json().message).toBe("pupdated");
    await h.deliver();
    await everywhereGone();
  });

  it("a deleted portfolio leaves at once", async () => {
    expect((await h.as("alice").remove(slug)).json()).toEqual({ message: "pdeleted" });
    await h.deliver();
    await everywhereGone();
  });

  it("a copy of a public portfolio is private, so it is not listed", async () => {
    const copy = await h.as("bob").save(slug, input(), "My copy");
    expect(copy.json().message).toBe("pcreated");
    await h.deliver();
    expect(allListed(await h.communityList())).toEqual([slug]);
  });

  it("a portfolio made public again comes back", async () => {
    await h.as("alice").settings(slug, { privateMode: true });
    await h.deliver();
    await h.publish("alice", slug, "Tech");
    await h.deliver();
    expect((await h.communityList()).Tech?.map((c) => c.slug)).toEqual([slug]);
  });
});

describe("the read model at start", () => {
  let h: CommunityHarness;
  beforeEach(async () => {
    h = await communityHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("lists public portfolios whose events it never handled and drops entries of private ones", async () => {
    const shown = await h.create("alice", "Made public earlier", { privateMode: false });
    const hidden = await h.create("alice", "Private");
    // an entry left behind for a portfolio that is private now (a lost event, a bug of an older version)
    const leftover: CommunityEntry = {
      _id: hidden,
      slug: hidden,
      pName: "Private",
      pDescription: "",
      category: "Other",
      holdings: [],
      sample: false,
      rev: 1,
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    await h.deps.store.commit([{ op: "upsert", collection: COMMUNITY, doc: leftover }]);
    await h.module.start?.();
    expect(allListed(await h.communityList())).toEqual([shown]);
    expect(await communityEntries(h.deps.store).get(hidden)).toBeNull();
  });
});
