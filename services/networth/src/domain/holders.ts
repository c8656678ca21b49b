/**
 * Who holds which ticker, for the fan-out after price.updated: one small document per (ticker, user), with
 * the user's fan-out bucket (platform/src/fanout.ts), so the fan-out reads one (ticker, bucket) page at a time.
 */

export const holderId = (ticker: string, uid: string): string => `${ticker}|${uid}`;

/** Which holder entries to add and remove for a user who held `before` and now holds `after`. */
export function holderChanges(before: Iterable<string>, after: Iterable<string>): { added: string[]; removed: string[] } {
  const was = new Set(before);
  const now = new Set(after);
  return { added: [...now].filter((t) => !was.has(t)).sort(), removed: [...was].filter((t) => !now.has(t)).sort() };
}
