import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { EmbeddedStore } from "../../src/store/embedded.ts";
import { createStore } from "../../src/store/index.ts";
import type { Store } from "../../src/store/port.ts";
import { runStoreContract } from "./contract.ts";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "folio-store-"));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

runStoreContract("embedded (SQLite file)", async () => {
  const dir = tempDir();
  const file = join(dir, "store.db");
  let current: Store = new EmbeddedStore(file);
  return {
    store: current,
    reopen: async () => {
      await current.close();
      current = new EmbeddedStore(file);
      return current;
    },
    teardown: () => current.close(),
  };
});

runStoreContract("embedded (:memory:)", async () => {
  const store = new EmbeddedStore(":memory:");
  return { store, teardown: () => store.close() };
});

describe("EmbeddedStore on a file", () => {
  it("uses WAL with synchronous=NORMAL", async () => {
    const file = join(tempDir(), "wal.db");
    const store = new EmbeddedStore(file);
    store.collection("notes");
    const probe = new Database(file, { readonly: true });
    try {
      expect(probe.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      probe.close();
      await store.close();
    }
  });

  it("keeps a commit when the process is killed with SIGKILL right after it resolves", async () => {
    const file = join(tempDir(), "killed.db");
    const embedded = fileURLToPath(new URL("../../src/store/embedded.ts", import.meta.url));
    const script = `
      import { EmbeddedStore } from ${JSON.stringify(embedded)};
      const store = new EmbeddedStore(${JSON.stringify(file)});
      store.collection("notes");
      await store.commit([
        { op: "insert", collection: "notes", doc: { _id: "n1", text: "kept" } },
        { op: "publish", event: { id: "e1", type: "note.saved", version: 1, occurredAt: "2026-01-02T12:00:00.000Z", key: "u1", payload: {} } },
      ]);
      process.kill(process.pid, "SIGKILL");
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(child.signal, child.stderr).toBe("SIGKILL");
    const store = new EmbeddedStore(file);
    try {
      expect(await store.collection("notes").get("n1")).toEqual({ _id: "n1", _v: 1, text: "kept" });
      expect((await store.pendingEvents(10)).map((p) => p.event.id)).toEqual(["e1"]);
    } finally {
      await store.close();
    }
  });

  it("two stores on one file see each other's commits (a second process, a CLI)", async () => {
    const file = join(tempDir(), "shared.db");
    const a = new EmbeddedStore(file);
    const b = new EmbeddedStore(file);
    try {
      a.collection("notes");
      await a.commit([{ op: "insert", collection: "notes", doc: { _id: "n1" } }]);
      expect(await b.collection("notes").get("n1")).toEqual({ _id: "n1", _v: 1 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("createStore", () => {
  it("without a Mongo URL opens folio.db in the data directory, creating the directory", async () => {
    const dataDir = join(tempDir(), "nested", "data");
    const store = await createStore({ dataDir });
    try {
      expect(store).toBeInstanceOf(EmbeddedStore);
      expect(existsSync(join(dataDir, "folio.db"))).toBe(true);
    } finally {
      await store.close();
    }
  });
});
