/**
 * The screenshot routes through app.inject: the real routes, schemas, auth, queue job and upload folder;
 * OCR scripted (one test runs the real engine on one image).
 */
import { readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { ImportMessages } from "@folio/proto/constants";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { OcrEngine } from "../src/ocr/engine.ts";
import { type ImportHarness, importHarness, pngHeader, SCREENSHOT, scriptedReader } from "./helpers.ts";

const V2 = "/v2/import/portfolio/screenshot";
const TABLE = "Symbol Quantity Price Market Value\nAAPL 159 $20.55 $3,267.45\nMSFT 1,645 $57.24 $94,159.80\nTotal $97,427.25";
const image = readFileSync(SCREENSHOT);

let h: ImportHarness;
afterEach(async () => h?.close());

const ASYNC = { prefer: "respond-async" };
/** a row as the spec's reply carries it, checked and sure */
const sure = (ticker: string, quantity: number, price: number, marketValue: number) => ({
  ticker,
  name: expect.any(String),
  quantity,
  price,
  marketValue,
  confidence: 1,
  flags: [],
});

describe("POST /v2/import/portfolio/screenshot", () => {
  it("answers the spec's {message, errors} itself once the reading is done, each row checked, and deletes the upload", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE) });
    const res = await h.upload("ann", V2, "image", image, "shot.png");
    expect(res.statusCode).toBe(200);
    // AAPL and MSFT are known to pricing (the market-data folder), and 159 × 20.55 = 3,267.45 checks the quantity
    expect(res.json()).toEqual({ message: [sure("AAPL", 159, 20.55, 3267.45), sure("MSFT", 1645, 57.24, 94159.8)], errors: [] });
    // the job deletes the upload right after it stores the rows the POST answered with
    await h.settle();
    expect(h.files("queue")).toEqual([]);
  });

  it("Prefer: respond-async gets the 202 and the status route, which reports progress and then the same rows", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE), workers: false });
    const accepted = await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC);
    expect(accepted.statusCode).toBe(202);
    expect(accepted.headers["preference-applied"]).toBe("respond-async");
    const { jobId, state, statusUrl } = accepted.json();
    expect(state).toBe("queued");
    expect(statusUrl).toBe(`${V2}/${jobId}`);
    expect(h.files("queue")).toEqual([jobId]);

    const waiting = await h.get("ann", statusUrl);
    expect(waiting.json()).toEqual({ jobId, state: "queued", progress: 0 });

    h.startWorkers();
    await h.settle();
    const done = await h.get("ann", statusUrl);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      jobId,
      state: "completed",
      progress: 100,
      message: [sure("AAPL", 159, 20.55, 3267.45), sure("MSFT", 1645, 57.24, 94159.8)],
      errors: [],
    });
    expect(h.files("queue")).toEqual([]);
  });

  it("past its wait (IMPORT_SCREENSHOT_WAIT_SECONDS) the POST answers 202 with the status route", async () => {
    h = await importHarness({ IMPORT_SCREENSHOT_WAIT_SECONDS: "0" }, { reader: scriptedReader(TABLE), workers: false });
    const res = await h.upload("ann", V2, "image", image, "shot.png");
    expect(res.statusCode).toBe(202);
    expect(res.headers["preference-applied"]).toBeUndefined();
    h.startWorkers();
    await h.settle();
    expect((await h.get("ann", res.json().statusUrl)).json()).toMatchObject({
      state: "completed",
      message: [expect.anything(), expect.anything()],
    });
  });

  it("flags what it is not sure of and never makes assets of junk lines (JNJ read as COM, 'Stocks Sort', 'Wag', totals, cash)", async () => {
    const shot = [
      "Stocks Sort Wag",
      "Symbol Quantity Price Market Value",
      "COM 10 $158.76 $1,587.60",
      "AAPL 159 $20.55 $3,267.45",
      "MSFT 1,645 $57.24 $90,000.00",
      "Cash & Money Market $1,234.56",
      "Account Total $98,855.05",
    ].join("\n");
    h = await importHarness({}, { reader: scriptedReader(shot) });
    const res = await h.upload("ann", V2, "image", image, "shot.png");
    expect(res.statusCode).toBe(200);
    const rows = res.json().message as Array<{
      ticker: string;
      quantity: number;
      confidence: number;
      flags: Array<{ field: string; code: string; message: string }>;
    }>;
    expect(rows.map((r) => [r.ticker, r.quantity, r.flags.map((f) => `${f.field}:${f.code}`)])).toEqual([
      // pricing knows no COM: flagged, confidence 0.2
      ["COM", 10, ["ticker:unknown-ticker"]],
      ["AAPL", 159, []],
      // 1,645 × 57.24 = 94,159.80, not the 90,000.00 shown: the quantity is flagged
      ["MSFT", 1645, ["quantity:unsure-quantity"]],
    ]);
    expect(rows[0].confidence).toBe(0.2);
    expect(rows[0].flags[0].message).toContain('"COM"');
  });

  it("pricing's search out of reach: every row flagged, none taken as sure", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE), search: async () => null });
    const rows = (await h.upload("ann", V2, "image", image, "shot.png")).json().message as Array<{ flags: Array<{ code: string }> }>;
    expect(rows.map((r) => r.flags.map((f) => f.code))).toEqual([["unchecked"], ["unchecked"]]);
  });

  it("another user's job id, or one that does not exist, is a 404", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE) });
    const { statusUrl } = (await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)).json();
    await h.settle();
    const other = await h.get("bob", statusUrl);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: ImportMessages.jobNotFound });
    expect(other.body).not.toContain("AAPL");
    expect((await h.get("ann", `${V2}/shot-doesnotexist`)).statusCode).toBe(404);
    expect((await h.get("ann", `${V2}/..%2F..%2Fetc`)).statusCode).toBe(404);
    expect((await h.get(null, statusUrl)).statusCode).toBe(401);
  });

  it("resolves company names through the pricing service's search", async () => {
    h = await importHarness({}, { reader: scriptedReader("Microsoft Corp $94,159.80\n1,645 shares · $57.24") });
    const body = (await h.upload("ann", V2, "image", image, "shot.png")).json();
    expect(body.message).toEqual([
      { ...sure("MSFT", 1645, 57.24, 94159.8), name: expect.stringContaining("Microsoft"), confidence: expect.any(Number) },
    ]);
  });

  it("no holdings found: 422 with a hint from the POST itself and from the status route, and the upload is gone", async () => {
    h = await importHarness({}, { reader: scriptedReader("Settings\nDark mode\nAbout") });
    const direct = await h.upload("ann", V2, "image", image, "shot.png");
    expect(direct.statusCode).toBe(422);
    expect(direct.json()).toMatchObject({
      error: ImportMessages.noHoldings,
      code: "import/no-holdings",
      hint: ImportMessages.noHoldingsHint,
    });
    const { statusUrl } = (await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)).json();
    await h.settle();
    const res = await h.get("ann", statusUrl);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: ImportMessages.noHoldings,
      code: "import/no-holdings",
      hint: ImportMessages.noHoldingsHint,
      state: "failed",
    });
    expect(h.files("queue")).toEqual([]);
  });

  it("a blank image and an image that does not decode are 422s after the reading", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE) });
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const corrupt = Buffer.concat([image.subarray(0, 100), Buffer.alloc(5000, 7)]);
    const blankRes = await h.upload("ann", V2, "image", blank, "blank.png");
    expect(blankRes.statusCode).toBe(422);
    expect(blankRes.json()).toMatchObject({ error: ImportMessages.blankImage, code: "import/empty-image" });
    const corruptRes = await h.upload("ann", V2, "image", corrupt, "cut.png");
    expect(corruptRes.statusCode).toBe(422);
    expect(corruptRes.json()).toMatchObject({ code: "import/not-an-image" });
    await h.settle();
    expect(h.files("queue")).toEqual([]);
  });

  it("refuses bad input at once with a clear 4xx, before anything is stored", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE) });
    const cases: Array<[Uint8Array, number, string]> = [
      [new TextEncoder().encode("name,qty\nAAPL,1\n"), 415, "import/not-an-image"],
      [new Uint8Array(0), 400, "import/empty"],
      [pngHeader(0, 100), 400, "import/empty"],
      // 8000 × 6000 = 48 MP in 100 kB: too many pixels (480 px per byte is a plausible compression)
      [pngHeader(8000, 6000, 100_000), 413, "import/too-many-pixels"],
      // 20000 × 20000 = 400 MP declared in 64 bytes: a bomb, refused without being inflated
      [pngHeader(20000, 20000), 413, "import/decompression-bomb"],
      // just over 10 MB, inside the multipart allowance: the image check says so
      [pngHeader(1000, 1000, 10 * 1024 * 1024 + 10), 413, "import/too-large"],
    ];
    for (const [bytes, status, code] of cases) {
      const res = await h.upload("ann", V2, "image", bytes, "x.png");
      expect([res.statusCode, res.json().code], code).toEqual([status, code]);
      expect(res.json().error).toMatch(/PNG, JPEG or WebP/);
    }
    const huge = await h.upload("ann", V2, "image", new Uint8Array(11 * 1024 * 1024), "big.png");
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toContain("larger than 10 MB");
    expect(h.files("queue")).toEqual([]);
  });

  it("needs a signed-in caller, a multipart body and the image field", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE) });
    expect((await h.upload(null, V2, "image", image)).statusCode).toBe(401);
    const wrongField = await h.upload("ann", V2, "picture", image);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toContain("'image'");
    const json = await h.post("ann", V2, { image: "aGVsbG8=" });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toContain("multipart/form-data");
  });

  it("at most 3 screenshots of one user wait at once: the 4th is a 429 until one is read", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE), workers: false });
    for (let i = 0; i < 3; i++) expect((await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)).statusCode).toBe(202);
    const fourth = await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers["retry-after"]).toBe("10");
    // said on the request line, before the upload is gathered: a body over the upload's limit is the same 429
    // (gathered, it would be a 413)
    const unread = await h.app.inject({
      method: "POST",
      url: V2,
      headers: { authorization: `Bearer ${h.token("ann")}`, "content-type": "multipart/form-data; boundary=x", ...ASYNC },
      payload: Buffer.alloc(11 * 1024 * 1024, 7),
    });
    expect(unread.statusCode).toBe(429);
    expect((await h.upload("bob", V2, "image", image, "shot.png", {}, ASYNC)).statusCode).toBe(202);
    h.startWorkers();
    await h.settle();
    expect((await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)).statusCode).toBe(202);
  });

  it("the limit is atomic: of 20 screenshots sent at once by one user, 3 are taken and 17 refused", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE), workers: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    // the refused ones left nothing behind
    expect(h.files("queue")).toHaveLength(3);
    h.startWorkers();
    await h.settle();
    // read: their slots are free again, three at a time
    const again = await Promise.all(Array.from({ length: 5 }, () => h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)));
    expect(again.map((a) => a.statusCode).sort()).toEqual([202, 202, 202, 429, 429]);
  });

  it("the sweep deletes uploads and records older than an hour", async () => {
    h = await importHarness({}, { reader: scriptedReader(TABLE), workers: false });
    const { jobId, statusUrl } = (await h.upload("ann", V2, "image", image, "shot.png", {}, ASYNC)).json();
    const old = new Date(h.deps.clock.now() - 2 * 3_600_000);
    utimesSync(join(h.dataDir, "import-uploads", "queue", jobId), old, old);
    h.deps.clock.advance(2 * 3_600_000);
    const sweep = h.module.jobs?.find((j) => j.queue === "import.sweep");
    await sweep?.handler({ id: "s", name: "import.sweep", data: {}, attempt: 1, updateProgress: async () => {} });
    expect(h.files("queue")).toEqual([]);
    expect((await h.get("ann", statusUrl)).statusCode).toBe(404);
    // and the slot its screenshot held
    expect(await h.deps.store.collection("import_screenshot_slots").find({})).toEqual([]);
  });
});

