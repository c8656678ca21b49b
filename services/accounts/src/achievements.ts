/**
 * Achievement progress applied to the store (rules in domain/achievements.ts). The client's update and
 * the event consumers write the same document, so every write carries a version check and re-decides on
 * a conflict; a consumer's write commits with its inbox mark, so a redelivered event changes nothing.
 */
import type { EventEnvelope } from "@folio/platform/bus/port";
import { badRequest } from "@folio/platform/http/errors";
import { handleOnce } from "@folio/platform/inbox";
import type { ServiceDeps } from "@folio/platform/service";
import { DuplicateKeyError, VersionConflictError, type WriteOp } from "@folio/platform/store/port";
import { AchievementErrorCodes, ONE_STEP_AT_A_TIME } from "@folio/proto/settings";
import { type AchievementFact, type Advance, knownFacts, NO_PROGRESS, observe, type Progress, requestStep } from "./domain/achievements.ts";
import { ACHIEVEMENTS, type AchievementDoc, accountsStore } from "./store.ts";

/** inbox name of the consumer that drives the steps */
export const ACHIEVEMENTS_CONSUMER = "accounts.achievements";

/** attempts when the client and a consumer (or two replicas) write one user's progress at once */
const WRITE_ATTEMPTS = 5;

const isWriteRace = (err: unknown): boolean =>
  err instanceof VersionConflictError || (err instanceof DuplicateKeyError && err.collection === ACHIEVEMENTS);

const progressOf = (doc: AchievementDoc | null): Progress => (doc ? { state: doc.state, facts: knownFacts(doc.facts) } : NO_PROGRESS);

function writeOf(uid: string, current: AchievementDoc | null, next: Progress): WriteOp {
  const doc: AchievementDoc = { _id: uid, state: next.state, facts: [...next.facts] };
  return current
    ? { op: "replace", collection: ACHIEVEMENTS, doc, expectedVersion: current._v }
    : { op: "insert", collection: ACHIEVEMENTS, doc };
}

export function createAchievements(deps: ServiceDeps) {
  const db = accountsStore(deps.store);

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

  function logAdvance(uid: string, advance: Advance, cause: string): void {
    if (advance.reached.length > 0) deps.log.info({ uid, reached: advance.reached, cause }, "achievement advanced");
  }

  return {
    async state(uid: string): Promise<number> {
      return progressOf(await db.achievements.get(uid)).state;
    },

    /** The client's POST /v1/update/achievement-state; answers the state stored afterwards. */
    async request(uid: string, requested: number): Promise<number> {
      return retryingRaces(async () => {
        const current = await db.achievements.get(uid);
        const decided = requestStep(progressOf(current), requested);
        if (!decided.ok) throw badRequest(AchievementErrorCodes.oneStepAtATime, ONE_STEP_AT_A_TIME);
        if (decided.changed) await deps.store.commit([writeOf(uid, current, decided.progress)]);
        logAdvance(uid, decided, "client");
        return decided.progress.state;
      });
    },

    /** A consumer observed facts about `uid` in `event`: records them and advances, once per event. */
    async observe(uid: string, facts: AchievementFact[], event: EventEnvelope): Promise<void> {
      if (facts.length === 0) return;
      // the decision of the attempt that committed (none when the event had been handled already)
      let committed: Advance | undefined;
      await retryingRaces(() =>
        handleOnce(deps.store, ACHIEVEMENTS_CONSUMER, event, async () => {
          const current = await db.achievements.get(uid);
          const advance = observe(progressOf(current), facts);
          committed = advance;
          return advance.changed ? [writeOf(uid, current, advance.progress)] : [];
        }),
      );
      if (committed) logAdvance(uid, committed, event.type);
    },
  };
}

export type Achievements = ReturnType<typeof createAchievements>;
