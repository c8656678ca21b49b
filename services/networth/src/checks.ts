/**
 * Opening the net-worth view is the "check net-worth" achievement (step 6). A figure the user waits for
 * says so in its networth.calculated (`requested`); a figure answered at once, with nothing to recompute,
 * publishes networth.checked. Only the first check matters to achievements, so a user publishes at most one
 * a day (a flag in this service's cache), however often the view is opened or polled.
 */

import type { NetworthContext } from "./context.ts";
import { networthChecked } from "./events.ts";

const CHECKED_TTL_MS = 24 * 60 * 60 * 1000;
export const checkedKey = (uid: string) => `networth-checked:${uid}`;

export async function recordCheck({ deps }: NetworthContext, uid: string): Promise<void> {
  if ((await deps.cache.get<boolean>(checkedKey(uid))) === true) return;
  const now = deps.clock.now();
  await deps.store.commit([networthChecked({ uid, at: new Date(now).toISOString() }, now)]);
  await deps.cache.set(checkedKey(uid), true, CHECKED_TTL_MS);
}
