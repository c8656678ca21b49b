import { describe, expect, it } from "vitest";
import {
  factsOfHoldingsImported,
  factsOfNetWorthCalculated,
  factsOfPortfolioSaved,
  handOver,
  knownFacts,
  NO_PROGRESS,
  observe,
  type Progress,
  requestStep,
  STEP_FACTS,
} from "../src/domain/achievements.ts";

const saved = { created: false, copiedFrom: null, playGround: false, assetCount: 0, privateMode: true };

describe("the steps", () => {
  it("follow the spec's order, eight of them", () => {
    expect(STEP_FACTS).toEqual([
      "accountCreated", // 1 create an account
      "portfolioCreated", // 2 create first manual portfolio
      "assetAdded", // 3 add first asset
      "portfolioPublic", // 4 make a portfolio public
      "portfolioCopied", // 5 copy first community portfolio
      "netWorthChecked", // 6 check net-worth
      "chatTalked", // 7 talk with the AI agent
      "brokerageImported", // 8 connect brokerage and import a portfolio
    ]);
  });
});

describe("the client's step", () => {
  const at = (state: number, facts: Progress["facts"] = []): Progress => ({ state, facts });

  it("accepts exactly the next step", () => {
    expect(requestStep(at(0), 1)).toEqual({ ok: true, progress: at(1), reached: [1], changed: true });
    expect(requestStep(at(7), 8)).toEqual({ ok: true, progress: at(8), reached: [8], changed: true });
  });

  it("treats the current state as a no-op", () => {
    expect(requestStep(at(3), 3)).toEqual({ ok: true, progress: at(3), reached: [], changed: false });
  });

  it.each([
    [0, 2],
    [1, 3],
    [2, 8],
  ])("refuses a jump from %i to %i", (state, requested) => {
    expect(requestStep(at(state), requested)).toEqual({ ok: false });
  });

  it.each([
    [3, 2],
    [5, 0],
  ])("refuses a step back from %i to %i", (state, requested) => {
    expect(requestStep(at(state), requested)).toEqual({ ok: false });
  });

  it("refuses a ninth step", () => {
    expect(requestStep(at(8), 9)).toEqual({ ok: false });
  });

  it("continues through facts already observed, one step at a time", () => {
    // at 1 with the asset (3) and public (4) facts seen: the client's 2 completes 2, then 3 and 4 follow
    expect(requestStep(at(1, ["assetAdded", "portfolioPublic"]), 2)).toEqual({
      ok: true,
      progress: at(4, ["assetAdded", "portfolioPublic"]),
      reached: [2, 3, 4],
      changed: true,
    });
  });
});

describe("observing facts", () => {
  it("advances one step when the fact completes the next step", () => {
    expect(observe(NO_PROGRESS, ["accountCreated"])).toEqual({
      progress: { state: 1, facts: ["accountCreated"] },
      reached: [1],
      changed: true,
    });
  });

  it("keeps a fact for a later step without advancing", () => {
    expect(observe({ state: 1, facts: ["accountCreated"] }, ["portfolioCopied"])).toEqual({
      progress: { state: 1, facts: ["accountCreated", "portfolioCopied"] },
      reached: [],
      changed: true,
    });
  });

  it("advances through every consecutive step already observed, each one +1", () => {
    const waiting: Progress = { state: 2, facts: ["accountCreated", "portfolioCreated", "portfolioPublic", "portfolioCopied"] };
    const { progress, reached } = observe(waiting, ["assetAdded"]);
    expect(reached).toEqual([3, 4, 5]);
    expect(progress.state).toBe(5);
  });

  it("stops at the first step whose fact is missing", () => {
    // 6 (net worth) is missing, so the chat fact (7) waits
    const { progress, reached } = observe({ state: 4, facts: ["chatTalked"] }, ["portfolioCopied"]);
    expect(reached).toEqual([5]);
    expect(progress).toEqual({ state: 5, facts: ["portfolioCopied", "chatTalked"] });
  });

  it("changes nothing when the fact was seen before", () => {
    const before: Progress = { state: 1, facts: ["accountCreated", "assetAdded"] };
    expect(observe(before, ["assetAdded"])).toEqual({ progress: before, reached: [], changed: false });
  });

  it("ignores a fact for a step already passed, and never goes back", () => {
    const before: Progress = { state: 4, facts: [] };
    expect(observe(before, ["portfolioCreated"])).toEqual({
      progress: { state: 4, facts: ["portfolioCreated"] },
      reached: [],
      changed: true,
    });
  });

  it("reaches 8 and no further", () => {
    const { progress, reached } = observe({ state: 6, facts: [] }, ["chatTalked", "brokerageImported"]);
    expect(reached).toEqual([7, 8]);
    expect(progress.state).toBe(8);
  });

  it("keeps only facts it knows, in step order", () => {
    expect(knownFacts(["portfolioCopied", "retired", "accountCreated"])).toEqual(["accountCreated", "portfolioCopied"]);
  });
});

