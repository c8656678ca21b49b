/**
 * What one user may put on the import's hands at once, and in a day:
 *
 * - **Screenshots being read**: at most MAX_PENDING of a user's screenshots wait or are read at once (OCR takes
 *   a core for seconds). The limit is atomic, whatever the number of requests at once and of replicas: a
 *   screenshot is admitted by taking one of the user's MAX_PENDING slots, documents with the ids
 *   `<uid>#0`…, inserted in the same commit as the screenshot's record, so the store's unique ids decide
 *   between requests racing for one (20 sent at once: 3 admitted). A slot whose screenshot has been read (or
 *   whose record is gone) is free, and is taken over with a version check.
 * - **Screenshots sent for manual processing**: each is kept for the operator (30 days by default) and
 *   e-mailed, so a user may send MANUAL_PER_DAY of them and MANUAL_BYTES_PER_DAY in all per UTC day, counted
 *   in the service's cache (shared by replicas through Redis), in the bytes sent, and reserved before the upload
 *   is read (a refused or unsent file gives its reservation back): past either, a 429 with Retry-After until
 *   the next UTC day, and a flood of uploads costs no reading.
 */
import type { Cache } from "@folio/platform/cache/port";
import type { Clock } from "@folio/platform/clock";
import { tooManyRequests } from "@folio/platform/http/errors";
import { DuplicateKeyError, NotFoundError, type Store, VersionConflictError } from "@folio/platform/store/port";
import type { ScreenshotRecord, Screenshots, SlotRecord, Slots } from "./store.ts";

/** screenshots of one user waiting or being read at once */
export const MAX_PENDING = 3;
/** screenshots one user may send for manual processing in a UTC day, and their bytes together */
export const MANUAL_PER_DAY = 10;
export const MANUAL_BYTES_PER_DAY = 50 * 1024 * 1024;

const DAY = 86_400_000;

/**
 * Inserts the screenshot's record with one of its owner's slots, in one commit; false when all MAX_PENDING are
 * held by screenshots not yet read.
 */
export async function admitScreenshot(store: Store, screenshots: Screenshots, slotsOf: Slots, record: ScreenshotRecord): Promise<boolean> {
  const insertRecord = { op: "insert" as const, collection: screenshots.name, doc: record };
  for (let k = 0; k < MAX_PENDING; k++) {
    const slot: SlotRecord = { _id: `${record.uid}#${k}`, screenshot: record._id, createdAt: record.createdAt };
    try {
      await store.commit([{ op: "insert", collection: slotsOf.name, doc: slot }, insertRecord]);
      return true;
    } catch (err) {
      if (!(err instanceof DuplicateKeyError)) throw err;
    }
    // taken: free when its screenshot was read, or its record swept
    const held = await slotsOf.get(slot._id);
    // gone meanwhile (swept): another request may be taking it; the next slot is tried
    if (!held) continue;
    const holder = await screenshots.get(held.screenshot);
    if (holder && !holder.outcome) continue;
    try {
      await store.commit([
        { op: "replace", collection: slotsOf.name, doc: { ...slot, _v: held._v }, expectedVersion: held._v },
        insertRecord,
      ]);
      return true;
    } catch (err) {
      // another request took it over first
      if (!(err instanceof VersionConflictError || err instanceof NotFoundError || err instanceof DuplicateKeyError)) throw err;
    }
  }
  return false;
}

const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

const manualRefusal = (count: number, untilTomorrow: number) =>
  tooManyRequests(
    count > MANUAL_PER_DAY
      ? `You have sent ${MANUAL_PER_DAY} screenshots for manual processing today: send more tomorrow (after 00:00 UTC).`
      : `Screenshots sent for manual processing are limited to ${MANUAL_BYTES_PER_DAY / 1024 / 1024} MB a day, and this one would pass it: send it tomorrow (after 00:00 UTC).`,
    untilTomorrow,
  );

/**
 * The 429 of reserveManualUpload, said on the request line when the user's day is used up already (the count
 * reached, or the bytes the request declares would pass them), so a refused upload is not received. It
 * reserves nothing: the reservation after the body is what counts when uploads race.
 */
export async function checkManualQuota(cache: Cache, clock: Clock, uid: string, declaredBytes: number): Promise<void> {
  const now = clock.now();
  const untilTomorrow = DAY - (now % DAY);
  const count = await cache.incr(`manual:count:${uid}:${dayOf(now)}`, untilTomorrow, 0);
  const total = await cache.incr(`manual:bytes:${uid}:${dayOf(now)}`, untilTomorrow, 0);
  if (count + 1 > MANUAL_PER_DAY || total + declaredBytes > MANUAL_BYTES_PER_DAY) throw manualRefusal(count + 1, untilTomorrow);
}

/** Reserves one manual upload of `bytes` for the user today; a 429 past MANUAL_PER_DAY or MANUAL_BYTES_PER_DAY. */
export async function reserveManualUpload(cache: Cache, clock: Clock, uid: string, bytes: number): Promise<{ giveBack(): Promise<void> }> {
  const now = clock.now();
  const untilTomorrow = DAY - (now % DAY);
  const countKey = `manual:count:${uid}:${dayOf(now)}`;
  const bytesKey = `manual:bytes:${uid}:${dayOf(now)}`;
  const count = await cache.incr(countKey, untilTomorrow);
  const total = await cache.incr(bytesKey, untilTomorrow, bytes);
  const giveBack = async () => {
    await cache.incr(countKey, untilTomorrow, -1);
    await cache.incr(bytesKey, untilTomorrow, -bytes);
  };
  if (count > MANUAL_PER_DAY || total > MANUAL_BYTES_PER_DAY) {
    await giveBack();
    throw manualRefusal(count, untilTomorrow);
  }
  return { giveBack };
}
