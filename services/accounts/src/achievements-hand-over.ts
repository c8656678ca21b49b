/**
 * The one-release hand-over of achievement progress to the achievements service
 * (docs/decisions/0002-achievements-service.md). Accounts kept each user's progress in
 * `accounts_achievements` until achievements became their own service; at every start of this release it
 * reads those documents in batches and publishes each as achievements.progress.handed-over (the outbox:
 * nothing lost, at least once). It deletes none: in the embedded app an event the relay handed to the
 * in-process bus is lost if the process dies before the achievements service merged it, and a deleted row
 * would then be the only copy gone. The merge is idempotent (the higher state, the union of facts), so the
 * events of every start, and of several replicas starting at once, change nothing after the first. The next
 * release drops this file, the event and the collection (docs/operations.md "Upgrades": run this release once
 * first).
 */
import type { ServiceDeps } from "@folio/platform/service";
import type { WriteOp } from "@folio/platform/store/port";
import { ACHIEVEMENT_STEPS } from "@folio/proto/settings";
import { achievementsHandedOver } from "./events.ts";
import { type AchievementDoc, accountsStore } from "./store.ts";

/** documents read (and their events committed) per batch */
export const HAND_OVER_BATCH = 100;

/** A stored document the event can carry: a whole state within the steps, facts as text. */
const handable = (doc: AchievementDoc): boolean =>
  Number.isInteger(doc.state) &&
  doc.state >= 0 &&
  doc.state <= ACHIEVEMENT_STEPS &&
  Array.isArray(doc.facts) &&
  doc.facts.every((f) => typeof f === "string");

/** Publishes every stored progress for the achievements service; answers how many it published. */
export async function handOverAchievements(deps: ServiceDeps, batch = HAND_OVER_BATCH): Promise<number> {
  const stored = accountsStore(deps.store).achievements;
  let handed = 0;
  for (let skip = 0; ; skip += batch) {
    const docs: AchievementDoc[] = await stored.find({}, { sort: { _id: 1 }, limit: batch, skip });
    if (docs.length === 0) break;
    const events: WriteOp[] = [];
    for (const doc of docs) {
      // a document no release wrote (a hand edit): said by its uid, never by its contents, and left alone
      if (handable(doc)) events.push(achievementsHandedOver(doc, deps.clock.now()));
      else deps.log.warn({ uid: doc._id }, "achievement progress not handed over: the stored document is not one Folio writes");
    }
    if (events.length > 0) await deps.store.commit(events);
    handed += events.length;
  }
  if (handed > 0) deps.log.info({ handed }, "achievement progress handed over to the achievements service");
  return handed;
}
