/**
 * Achievement progress (spec §4): eight steps in a fixed order, a state 0..8 that only ever moves one
 * step at a time.
 *
 * Two things move it:
 * - the client, which may ask for exactly the next step (state + 1); asking for the current state again
 *   changes nothing; anything else (a jump, a step back) is refused;
 * - the server, from facts it observes in events (see the event mappers below). A fact may arrive before
 *   the step it completes is next (a user copies a community portfolio before making one public), so the
 *   facts are kept as a set and, after each observation, the state advances through every consecutive
 *   step whose fact is in the set, one +1 at a time. One event can therefore produce several advances
 *   in a row (e.g. 3 → 4 → 5 when making a portfolio public while the copy was already seen); `reached`
 *   lists each state passed, so the client, which shows one panel per step, can show them in turn.
 *   An accepted client step cascades the same way through facts already seen.
 * - the hand-over of the progress the accounts service kept before achievements were their own service
 *   (docs/decisions/0002-achievements-service.md): merged with what is here, never moving anything back.
 */
import type { EventPayload } from "@folio/proto/events";
import { ACHIEVEMENT_STEPS } from "@folio/proto/settings";

/** The fact that completes each step, in the spec's order: STEP_FACTS[n - 1] completes step n. */
export const STEP_FACTS = [
  "accountCreated",
  "portfolioCreated",
  "assetAdded",
  "portfolioPublic",
  "portfolioCopied",
  "netWorthChecked",
  "chatTalked",
  "brokerageImported",
] as const;
export type AchievementFact = (typeof STEP_FACTS)[number];

export interface Progress {
  /** 0..8: the last step completed */
  state: number;
  /** facts observed so far, in step order */
  facts: readonly AchievementFact[];
}

export const NO_PROGRESS: Progress = { state: 0, facts: [] };

export interface Advance {
  progress: Progress;
  /** each state reached, in order (empty when the state did not move) */
  reached: number[];
  /** whether anything (state or facts) differs from before */
  changed: boolean;
}

export type StepRequest = ({ ok: true } & Advance) | { ok: false };

/** Facts as stored, kept to known ones in step order (a stored name a later version dropped is ignored). */
export function knownFacts(stored: readonly string[]): AchievementFact[] {
  return STEP_FACTS.filter((f) => stored.includes(f));
}

function cascade(state: number, facts: readonly AchievementFact[]): number[] {
  const reached: number[] = [];
  for (let next = state + 1; next <= ACHIEVEMENT_STEPS && facts.includes(STEP_FACTS[next - 1]); next++) reached.push(next);
  return reached;
}

/** Records the facts, then advances through every consecutive step they (and earlier facts) complete. */
export function observe(progress: Progress, observed: readonly AchievementFact[]): Advance {
  const facts = STEP_FACTS.filter((f) => progress.facts.includes(f) || observed.includes(f));
  const reached = cascade(progress.state, facts);
  const state = reached.at(-1) ?? progress.state;
  return { progress: { state, facts }, reached, changed: facts.length !== progress.facts.length || state !== progress.state };
}

/** The client's update: the current state is a no-op, the next one is accepted (and cascades), else refused. */
export function requestStep(progress: Progress, requested: number): StepRequest {
  if (requested === progress.state) return { ok: true, progress, reached: [], changed: false };
  if (requested !== progress.state + 1 || requested > ACHIEVEMENT_STEPS) return { ok: false };
  const reached = [requested, ...cascade(requested, progress.facts)];
  return { ok: true, progress: { state: reached.at(-1) as number, facts: progress.facts }, reached, changed: true };
}

/**
 * Progress handed over from where it was kept before: the higher of the two states, the union of the facts
 * (known ones only), then every consecutive step those facts complete. Merging the same progress again
 * changes nothing, so a redelivered hand-over is harmless even without the inbox.
 */
export function handOver(progress: Progress, handed: { state: number; facts: readonly string[] }): Advance {
  const state = Math.max(progress.state, Math.min(Math.max(Math.trunc(handed.state), 0), ACHIEVEMENT_STEPS));
  const facts = STEP_FACTS.filter((f) => progress.facts.includes(f) || handed.facts.includes(f));
  const cascaded = cascade(state, facts);
  const reached = state > progress.state ? [state, ...cascaded] : cascaded;
  const next = cascaded.at(-1) ?? state;
  return {
    progress: { state: next, facts },
    reached,
    changed: facts.length !== progress.facts.length || next !== progress.state,
  };
}

type Saved = Pick<EventPayload<"portfolio.saved">, "created" | "copiedFrom" | "playGround" | "assetCount" | "privateMode" | "promoted"> & {
  provider?: string | null;
};

/**
 * What a portfolio.saved tells about its owner. A playground is a sandbox and tells nothing: nothing done in
 * one advances a step (docs/product-decisions.md "Playground"). Otherwise:
 * - creating a portfolio that is not a copy, or turning a playground into a real one: the first manual portfolio;
 * - a portfolio holding at least one asset: the first asset, except on the save that creates a copy (the
 *   assets came with the copy; the user added none);
 * - a portfolio that is not private: the first public portfolio;
 * - creating a copy: the first community copy.
 * A portfolio created by a brokerage import (it has a provider) is neither a manual portfolio nor an asset
 * the user added: its creating save tells nothing of those steps (the import itself is step 8).
 */
export function factsOfPortfolioSaved(p: Saved): AchievementFact[] {
  if (p.playGround) return [];
  const copy = p.created && p.copiedFrom !== null;
  const imported = p.created && typeof p.provider === "string" && p.provider !== "";
  const facts: AchievementFact[] = [];
  if ((p.created || p.promoted === true) && !copy && !imported) facts.push("portfolioCreated");
  if (p.assetCount >= 1 && !copy && !imported) facts.push("assetAdded");
  if (!p.privateMode) facts.push("portfolioPublic");
  if (copy) facts.push("portfolioCopied");
  return facts;
}

/**
 * A net-worth computation counts as the user checking it only when the user's own request asked for it:
 * background recomputes follow every portfolio save and price tick, and would otherwise tick the step
 * for someone who never opened the view.
 */
export function factsOfNetWorthCalculated(p: Pick<EventPayload<"networth.calculated">, "requested">): AchievementFact[] {
  return p.requested === true ? ["netWorthChecked"] : [];
}

/** A brokerage connection whose holdings were imported (the first import, not a later sync): step 8. */
export function factsOfHoldingsImported(p: Pick<EventPayload<"brokerage.holdings.imported">, "sync">): AchievementFact[] {
  return p.sync ? [] : ["brokerageImported"];
}
