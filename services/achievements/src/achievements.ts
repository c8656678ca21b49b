/**
 * Achievement progress applied to the store (rules in domain/achievements.ts). The client's update, the
 * consumers of fact events and the hand-over from accounts write the same document, so every write carries
 * a version check and re-decides on a conflict; a consumer's write commits with its inbox mark, so a
 * redelivered event changes nothing.
 */
import type { EventEnvelope } from "@folio/platform/bus/port";
import { badRequest } from "@folio/platform/http/errors";
import { handleOnce, writeOver } from "@folio/platform/inbox";
import { DuplicateKeyError, VersionConflictError } from "@folio/platform/store/port";
import { AchievementErrorCodes, ONE_STEP_AT_A_TIME } from "@folio/proto/settings";
import type { AchievementsContext } from "./context.ts";
import {
  type AchievementFact,
  type Advance,
  handOver,
  knownFacts,
  NO_PROGRESS,
  observe,
  type Progress,
  requestStep,
} from "./domain/achievements.ts";
import { PROGRESS, type ProgressDoc } from "./store.ts";

/** inbox name of the consumer that drives the steps from fact events */
export const FACTS_CONSUMER = "achievements.facts";
/** inbox name of the consumer that merges the progress accounts hands over */
export const HAND_OVER_CONSUMER = "achievements.hand-over";

/** attempts when the client and a consumer (or two replicas) write one user's progress at once */
const WRITE_ATTEMPTS = 5;

const isWriteRace = (err: unknown): boolean =>
  err instanceof VersionConflictError || (err instanceof DuplicateKeyError && err.collection === PROGRESS);

const progressOf = (doc: ProgressDoc | null): Progress => (doc ? { state: doc.state, facts: knownFacts(doc.facts) } : NO_PROGRESS);

const toDoc = (uid: string, next: Progress): ProgressDoc => ({ _id: uid, state: next.state, facts: [...next.facts] });

/** Runs `attempt` again while it loses a write race, up to WRITE_ATTEMPTS times. */
async function retryingRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isWriteRace(err) || n >= WRITE_ATTEMPTS) throw err;
    }
  }
}

function logAdvance(ctx: AchievementsContext, uid: string, advance: Advance, cause: string): void {
  if (advance.reached.length > 0) ctx.deps.log.info({ uid, reached: advance.reached, cause }, "achievement advanced");
}

/** The caller's state: 0 when nothing was ever written. */
export async function stateOf(ctx: AchievementsContext, uid: string): Promise<number> {
  return progressOf(await ctx.progress.get(uid)).state;
}

/** The client's POST /v1/update/achievement-state; answers the state stored afterwards. */
export function requestState(ctx: AchievementsContext, uid: string, requested: number): Promise<number> {
  return retryingRaces(async () => {
    const current = await ctx.progress.get(uid);
    const decided = requestStep(progressOf(current), requested);
    if (!decided.ok) throw badRequest(AchievementErrorCodes.oneStepAtATime, ONE_STEP_AT_A_TIME);
    if (decided.changed) await ctx.deps.store.commit([writeOver(PROGRESS, current, toDoc(uid, decided.progress))]);
    logAdvance(ctx, uid, decided, "client");
    return decided.progress.state;
  });
}

/** Applies `decide` to `uid`'s progress once per event (the inbox of `consumer`; handleOnce reads again after a lost write race). */
async function applyOnce(
  ctx: AchievementsContext,
  consumer: string,
  uid: string,
  event: EventEnvelope,
  decide: (progress: Progress) => Advance,
): Promise<void> {
  // the decision of the attempt that committed (none when the event had been handled already)
  let committed: Advance | undefined;
  await handleOnce(ctx.deps.store, consumer, event, async () => {
    const current = await ctx.progress.get(uid);
    const advance = decide(progressOf(current));
    committed = advance;
    return advance.changed ? [writeOver(PROGRESS, current, toDoc(uid, advance.progress))] : [];
  });
  if (committed) logAdvance(ctx, uid, committed, event.type);
}

/** A consumer observed facts about `uid` in `event`: records them and advances, once per event. */
export async function observeFacts(ctx: AchievementsContext, uid: string, facts: AchievementFact[], event: EventEnvelope): Promise<void> {
  if (facts.length === 0) return;
  await applyOnce(ctx, FACTS_CONSUMER, uid, event, (progress) => observe(progress, facts));
}

/** Progress accounts handed over: merged (the higher state, the union of facts), once per event. */
export async function mergeHandedOver(
  ctx: AchievementsContext,
  handed: { uid: string; state: number; facts: readonly string[] },
  event: EventEnvelope,
): Promise<void> {
  await applyOnce(ctx, HAND_OVER_CONSUMER, handed.uid, event, (progress) => handOver(progress, handed));
}
