import { describe, expect, it } from "vitest";
import { type AchievementsState, achievementsSlice, nextStepShown } from "./achievementsSlice.ts";

const { reducer } = achievementsSlice;
const { serverReported, advanced, achievementsPanelOpened, achievementsPanelClosed } = achievementsSlice.actions;

function at(step: number | null, uid: string | null = "u1"): AchievementsState {
  return { ...reducer(undefined, { type: "init" }), uid, step };
}

describe("achievement transitions", () => {
  it("the server one step ahead: that step, panel open, confetti", () => {
    const next = reducer(at(2), serverReported({ uid: "u1", step: 3 }));
    expect(next).toMatchObject({ step: 3, target: null, panelOpen: true, celebrating: true, celebration: 1 });
  });

  it("the server several steps ahead: one step now, the rest one by one", () => {
    let state = reducer(at(2), serverReported({ uid: "u1", step: 5 }));
    expect(state).toMatchObject({ step: 3, target: 5, celebration: 1 });
    state = reducer(state, nextStepShown());
    expect(state).toMatchObject({ step: 4, target: 5, celebration: 2 });
    state = reducer(state, nextStepShown());
    expect(state).toMatchObject({ step: 5, target: null, celebration: 3 });
    state = reducer(state, nextStepShown());
    expect(state).toMatchObject({ step: 5, target: null, celebration: 3 });
  });

  it("the server behind or equal: taken silently", () => {
    expect(reducer(at(4), serverReported({ uid: "u1", step: 2 }))).toMatchObject({ step: 2, panelOpen: false, celebration: 0 });
    expect(reducer(at(4), serverReported({ uid: "u1", step: 4 }))).toMatchObject({ step: 4, panelOpen: false, celebration: 0 });
  });

  it("another user's answer replaces the state without a celebration", () => {
    expect(reducer(at(1, "u1"), serverReported({ uid: "u2", step: 2 }))).toMatchObject({ uid: "u2", step: 2, celebration: 0 });
  });

  it("a client-seen step counts only when it is the next one", () => {
    expect(reducer(at(3), advanced({ uid: "u1", step: 4 }))).toMatchObject({ step: 4, celebration: 1, panelOpen: true });
    expect(reducer(at(3), advanced({ uid: "u1", step: 5 }))).toMatchObject({ step: 3, celebration: 0, panelOpen: false });
    expect(reducer(at(3), advanced({ uid: "u1", step: 3 }))).toMatchObject({ step: 3, celebration: 0 });
  });

  it("opening the panel by hand shows no confetti; closing ends it", () => {
    const celebrating = reducer(at(2), serverReported({ uid: "u1", step: 3 }));
    expect(reducer(celebrating, achievementsPanelClosed())).toMatchObject({ panelOpen: false, celebrating: false });
    expect(reducer(at(2), achievementsPanelOpened())).toMatchObject({ panelOpen: true, celebrating: false });
  });
});
