import type { EventEnvelope } from "@folio/platform/bus/port";
import { EventPayloads, type EventType } from "@folio/proto/events";
import { gradientFromSlug } from "@folio/proto/gradients";
import { Value } from "typebox/value";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PortfolioMessages } from "../src/commands.ts";
import type { PortfolioDoc } from "../src/store.ts";
import { asset, type Harness, harness, input } from "./helpers.ts";

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

const NOT_FOUND = { error: "Portfolio not found", code: "not_found" };
const CONFLICT = {
  result: "nok",
  data: PortfolioMessages.versionConflict,
  error: PortfolioMessages.versionConflict,
  code: "portfolio/version-conflict",
};

/** Events of one type in the outbox, each checked against its proto schema. */
async function events(type: EventType): Promise<EventEnvelope[]> {
  const all = (await h.deps.outboxEvents()).filter((e) => e.type === type);
  for (const e of all) expect(Value.Check(EventPayloads[type], e.payload), JSON.stringify(e.payload)).toBe(true);
  return all;
}

describe("POST /v1/save/portfolio/:slug", () => {
  it("answers a visitor with nouser and stores nothing", async () => {
    const res = await h.as(null).save("new", input(), "Mine");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: "nouser" });
    expect(await h.deps.outboxEvents()).toEqual([]);
  });

  it("asks for a name when saving the unsaved portfolio without one", async () => {
    for (const name of [undefined, null, "", "   "]) {
      const res = await h.as("alice").save("new", input(), name);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: "showPopup" });
    }
    expect(await h.deps.outboxEvents()).toEqual([]);
  });

  it("creates a portfolio with the spec's defaults, private, at a slug made from the name and a random suffix", async () => {
    const res = await h
      .as("alice")
      .save("new", input({ assets: [asset(), asset({ ticker: "BND", quantity: "4", PoA: 72.5 })] }), " Three Fund ");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: "pcreated" });
    const slug = body.slug as string;
    expect(slug).toMatch(/^three-fund-[a-z0-9]{6}$/);
    // each asset's value is its quantity × PoA (10 × 200, 4 × 72.5); the portfolio's value is the cost of its
    // priced assets in the base currency, and nothing is priced here (no pricing service): 0 (docs/numbers.md "Portfolio totals")
    expect(body.data).toMatchObject({
      slug,
      pName: "Three Fund",
      ver: 3,
      totalValue: 10000,
      autoSave: true,
      formatGains: "$",
      indexTicker: "SPY",
      privateMode: true,
      value: 0,
      rev: 1,
      created_at: "2026-01-02T12:00:00.000Z",
    });
    expect(body.data.assets.map((a: { index: number; value: number }) => [a.index, a.value])).toEqual([
      [0, 2000],
      [1, 290],
    ]);
    expect(body.data).not.toHaveProperty("owner");
    expect(body.data).not.toHaveProperty("copiedFrom");
    expect((await h.stored(slug))?.owner).toBe("alice");

    const [saved] = await events("portfolio.saved");
    expect(saved.key).toBe("alice");
    expect(saved.payload).toEqual({
      portfolioId: (await h.stored(slug))?._id,
      uid: "alice",
      slug,
      pName: "Three Fund",
      privateMode: true,
      playGround: false,
      created: true,
      copiedFrom: null,
      tickers: ["VTI", "BND"],
      holdings: [
        { ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02" },
        { ticker: "BND", quantity: 4, PoA: 72.5, DoA: "2024-01-02" },
      ],
      assetCount: 2,
      rev: 1,
    });
  });

  it("gives every new portfolio its own unguessable slug, so a name tells nothing of others' portfolios", async () => {
    const alices = await h.create("alice", "Growth");
    const bobs = await h.create("bob", "Growth");
    expect(alices).toMatch(/^growth-[a-z0-9]{6}$/);
    expect(bobs).toMatch(/^growth-[a-z0-9]{6}$/);
    expect(bobs).not.toBe(alices);
    // bob's slug has no "-2": he cannot tell from it that someone else has a (private) "Growth"
    expect(bobs).not.toMatch(/-2$/);
    expect(await h.create("alice", "!!!")).toMatch(/^portfolio-[a-z0-9]{6}$/);
    expect(await h.create("alice", "New")).toMatch(/^new-[a-z0-9]{6}$/);
  });

  it("updates the owner's portfolio in place and publishes the save", async () => {
    const slug = await h.create("alice", "Tech");
    const res = await h
      .as("alice")
      .save(
        slug,
        input({ assets: [asset({ ticker: "AAPL", quantity: 2, PoA: 150 }), asset({ ticker: "NVDA", quantity: 1, PoA: 400.5 })], rev: 1 }),
      );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "pupdated", slug, data: { rev: 2, pName: "Tech" } });
    // 2 × 150 and 1 × 400.5 as entered
    expect(res.json().data.assets.map((a: { value: number }) => a.value)).toEqual([300, 400.5]);
    const stored = await h.stored(slug);
    expect(stored?._v).toBe(2);
    expect(stored?.assets.map((a) => a.ticker)).toEqual(["AAPL", "NVDA"]);
    const saved = await events("portfolio.saved");
    expect(saved).toHaveLength(2);
    expect(saved[1].payload).toMatchObject({ slug, created: false, copiedFrom: null, rev: 2, tickers: ["AAPL", "NVDA"] });
  });

  it("updates, not copies, when the owner also sends a new name", async () => {
    const slug = await h.create("alice", "Tech");
    const res = await h.as("alice").save(slug, input(), "Something else");
    expect(res.json()).toMatchObject({ message: "pupdated", slug, data: { pName: "Tech" } });
  });

  it("copies someone else's public portfolio as a new private one that records its source", async () => {
    const source = await h.create("alice", "Dividend income", { privateMode: false });
    const res = await h.as("bob").save(source, input({ privateMode: false, rev: 1 }), "My dividends");
    expect(res.json()).toMatchObject({ message: "pcreated", data: { privateMode: true, rev: 1 } });
    const copy = res.json().slug as string;
    expect(copy).toMatch(/^my-dividends-/);
    expect(await h.stored(copy)).toMatchObject({ owner: "bob", copiedFrom: source });
    expect((await h.stored(source))?._v).toBe(1);
    const saved = await events("portfolio.saved");
    expect(saved.at(-1)).toMatchObject({ key: "bob", payload: { uid: "bob", slug: copy, created: true, copiedFrom: source } });
  });

  it("records no source when the slug is someone else's private portfolio or does not exist", async () => {
    const hidden = await h.create("alice", "Secret");
    const guess = (await h.as("bob").save(hidden, input(), "Guess")).json().slug;
    const fresh = (await h.as("bob").save("no-such-portfolio", input(), "Fresh")).json().slug;
    expect(await h.stored(guess)).toMatchObject({ owner: "bob", copiedFrom: null });
    expect(await h.stored(fresh)).toMatchObject({ owner: "bob", copiedFrom: null });
    const saved = await events("portfolio.saved");
    expect(saved.slice(-2).map((e) => (e.payload as { copiedFrom: unknown }).copiedFrom)).toEqual([null, null]);
  });

  it("refuses a save from an older revision with 409 and keeps the stored one", async () => {
    const slug = await h.create("alice", "Tech");
    const first = await h.as("alice").save(slug, input({ assets: [asset({ ticker: "AAPL" })], rev: 1 }));
    const second = await h.as("alice").save(slug, input({ assets: [asset({ ticker: "MSFT" })], rev: 1 }));
    expect(first.json().message).toBe("pupdated");
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual(CONFLICT);
    const stored = await h.stored(slug);
    expect(stored?._v).toBe(2);
    expect(stored?.assets.map((a) => a.ticker)).toEqual(["AAPL"]);
    expect(await events("portfolio.saved")).toHaveLength(2);
  });

  it("never loses one of two concurrent saves, even when neither sends a revision", async () => {
    const slug = await h.create("alice", "Tech");
    // Hold the first commit until the second save has read the document too, so both read revision 1.
    const commit = h.deps.store.commit.bind(h.deps.store);
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    h.deps.store.commit = async (ops) => {
      calls += 1;
      if (calls === 1) await firstHeld;
      else if (calls === 2) {
        release();
        await new Promise((resolve) => setImmediate(resolve));
      }
      return commit(ops);
    };
    const [a, b] = await Promise.all([
      h.as("alice").save(slug, input({ assets: [asset({ ticker: "AAPL" })] })),
      h.as("alice").save(slug, input({ assets: [asset({ ticker: "MSFT" })] })),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 409]);
    expect(b.json()).toEqual(CONFLICT);
    const stored = await h.stored(slug);
    expect(stored?._v).toBe(2);
    expect(stored?.assets.map((x) => x.ticker)).toEqual(["AAPL"]);
    expect((await events("portfolio.saved")).map((e) => (e.payload as { rev: number }).rev)).toEqual([1, 2]);
  });

  it("names the offending field of a body the schema refuses", async () => {
    const missing = await h.as("alice").save("new", {}, "x");
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "The list of assets is required", code: "validation_failed" });
    const badTicker = await h.as("alice").save("new", input({ assets: [asset({ ticker: "<b>" })] }), "x");
    expect(badTicker.json().error).toBe("Ticker of asset 1 may only contain letters, digits and . - ^ =");
  });

  it.each([
    ["a negative quantity", { quantity: -1 }, "Quantity must be a number from 0 to 1,000,000,000"],
    ["1e308 units", { quantity: 1e308 }, "Quantity must be a number from 0 to 1,000,000,000"],
    ["one unit over 1e9", { quantity: 1_000_000_001 }, "Quantity must be a number from 0 to 1,000,000,000"],
    ["a future date one day past tomorrow's slack", { DoA: "2026-01-04" }, "Purchase date cannot be in the future"],
    ["no quantity for a new asset", { quantity: 0 }, "Quantity missing"],
    ["non-numeric text for a new asset", { quantity: "a few" }, "Quantity missing"],
    ["no purchase date", { DoA: "" }, "Purchase date missing"],
    ["a word as the date", { DoA: "yesterday" }, "Purchase date is not a calendar date"],
    ["February 30", { DoA: "2021-02-30" }, "Purchase date is not a calendar date"],
    ["month 13", { DoA: "2021-13-01" }, "Purchase date is not a calendar date"],
    ["year 1", { DoA: "0001-01-01" }, "Purchase date must be Jan 1, 1970 or later"],
    ["a future date", { DoA: "9999-12-31" }, "Purchase date cannot be in the future"],
    ["a price of 0", { PoA: 0 }, "Purchase price missing"],
    ["a negative price", { PoA: -1 }, "Purchase price missing"],
    ["a price over 1e9", { PoA: 2e9 }, "Purchase price must be at most 1,000,000,000"],
    ["a price of 5e-324 (its percent would overflow)", { PoA: 5e-324 }, "Purchase price must be at least 0.000000000001"],
    ["a price just under the least", { PoA: 9e-13 }, "Purchase price must be at least 0.000000000001"],
    ["a fee over 100 %", { fee: "150%" }, "Fee must be a percent from 0 to 100"],
  ])("refuses %s with a clear 400 and stores nothing", async (_what, over, message) => {
    const res = await h.as("alice").save("new", input({ assets: [asset(), asset({ ticker: "BND", ...over })] }), "Bad");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      result: "nok",
      data: message,
      error: message,
      code: "portfolio/invalid-asset",
      asset: { index: 1, ticker: "BND" },
    });
    expect((await h.as("alice").list()).json().portfolios).toEqual({});
  });

  it("refuses more than 500 assets", async () => {
    const many = Array.from({ length: 501 }, () => asset());
    const res = await h.as("alice").save("new", input({ assets: many }), "Many");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("The list of assets may hold at most 500 items");
  });

  it("stores a non-numeric quantity as 0 for an asset already held (spec §5)", async () => {
    const slug = await h.create("alice", "Odd");
    const res = await h.as("alice").save(slug, input({ assets: [asset({ quantity: "a few" })] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.assets[0]).toMatchObject({ quantity: 0, value: 0 });
  });

  it("reads a document an older release stored outside the rules, and lists it", async () => {
    const slug = await h.create("alice", "Legacy");
    const doc = (await h.stored(slug)) as PortfolioDoc;
    const broken = { ...doc, assets: [{ ...doc.assets[0], quantity: 1e308, DoA: "0001-01-01" }] };
    await h.deps.store.commit([{ op: "replace", collection: "portfolios", doc: broken }]);
    const read = await h.as("alice").get(slug);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.assets[0]).toMatchObject({ quantity: 0, DoA: "1970-01-01" });
    expect((await h.as("alice").list()).statusCode).toBe(200);
  });

  it("reads a public document stored with a price of 5e-324 for the owner, a visitor and the list, every figure finite", async () => {
    const slug = await h.create("alice", "Tiny price", { privateMode: false });
    const doc = (await h.stored(slug)) as PortfolioDoc;
    const broken: PortfolioDoc = { ...doc, assets: [{ ...doc.assets[0], PoA: 5e-324 }] };
    await h.deps.store.commit([{ op: "replace", collection: "portfolios", doc: broken }]);
    const finite = (body: string) => expect(body).not.toMatch(/Infinity|NaN/);
    for (const read of [
      await h.as("alice").get(slug),
      await h.as(null).get(slug),
      await h.as(null).cachable(slug),
      await h.as("alice").list(),
    ]) {
      expect(read.statusCode).toBe(200);
      finite(read.body);
    }
    expect((await h.as(null).get(slug)).json().data.assets[0]).toMatchObject({ PoA: 0 });
  });
});

