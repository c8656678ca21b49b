/**
 * Uploaded screenshots on disk, under DATA_DIR/import-uploads (0700, files 0600). A screenshot to read waits
 * in `queue/` only until its job has read it (the job deletes it; the sweep removes any a crash left behind
 * after an hour). A screenshot sent for manual processing stays in `manual/` for the retention the operator
 * configured (IMPORT_MANUAL_RETENTION_DAYS), then the sweep deletes it. File names are random ids: nothing
 * of the user's (name, e-mail, the original file name) is in a path. In the cluster the api and worker
 * containers share the folder through a volume (docker-compose.yml `import-uploads`).
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

export type UploadKind = "queue" | "manual";

const ID = /^[a-z0-9-]+(\.[a-z]{3,4})?$/;

export class UploadFolder {
  constructor(readonly root: string) {}

  private dir(kind: UploadKind): string {
    return join(this.root, kind);
  }

  private path(kind: UploadKind, id: string): string {
    if (!ID.test(id)) throw new Error(`invalid upload id '${id}'`);
    return join(this.dir(kind), id);
  }

  /** Writes the bytes under a new random id; `suffix` (an extension) keeps a manual file easy to open. */
  async save(kind: UploadKind, bytes: Uint8Array, prefix: string, suffix = ""): Promise<string> {
    await mkdir(this.dir(kind), { recursive: true, mode: 0o700 });
    const id = `${prefix}-${randomBytes(12).toString("hex")}${suffix}`;
    await writeFile(this.path(kind, id), bytes, { mode: 0o600, flag: "wx" });
    return id;
  }

  async read(kind: UploadKind, id: string): Promise<Uint8Array | null> {
    try {
      return await readFile(this.path(kind, id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async remove(kind: UploadKind, id: string): Promise<void> {
    await rm(this.path(kind, id), { force: true });
  }

  async exists(kind: UploadKind, id: string): Promise<boolean> {
    return (await this.read(kind, id)) !== null;
  }

  /** The path an operator opens (manual uploads), relative to DATA_DIR's import-uploads folder. */
  relative(kind: UploadKind, id: string): string {
    return `${kind}/${id}`;
  }

  /** Deletes files of `kind` last written before `before` (ms); returns how many. */
  async sweep(kind: UploadKind, before: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir(kind));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      if (!ID.test(name)) continue;
      const file = join(this.dir(kind), name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < before) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
