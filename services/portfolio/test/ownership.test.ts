/**
 * The ownership matrix: every portfolio call, by a visitor, another user and the owner, on a private and
 * a public portfolio. Whatever a non-owner does, the portfolio stays exactly as it was (same document,
 * same revision, no event about it), and a private portfolio is indistinguishable from a missing one.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PortfolioMessages } from "../src/commands.ts";
import { type Client, type Harness, harness, input } from "./helpers.ts";

type Caller = "visitor" | "other" | "owner";
type Visibility = "private" | "public";
type Call = "save" | "save as copy" | "get" | "cachable get" | "delete" | "rename" | "settings" | "list";
type Outcome =
  | "updated" // 200 pupdated: the change is stored
  | "deleted" // 200 pdeleted: the portfolio is gone
  | "popup" // 200 showPopup: asked for a name, nothing stored
  | "copied" // 200 pcreated: a new portfolio for the caller, the original untouched
  | "ownerView" // 200, state.notOwner false
  | "readerView" // 200, state.notOwner true
  | "listed" // 200, the slug is in the caller's list
  | "unlisted" // 200, the slug is not in the caller's list
  | "nouser" // 401 nouser
  | "forbidden" // 403 not the owner
  | "notFound"; // 404, the same reply as for a slug that does not exist

const run: Record<Call, (c: Client, slug: string) => Promise<LightMyRequestResponse>> = {
  save: (c, slug) => c.save(slug, input({ assets: [], pDescription: "changed" })),
  "save as copy": (c, slug) => c.save(slug, input({ assets: [] }), "Copy of it"),
  get: (c, slug) => c.get(slug),
  "cachable get": (c, slug) => c.cachable(slug),
  delete: (c, slug) => c.remove(slug),
  rename: (c, slug) => c.rename(slug, "Renamed"),
  settings: (c, slug) => c.settings(slug, { pDescription: "changed", privateMode: true }),
  list: (c) => c.list(),
};

/** [call, caller] → outcome on a private portfolio, on a public one */
const matrix: [Call, Caller, Outcome, Outcome][] = [
  ["save", "visitor", "nouser", "nouser"],
  ["save", "other", "popup", "popup"],
  ["save", "owner", "updated", "updated"],
  ["save as copy", "visitor", "nouser", "nouser"],
  ["save as copy", "other", "copied", "copied"],
  ["save as copy", "owner", "updated", "updated"],
  ["get", "visitor", "notFound", "readerView"],
  ["get", "other", "notFound", "readerView"],
  ["get", "owner", "ownerView", "ownerView"],
  ["cachable get", "visitor", "notFound", "readerView"],
  ["cachable get", "other", "notFound", "readerView"],
  ["cachable get", "owner", "ownerView", "ownerView"],
  ["delete", "visitor", "nouser", "nouser"],
  ["delete", "other", "notFound", "forbidden"],
  ["delete", "owner", "deleted", "deleted"],
  ["rename", "visitor", "nouser", "nouser"],
  ["rename", "other", "notFound", "forbidden"],
  ["rename", "owner", "updated", "updated"],
  ["settings", "visitor", "nouser", "nouser"],
  ["settings", "other", "notFound", "forbidden"],
  ["settings", "owner", "updated", "updated"],
  ["list", "visitor", "nouser", "nouser"],
  ["list", "other", "unlisted", "unlisted"],
  ["list", "owner", "listed", "listed"],
];

const cases = matrix.flatMap(([call, caller, onPrivate, onPublic]) => [
  { call, caller, visibility: "private" as Visibility, outcome: onPrivate },
  { call, caller, visibility: "public" as Visibility, outcome: onPublic },
]);

const who = { visitor: null, other: "bob", owner: "alice" } as const;
const CHANGES: Outcome[] = ["updated", "deleted"];

let h: Harness;
let counter = 0;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => {
  await h.close();
});

describe("ownership matrix", () => {
  it.each(cases)("$call by $caller on a $visibility portfolio → $outcome", async ({ call, caller, visibility, outcome }) => {
    counter += 1;
    const slug = await h.create("alice", `Subject ${counter}`, { privateMode: visibility === "private" });
    const before = await h.stored(slug);
    const eventsBefore = (await h.deps.outboxEvents()).length;
    const client = h.as(who[caller]);

    const res = await run[call](client, slug);
    const body = res.body === "" ? null : res.json();

    switch (outcome) {
      case "updated":
        expect(res.statusCode).toBe(200);
        expect(body.message).toBe("pupdated");
        expect((await h.stored(slug))?._v).toBe(2);
        break;
      case "deleted":
        expect(res.statusCode).toBe(200);
        expect(body).toEqual({ message: "pdeleted" });
        expect(await h.stored(slug)).toBeNull();
        break;
      case "popup":
        expect(res.statusCode).toBe(200);
        expect(body).toEqual({ message: "showPopup" });
        break;
      case "copied": {
        expect(res.statusCode).toBe(200);
        expect(body.message).toBe("pcreated");
        expect(body.slug).not.toBe(slug);
        expect(await h.stored(body.slug)).toMatchObject({ owner: who[caller], copiedFrom: visibility === "public" ? slug : null });
        break;
      }
      case "ownerView":
      case "readerView":
        expect(res.statusCode).toBe(200);
        expect(body.data.slug).toBe(slug);
        expect(body.state).toEqual({ notOwner: outcome === "readerView", isAdmin: false });
        expect(body.data).not.toHaveProperty("owner");
        break;
      case "listed":
      case "unlisted":
        expect(res.statusCode).toBe(200);
        expect(Object.keys(body.portfolios).includes(slug)).toBe(outcome === "listed");
        break;
      case "nouser":
        expect(res.statusCode).toBe(401);
        expect(body).toMatchObject({ result: "nouser" });
        break;
      case "forbidden":
        expect(res.statusCode).toBe(403);
        expect(body).toEqual({ result: "nok", error: PortfolioMessages.notOwner, code: "forbidden" });
        break;
      case "notFound": {
        expect(res.statusCode).toBe(404);
        const missing = await run[call](client, "no-such-portfolio");
        expect(missing.statusCode).toBe(404);
        expect(body).toEqual(missing.json());
        break;
      }
    }

    if (!CHANGES.includes(outcome)) {
      expect(await h.stored(slug)).toEqual(before);
      const newEvents = (await h.deps.outboxEvents()).slice(eventsBefore);
      // the only events a non-changing call may cause are the creation of the caller's own copy, and its figures
      expect(newEvents.map((e) => [e.type, (e.payload as { slug: string }).slug])).toEqual(
        outcome === "copied"
          ? [
              ["portfolio.saved", body.slug],
              ["portfolio.valued", body.slug],
            ]
          : [],
      );
    }
  });
});
