/**
 * The blob store's contract, run on each adapter: the folder (folder.test.ts) and GridFS (gridfs.test.ts,
 * where a MongoDB exists). What the import service relies on: a blob written by one store is read by another
 * store on the same place (another process), keys never collide silently, removal is idempotent, and the
 * sweep removes exactly the old blobs under its prefix.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { BlobStore } from "../../src/blobs/port.ts";

export interface BlobFixture {
  /** a store on a fresh place */
  store: BlobStore;
  /** another store on the same place (another process's) */
  another(): Promise<BlobStore>;
  /** makes the blob look stored `ms` ago */
  age(bucket: string, key: string, ms: number): Promise<void>;
  teardown(): Promise<void>;
}

export function runBlobContract(name: string, fixture: () => Promise<BlobFixture>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let f: BlobFixture | undefined;
    const open = async () => {
      f = await fixture();
      return f;
    };
    afterEach(async () => {
      await f?.teardown();
      f = undefined;
    });

    it("stores bytes and reads them back exactly, from another store on the same place", async () => {
      const { store, another } = await open();
      const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
      await store.bucket("import-uploads").put("queue/shot-1", bytes);
      const other = await another();
      const same = (read: Uint8Array | null) => read !== null && Buffer.from(read).equals(Buffer.from(bytes));
      try {
        expect(same(await other.bucket("import-uploads").get("queue/shot-1"))).toBe(true);
      } finally {
        await other.close();
      }
      expect(same(await store.bucket("import-uploads").get("queue/shot-1"))).toBe(true);
    });

    it("keeps buckets and keys apart; an empty blob is a blob", async () => {
      const { store } = await open();
      await store.bucket("a-uploads").put("manual/x.png", new Uint8Array([1, 2, 3]));
      await store.bucket("a-uploads").put("queue/x", new Uint8Array(0));
      expect(await store.bucket("b-uploads").get("manual/x.png")).toBeNull();
      expect(await store.bucket("a-uploads").get("queue/x.png")).toBeNull();
      expect(await store.bucket("a-uploads").get("queue/x")).toEqual(new Uint8Array(0));
      expect(await store.bucket("a-uploads").get("manual/x.png")).toEqual(new Uint8Array([1, 2, 3]));
    });

    it("refuses to overwrite a key", async () => {
      const { store } = await open();
      const bucket = store.bucket("uploads");
      await bucket.put("queue/one", new Uint8Array([1]));
      await expect(bucket.put("queue/one", new Uint8Array([2]))).rejects.toThrow();
      expect(await bucket.get("queue/one")).toEqual(new Uint8Array([1]));
    });

    it("removes a blob; removing one that is not there is no error", async () => {
      const { store } = await open();
      const bucket = store.bucket("uploads");
      await bucket.put("queue/one", new Uint8Array([1]));
      await bucket.remove("queue/one");
      expect(await bucket.get("queue/one")).toBeNull();
      await bucket.remove("queue/one");
      await bucket.remove("queue/never");
    });

    it("sweeps the blobs under a prefix stored before a time, and nothing else", async () => {
      const { store, age } = await open();
      const bucket = store.bucket("uploads");
      for (const key of ["queue/old", "queue/new", "manual/old.png"]) await bucket.put(key, new Uint8Array([9]));
      await age("uploads", "queue/old", 2 * 3_600_000);
      await age("uploads", "manual/old.png", 2 * 3_600_000);
      expect(await bucket.removeOlderThan("queue/", Date.now() - 3_600_000)).toBe(1);
      expect(await bucket.get("queue/old")).toBeNull();
      expect(await bucket.get("queue/new")).not.toBeNull();
      expect(await bucket.get("manual/old.png")).not.toBeNull();
      expect(await bucket.removeOlderThan("queue/", Date.now() - 3_600_000)).toBe(0);
      expect(await bucket.removeOlderThan("nothing-here/", Date.now())).toBe(0);
    });

    it("refuses keys and names that could leave the bucket or carry a user's text", async () => {
      const { store } = await open();
      const bucket = store.bucket("uploads");
      for (const key of ["../x", "/abs", "queue/../x", "Queue/X", "a b", "", "queue/"]) {
        await expect(bucket.put(key, new Uint8Array([1])), key).rejects.toThrow(/invalid blob key/);
      }
      await expect(bucket.removeOlderThan("../", 0)).rejects.toThrow(/invalid blob prefix/);
      expect(() => store.bucket("../up")).toThrow(/invalid blob bucket/);
    });

    it("names where an operator finds a blob, without an absolute path", async () => {
      const { store } = await open();
      const where = store.bucket("import-uploads").locate("manual/m-1.png");
      expect(where).toContain("import-uploads");
      expect(where).toContain("manual/m-1.png");
      expect(where).not.toMatch(/^\//);
    });
  });
}
