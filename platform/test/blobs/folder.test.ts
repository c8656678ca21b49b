import { mkdtempSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FolderBlobStore } from "../../src/blobs/folder.ts";
import { runBlobContract } from "./contract.ts";

runBlobContract("folder", async () => {
  const dir = mkdtempSync(join(tmpdir(), "folio-blobs-"));
  return {
    store: new FolderBlobStore(dir),
    another: async () => new FolderBlobStore(dir),
    age: async (bucket, key, ms) => {
      const then = new Date(Date.now() - ms);
      utimesSync(join(dir, bucket, ...key.split("/")), then, then);
    },
    teardown: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe("FolderBlobStore on disk", () => {
  it("writes DATA_DIR/<bucket>/<key>, folders 0700 and files 0600, and names it so", async () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-blobs-"));
    try {
      const bucket = new FolderBlobStore(dir).bucket("import-uploads");
      await bucket.put("manual/m-1.png", new Uint8Array([1]));
      const file = join(dir, "import-uploads", "manual", "m-1.png");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "import-uploads", "manual")).mode & 0o777).toBe(0o700);
      expect(bucket.locate("manual/m-1.png")).toBe("DATA_DIR/import-uploads/manual/m-1.png");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
