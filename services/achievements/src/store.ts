/** The achievements service's collection. No other service reads it; the others learn of progress through its calls. */
import type { Store } from "@folio/platform/store/port";

/** One user's achievement progress (see achievements.ts): the step reached and the facts observed so far. */
export interface ProgressDoc {
  /** the uid */
  _id: string;
  _v?: number;
  state: number;
  facts: string[];
}

export const PROGRESS = "achievements_progress";

export const progressCollection = (store: Store) => store.collection<ProgressDoc>(PROGRESS);

export type ProgressCollection = ReturnType<typeof progressCollection>;
