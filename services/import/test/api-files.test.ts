/**
 * The broker-file route and the manual-processing upload through app.inject (real routes, schemas, auth,
 * pricing search for ISINs, the recording mailer, the upload folder).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ImportMessages } from "@folio/proto/constants";
import { afterEach, describe, expect, it } from "vitest";
import { type ImportHarness, importHarness, pngHeader, SAMPLES, SCREENSHOT } from "./helpers.ts";

const FILE = "/v1/import/portfolio/file";
const UPLOAD = "/v1/upload/portfolio/screenshot";
const enc = (s: string) => new TextEncoder().encode(s);
const hasSamples = existsSync(SAMPLES);

let h: ImportHarness;
afterEach(async () => h?.close());

describe("POST /v1/import/portfolio/file", () => {
  it.skipIf(!hasSamples)("recognises a Schwab export and answers its positions in the import table's shape", async () => {
    h = await importHarness();
    const res = await h.upload("ann", FILE, "file", readFileSync(join(SAMPLES, "Export-To-Ghostfolio/schwab-export.csv")), "export.csv");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.format).toBe("schwab");
    // AVGO: Buy 1 @ 1680 on 06/13/2024, then a 10:1 split → 10 shares at 168 (files-samples.test.ts)
    expect(body.message).toContainEqual({ ticker: "AVGO", name: "BROADCOM INC", quantity: 10, PoA: 168, DoA: "2024-06-13", account: "" });
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it("a generic CSV: proposes a mapping with the columns, then reads the rows with the mapping confirmed", async () => {
    h = await importHarness();
    const csv = "Code,Stuk,Kost\nAAPL,10,150.5\nMSFT,2,300\n";
    const proposed = (await h.upload("ann", FILE, "file", enc(csv), "mine.csv")).json();
    expect(proposed.format).toBe("csv");
    expect(proposed.columns).toEqual(["Code", "Stuk", "Kost"]);
    const mapping = JSON.stringify({ ticker: "Code", quantity: "Stuk", price: "Kost" });
    const res = await h.upload("ann", FILE, "file", enc(csv), "mine.csv", { mapping });
    expect(res.statusCode).toBe(200);
    // no date column: the purchase date is today (the test clock: 2026-01-02)
    expect(res.json().message).toEqual([
      { ticker: "AAPL", name: "", quantity: 10, PoA: 150.5, DoA: "2026-01-02", account: "" },
      { ticker: "MSFT", name: "", quantity: 2, PoA: 300, DoA: "2026-01-02", account: "" },
    ]);
  });

  it("ISINs are looked up through the pricing search; one not found stays, with an error asking for the ticker", async () => {
    h = await importHarness({}, { resolve: async (q) => (q === "US0378331005" ? "AAPL" : null) });
    const csv = "Symbol,Quantity,Price\nUS0378331005,3,100\nXS0000000009,1,10\n";
    const body = (await h.upload("ann", FILE, "file", enc(csv), "isin.csv")).json();
    expect(body.message.map((r: { ticker: string }) => r.ticker)).toEqual(["AAPL", "XS0000000009"]);
    expect(body.errors).toContainEqual({ message: expect.stringContaining("no ticker found for ISIN XS0000000009") });
  });

  it("bad input: empty, binary, too large, no holdings, a bad mapping, no file, a visitor", async () => {
    h = await importHarness();
    const empty = await h.upload("ann", FILE, "file", new Uint8Array(0));
    expect([empty.statusCode, empty.json().error]).toEqual([400, "The file is empty"]);
    const binary = await h.upload("ann", FILE, "file", readFileSync(SCREENSHOT));
    expect([binary.statusCode, binary.json().code]).toEqual([415, "import/not-a-broker-file"]);
    const big = await h.upload("ann", FILE, "file", new Uint8Array(6 * 1024 * 1024).fill(65));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toContain("larger than 5 MB");
    const none = await h.upload("ann", FILE, "file", enc("Symbol,Quantity\n,\n"));
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toContain(ImportMessages.noFileHoldings);
    const badMapping = await h.upload("ann", FILE, "file", enc("a,b\nx,1\n"), "f.csv", { mapping: "{nope" });
    expect(badMapping.statusCode).toBe(400);
    expect((await h.upload("ann", FILE, "upload", enc("a,b\n"))).statusCode).toBe(400);
    expect((await h.upload(null, FILE, "file", enc("a,b\n"))).statusCode).toBe(401);
  });
});

describe("POST /v1/upload/portfolio/screenshot", () => {
  it("keeps the screenshot for manual processing, mails the operator, and answers the alert text", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    const res = await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "holdings.png");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ImportMessages.uploadReceived });
    const [kept] = h.files("manual");
    expect(kept).toMatch(/^manual-[0-9a-f]{24}\.png$/);
    expect(h.deps.mailer.sent).toHaveLength(1);
    const mail = h.deps.mailer.sent[0];
    expect(mail.to).toBe("ops@example.com");
    expect(mail.text).toContain(`import-uploads/manual/${kept}`);
    expect(mail.text).toContain("Reply to: ann@example.com");
  });

  it("accepts the spec's field name filedata too", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    expect((await h.upload("ann", UPLOAD, "filedata", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(200);
  });

  it("without IMPORT_MANUAL_TO: 503 naming the variable, nothing kept", async () => {
    h = await importHarness();
    const res = await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png");
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toContain("IMPORT_MANUAL_TO");
    expect(h.files("manual")).toEqual([]);
  });

  it("refuses what is not an image, a bomb, and a visitor", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    expect((await h.upload("ann", UPLOAD, "image", enc("hello"))).statusCode).toBe(415);
    expect((await h.upload("ann", UPLOAD, "image", pngHeader(20000, 20000))).statusCode).toBe(413);
    expect((await h.upload(null, UPLOAD, "image", readFileSync(SCREENSHOT))).statusCode).toBe(401);
    expect(h.files("manual")).toEqual([]);
    expect(h.deps.mailer.sent).toEqual([]);
  });

  it("a bad IMPORT_MANUAL_TO stops the start, naming the variable", async () => {
    await expect(importHarness({ IMPORT_MANUAL_TO: "not an address" })).rejects.toThrow(/IMPORT_MANUAL_TO/);
  });
});