describe("POST /v1/get/portfolio/:slug", () => {
  it("tells the owner they own it", async () => {
    const slug = await h.create("alice", "Mine");
    const res = await h.as("alice").get(slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { slug, pName: "Mine", rev: 1 },
      has_updates: false,
      state: { notOwner: false, isAdmin: false },
    });
    expect(res.json().data).not.toHaveProperty("owner");
  });

  it("shows a public portfolio read-only to others and to visitors, with the admin flag", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    expect((await h.as("bob").get(slug)).json().state).toEqual({ notOwner: true, isAdmin: false });
    expect((await h.as(null).get(slug)).json().state).toEqual({ notOwner: true, isAdmin: false });
    expect((await h.as("admin").get(slug)).json().state).toEqual({ notOwner: true, isAdmin: true });
  });

  it("answers a private portfolio exactly like a missing one, admins included", async () => {
    const slug = await h.create("alice", "Secret");
    for (const who of ["bob", "admin", null] as const) {
      const res = await h.as(who).get(slug);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const missing = await h.as("bob").get("no-such-portfolio");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(NOT_FOUND);
  });
});

describe("GET /cachable/get/portfolio/:slug", () => {
  it("lets anyone cache a public portfolio for 60 s and revalidates it by ETag", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    const res = await h.as(null).cachable(slug);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
    // revision 1, then the valued copy served: its revision and when it was valued (lastRefreshed)
    const etag = `W/"${slug}-1-1.${Date.parse(res.json().data.lastRefreshed)}"`;
    expect(res.headers.etag).toBe(etag);
    expect(res.headers.vary).toBe("Authorization, Accept-Encoding");
    expect(res.json()).toMatchObject({ data: { slug }, has_updates: false, state: { notOwner: true, isAdmin: false } });

    const again = await h.as(null).cachable(slug, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");

    await h.as("alice").save(slug, input({ assets: [] }));
    const stale = await h.as(null).cachable(slug, { "if-none-match": etag });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(`W/"${slug}-2-2.${Date.parse(stale.json().data.lastRefreshed)}"`);
    expect(stale.json().data.assets).toEqual([]);
  });

  it("gives an admin's variant its own ETag", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    const res = await h.as("admin").cachable(slug);
    const copy = `1.${Date.parse(res.json().data.lastRefreshed)}`;
    expect(res.headers.etag).toBe(`W/"${slug}-1-${copy}-admin"`);
    expect((await h.as("admin").cachable(slug, { "if-none-match": `W/"${slug}-1-${copy}"` })).statusCode).toBe(200);
  });

  it("never stores the owner's view, private or public", async () => {
    const hidden = await h.create("alice", "Secret");
    const shared = await h.create("alice", "Shared", { privateMode: false });
    for (const slug of [hidden, shared]) {
      const res = await h.as("alice").cachable(slug);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers.etag).toBeUndefined();
      expect(res.json().state).toEqual({ notOwner: false, isAdmin: false });
    }
  });

  it("answers private and missing alike with an uncachable 404", async () => {
    const hidden = await h.create("alice", "Secret");
    for (const slug of [hidden, "no-such-portfolio"]) {
      const res = await h.as(null).cachable(slug);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("POST /v1/get/portfolios-and-assets", () => {
  it("lists only the caller's portfolios, newest first, in the spec's list-item shape", async () => {
    const first = await h.create("alice", "First", { privateMode: false });
    await h.create("bob", "Bob's");
    const second = await h.create("alice", "Second");
    const res = await h.as("alice").list();
    expect(res.statusCode).toBe(200);
    const { portfolios } = res.json();
    expect(Object.keys(portfolios)).toEqual([second, first]);
    expect(portfolios[first]).toEqual({
      pname: "First",
      slug: first,
      marketValue: null,
      playGround: false,
      privateMode: false,
      historicalData: null,
      created_at: "2026-01-02T12:00:00.000Z",
      assets: [expect.objectContaining({ ticker: "VTI", value: 2000, index: 0 })],
      provider: null,
      gradient: gradientFromSlug(first),
      // its figures: nothing priced here (no pricing service), VTI listed as unavailable
      figures: expect.objectContaining({
        rev: 1,
        baseCurrency: "USD",
        value: 0,
        marketValue: null,
        unpriced: [{ ticker: "VTI", reason: "unavailable" }],
      }),
    });
  });

  it("is empty for a user with no portfolios and nouser for a visitor", async () => {
    await h.create("alice", "Mine");
    expect((await h.as("bob").list()).json()).toEqual({ portfolios: {} });
    expect((await h.as(null).list()).statusCode).toBe(401);
  });
});

describe("POST /v1/delete/portfolio/:slug", () => {
  it("deletes the owner's portfolio and publishes it", async () => {
    const slug = await h.create("alice", "Old");
    const res = await h.as("alice").remove(slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "pdeleted" });
    expect(await h.stored(slug)).toBeNull();
    expect((await h.as("alice").get(slug)).statusCode).toBe(404);
    const [deleted] = await events("portfolio.deleted");
    expect(deleted).toMatchObject({ key: "alice", payload: { uid: "alice", slug } });
  });

  it("refuses a reader of a public portfolio with 403", async () => {
    const slug = await h.create("alice", "Shared", { privateMode: false });
    const res = await h.as("bob").remove(slug);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ result: "nok", error: "Only the owner can change this portfolio", code: "forbidden" });
    expect(await h.stored(slug)).not.toBeNull();
  });
});