describe("facts from portfolio.saved", () => {
  it("creating an empty manual portfolio: the first portfolio", () => {
    expect(factsOfPortfolioSaved({ ...saved, created: true })).toEqual(["portfolioCreated"]);
  });

  it("creating one with assets: the first portfolio and the first asset", () => {
    expect(factsOfPortfolioSaved({ ...saved, created: true, assetCount: 2 })).toEqual(["portfolioCreated", "assetAdded"]);
  });

  it("a playground advances nothing", () => {
    expect(factsOfPortfolioSaved({ ...saved, created: true, playGround: true })).toEqual([]);
    // nothing done in a playground counts: not its assets, not making it public, not copying into one
    expect(factsOfPortfolioSaved({ ...saved, created: true, playGround: true, assetCount: 1 })).toEqual([]);
    expect(factsOfPortfolioSaved({ ...saved, playGround: true, assetCount: 3, privateMode: false })).toEqual([]);
    expect(factsOfPortfolioSaved({ ...saved, created: true, copiedFrom: "growth", playGround: true })).toEqual([]);
    // turned into a real portfolio, it counts as made then
    expect(factsOfPortfolioSaved({ ...saved, promoted: true, assetCount: 1 })).toEqual(["portfolioCreated", "assetAdded"]);
  });

  it("a later save with one asset: the first asset", () => {
    expect(factsOfPortfolioSaved({ ...saved, assetCount: 1 })).toEqual(["assetAdded"]);
  });

  it("a save that is not private: the first public portfolio", () => {
    expect(factsOfPortfolioSaved({ ...saved, privateMode: false })).toEqual(["portfolioPublic"]);
  });

  it("creating a copy: the first copy only, even with the source's assets", () => {
    expect(factsOfPortfolioSaved({ ...saved, created: true, copiedFrom: "community-1", assetCount: 4 })).toEqual(["portfolioCopied"]);
  });

  it("a plain save of an empty private portfolio: nothing", () => {
    expect(factsOfPortfolioSaved(saved)).toEqual([]);
  });

  it("creating a portfolio from a brokerage import: neither a manual portfolio nor an added asset", () => {
    expect(factsOfPortfolioSaved({ ...saved, created: true, assetCount: 3, provider: "Plaid-US" })).toEqual([]);
    // the owner's later save of it with assets is an ordinary save
    expect(factsOfPortfolioSaved({ ...saved, assetCount: 3, provider: "Plaid-US" })).toEqual(["assetAdded"]);
  });
});

describe("facts from brokerage.holdings.imported", () => {
  it("the first import is step 8's fact; a later sync is not a new one", () => {
    expect(factsOfHoldingsImported({ sync: false })).toEqual(["brokerageImported"]);
    expect(factsOfHoldingsImported({ sync: true })).toEqual([]);
  });
});

describe("facts from networth.calculated", () => {
  it("only a computation the user asked for is a check", () => {
    expect(factsOfNetWorthCalculated({ requested: true })).toEqual(["netWorthChecked"]);
    expect(factsOfNetWorthCalculated({ requested: false })).toEqual([]);
    expect(factsOfNetWorthCalculated({})).toEqual([]);
  });
});

describe("the hand-over of progress kept by accounts", () => {
  const p = (state: number, facts: Progress["facts"]): Progress => ({ state, facts });

  it("takes the higher state and the union of the facts, in step order", () => {
    const merged = handOver(p(1, ["accountCreated", "portfolioPublic"]), { state: 2, facts: ["assetAdded", "accountCreated"] });
    // 2 from accounts; then 3 (assetAdded) and 4 (portfolioPublic) are complete: 2 → 3 → 4
    expect(merged).toEqual({
      progress: { state: 4, facts: ["accountCreated", "assetAdded", "portfolioPublic"] },
      reached: [2, 3, 4],
      changed: true,
    });
  });

  it("never moves a state back, and merging the same progress twice changes nothing", () => {
    const here = p(5, ["accountCreated", "portfolioCreated"]);
    // step 7's fact is kept; it waits for 6
    const once = handOver(here, { state: 2, facts: ["accountCreated", "chatTalked"] });
    expect(once).toEqual({
      progress: { state: 5, facts: ["accountCreated", "portfolioCreated", "chatTalked"] },
      reached: [],
      changed: true,
    });
    expect(handOver(once.progress, { state: 2, facts: ["accountCreated", "chatTalked"] })).toMatchObject({ changed: false, reached: [] });
  });

  it("ignores facts it does not know and keeps a state within 0..8", () => {
    expect(handOver(NO_PROGRESS, { state: 12, facts: ["somethingRetired"] }).progress).toEqual({ state: 8, facts: [] });
    expect(handOver(NO_PROGRESS, { state: -3, facts: [] })).toEqual({ progress: NO_PROGRESS, reached: [], changed: false });
  });
});
