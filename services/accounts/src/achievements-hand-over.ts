/**
 * The one-release hand-over of achievement progress to the achievements service
 * (docs/decisions/0002-achievements-service.md). Accounts kept each user's progress in
 * `accounts_achievements` until achievements became their own service; on start it reads what is left there
 * in batches and, for each document, deletes it and publishes achievements.progress.handed-over in the same
 * commit (the outbox: nothing lost, at least once). The achievements service merges each one. Several
 * replicas may start at once: a document another one handed over first is simply gone. The next release
 * drops this file, the event and the collection.
 */
import type { ServiceDeps } from "@folio/platform/service";
import { NotFoundError, VersionConflictError } from "@folio/platform/store/port";
import { achievementsHandedOver } from "./events.ts";
import { ACHIEVEMENTS, type AchievementDoc, accountsStore } from "./store.ts";

/** documents read per batch */
export const HAND_OVER_BATCH = 100;

/** Hands every stored progress over; answers how many this call handed over. */
export async function handOverAchievements(deps: ServiceDeps, batch = HAND_OVER_BATCH): Promise<number> {
  const stored = accountsStore(deps.store).achievements;
  let handed = 0;
  for (;;) {
    const docs: AchievementDoc[] = await stored.find({}, { limit: batch });
    if (docs.length === 0) break;
    for (const doc of docs) {
      try {
        await deps.store.commit([
          { op: "delete", collection: ACHIEVEMENTS, id: doc._id, expectedVersion: doc._v },
          achievementsHandedOver(doc, deps.clock.now()),
        ]);
        handed++;
      } catch (err) {
        // another replica handed it over first (gone), or it changed since read (read again next batch)
        if (!(err instanceof NotFoundError || err instanceof VersionConflictError)) throw err;
      }
    }
  }
  if (handed > 0) deps.log.info({ handed }, "achievement progress handed over to the achievements service");
  return handed;
}