describe("POST /v1/update/portfolioname/:slug", () => {
  it("renames but keeps the slug, and publishes the new name", async () => {
    const slug = await h.create("alice", "Old name");
    const res = await h.as("alice").rename(slug, "  New name ");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "pupdated", slug });
    expect(await h.stored(slug)).toMatchObject({ pName: "New name", slug, _v: 2 });
    expect((await events("portfolio.saved")).at(-1)?.payload).toMatchObject({ slug, pName: "New name", created: false, rev: 2 });
  });

  it("refuses an empty name with 400", async () => {
    const slug = await h.create("alice", "Old name");
    for (const name of ["", "   "]) {
      const res = await h.as("alice").rename(slug, name);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PortfolioMessages.nameRequired, code: "validation_failed" });
    }
    const missing = await h.as("alice").rename(slug, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Portfolio name is required");
    expect((await h.stored(slug))?.pName).toBe("Old name");
  });
});

describe("POST /v1/update/portfoliosettings/:slug", () => {
  it("keeps the revision when nothing changes, so the owner's next save is no version conflict", async () => {
    const slug = await h.create("alice", "Calm", { formatGains: "%" });
    expect((await h.as("alice").settings(slug, { formatGains: "%", privateMode: true })).statusCode).toBe(200);
    expect((await h.stored(slug))?._v).toBe(1);
    // nothing changed, so nothing was announced either
    expect(await events("portfolio.saved")).toHaveLength(1);
    expect((await h.as("alice").save(slug, input({ rev: 1 }))).statusCode).toBe(200);
  });

  it("applies the settings given, keeps the rest and publishes the save", async () => {
    const slug = await h.create("alice", "Mine");
    const res = await h.as("alice").settings(slug, { privateMode: false, category: "Dividend", formatGains: "%", totalValue: 25000 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "pupdated" });
    expect(await h.stored(slug)).toMatchObject({
      privateMode: false,
      category: "Dividend",
      formatGains: "%",
      totalValue: 25000,
      autoSave: true,
      indexTicker: "SPY",
      pName: "Mine",
      _v: 2,
    });
    expect((await events("portfolio.saved")).at(-1)?.payload).toMatchObject({ slug, privateMode: false, created: false, rev: 2 });
  });

  it("names a bad setting", async () => {
    const slug = await h.create("alice", "Mine");
    const res = await h.as("alice").settings(slug, { formatGains: "€" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Gains format must be one of: $, %");
    const ticker = await h.as("alice").settings(slug, { indexTicker: "not a ticker" });
    expect(ticker.json().error).toBe("Benchmark may only contain letters, digits and . - ^ =");
  });
});