describe("the real OCR engine through the job", () => {
  it("reads a generated statement of fund names, resolved through pricing's search", { timeout: 60_000 }, async () => {
    const engine = new OcrEngine();
    h = await importHarness({}, { reader: engine });
    const res = await h.upload("ann", V2, "image", image, "shot.png");
    expect(res.statusCode).toBe(200);
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "screenshots", "manifest.json"), "utf8"));
    const expected = manifest.find((m: { file: string }) => m.file === "names-table-7600.png").holdings as Array<{
      ticker: string;
      quantity: number;
    }>;
    const rows = res.json().message as Array<{ ticker: string; quantity: number; flags: unknown[] }>;
    // the names pricing can price (the market-data folder) are resolved and sure; the others are flagged for the user
    const known = new Set(["VTI", "SPY", "QQQ"]);
    for (const e of expected.filter((x) => known.has(x.ticker)))
      expect(rows).toContainEqual(expect.objectContaining({ ticker: e.ticker, quantity: e.quantity, flags: [] }));
    for (const r of rows.filter((x) => !known.has(x.ticker))) expect(r.flags.length).toBeGreaterThan(0);
  });
});

describe("POST /v1/import/portfolio/screenshot {fulltext}", () => {
  it("reads text already recognised into the spec's {message, errors}", async () => {
    h = await importHarness();
    const res = await h.post("ann", "/v1/import/portfolio/screenshot", { fulltext: TABLE });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual([sure("AAPL", 159, 20.55, 3267.45), sure("MSFT", 1645, 57.24, 94159.8)]);
    expect(res.json().errors).toEqual([]);
  });

  it("empty text is a 400, text without holdings a 422 with a hint, a visitor a 401", async () => {
    h = await importHarness();
    expect((await h.post("ann", "/v1/import/portfolio/screenshot", { fulltext: "" })).statusCode).toBe(400);
    expect((await h.post("ann", "/v1/import/portfolio/screenshot", {})).statusCode).toBe(400);
    const none = await h.post("ann", "/v1/import/portfolio/screenshot", { fulltext: "hello\nworld" });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ error: ImportMessages.noHoldings, hint: ImportMessages.noHoldingsHint });
    const visitor = await h.post(null, "/v1/import/portfolio/screenshot", { fulltext: TABLE });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().result).toBe("nouser");
  });
});
