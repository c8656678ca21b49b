/**
 * The embedded app as a real process: register, save a portfolio, kill it with SIGKILL (no graceful
 * shutdown), start it again on the same DATA_DIR and find everything there; start it on the data of a release
 * that kept achievement progress in the accounts service and find that progress handed over to the
 * achievements service (docs/decisions/0002-achievements-service.md). Also checks /healthz, /docs and that
 * invalid configuration stops the process with a message naming the variable.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EmbeddedStore } from "../../platform/src/store/embedded.ts";
import { type AppProcess, api, BUILT_ENTRY, repoRoot, startApp } from "../support/app-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "folio-system-"));
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("embedded app as a process", () => {
  it("keeps an account and a saved portfolio across a SIGKILL and restart", async () => {
    app = await startApp({ DATA_DIR: dataDir });
    console.log(`embedded app cold start: ${Math.round(app.startMs)} ms until /healthz answered`);

    const health = await api(app.url, "GET", "/healthz");
    expect(health.status).toBe(200);
    expect(health.body.status).toBe("ok");
    // the data are this account's alone: the directory 0700, the database and the generated secret 0600
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, "folio.db")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, "jwt-secret")).mode & 0o777).toBe(0o600);

    const reg = await api<{ idToken: string; user: { uid: string } }>(app.url, "POST", "/v1/auth/register", {
      email: "durable@example.com",
      password: "s3cret-pass",
      displayName: "Durable",
    });
    expect(reg.status).toBe(200);
    const created = await api<{ message: string; slug: string }>(
      app.url,
      "POST",
      "/v1/save/portfolio/new",
      { portfolio: { assets: [{ ticker: "VTI", quantity: 10, PoA: 200, DoA: "2024-01-02" }] }, newPortfolioName: "Rainy Day" },
      reg.body.idToken,
    );
    expect(created.body.message).toBe("pcreated");
    const slug = created.body.slug;

    await app.kill("SIGKILL");
    app = await startApp({ DATA_DIR: dataDir }, app.port);

    const login = await api<{ idToken: string }>(app.url, "POST", "/v1/auth/login", {
      email: "durable@example.com",
      password: "s3cret-pass",
    });
    expect(login.status).toBe(200);
    const got = await api<{ data: { pName: string; assets: { ticker: string; quantity: number; value: number }[] } }>(
      app.url,
      "POST",
      `/v1/get/portfolio/${slug}`,
      undefined,
      login.body.idToken,
    );
    expect(got.status).toBe(200);
    expect(got.body.data.pName).toBe("Rainy Day");
    expect(got.body.data.assets).toMatchObject([{ ticker: "VTI", quantity: 10, value: 2000 }]);
    // the token issued before the crash still works: the signing secret was kept under DATA_DIR
    const before = await api(app.url, "POST", "/v1/get/portfolios-and-assets", undefined, reg.body.idToken);
    expect(before.status).toBe(200);
  });

  it("hands the achievement progress an older release kept in accounts over to the achievements service", async () => {
    const upgraded = mkdtempSync(join(tmpdir(), "folio-handover-"));
    let older: AppProcess | undefined;
    try {
      older = await startApp({ DATA_DIR: upgraded });
      const reg = await api<{ idToken: string; user: { uid: string } }>(older.url, "POST", "/v1/auth/register", {
        email: "veteran@example.com",
        password: "s3cret-pass",
      });
      expect(reg.status).toBe(200);
      await older.kill("SIGKILL");
      // what the older release left in accounts: step 3 (its third step taken in the client, without the fact)
      const store = new EmbeddedStore(join(upgraded, "folio.db"));
      store.collection("accounts_achievements");
      const kept = { _id: reg.body.user.uid, state: 3, facts: ["accountCreated", "portfolioCreated"] };
      await store.commit([{ op: "insert", collection: "accounts_achievements", doc: kept }]);
      await store.close();

      older = await startApp({ DATA_DIR: upgraded }, older.port);
      const stateOf = async () =>
        (await api<{ achievement_state: number }>(older!.url, "POST", "/v1/get/achievement-state", undefined, reg.body.idToken)).body
          .achievement_state;
      const deadline = Date.now() + 20_000;
      while ((await stateOf()) !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await stateOf()).toBe(3);
      // the step after it moves on from there
      const next = await api(older.url, "POST", "/v1/update/achievement-state", { achievement_state: 4 }, reg.body.idToken);
      expect(next.body).toEqual({ status: "ok", achievement_state: 4 });

      // accounts keeps its row this release (the next drops it), and a start again, which hands it over again,
      // moves nobody back
      await older.kill("SIGKILL");
      const after = new EmbeddedStore(join(upgraded, "folio.db"));
      expect(await after.collection("accounts_achievements").find({})).toHaveLength(1);
      expect(
        await after.collection<{ _id: string; state: number; facts: string[] }>("achievements_progress").get(reg.body.user.uid),
      ).toMatchObject({
        state: 4,
        facts: ["accountCreated", "portfolioCreated"],
      });
      await after.close();
      older = await startApp({ DATA_DIR: upgraded }, older.port);
      expect(await stateOf()).toBe(4);
    } finally {
      await older?.kill("SIGKILL");
      rmSync(upgraded, { recursive: true, force: true });
    }
  });

  it("serves the OpenAPI document at /docs", async () => {
    expect(app).toBeDefined();
    const doc = await api<{ openapi: string; paths: Record<string, unknown> }>(app!.url, "GET", "/docs/json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/v1/auth/register", "/v1/save/portfolio/{slug}"]));
  });

  it("refuses to start on invalid configuration, naming the variable", () => {
    const r = spawnSync(process.execPath, BUILT_ENTRY, {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: "not-a-port" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain("PORT must be a whole number");
  });
});
