/**
 * The broker-file route and the manual-processing upload through app.inject (real routes, schemas, auth,
 * pricing search for ISINs, the recording mailer, the upload folder).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ImportMessages } from "@folio/proto/constants";
import { afterEach, describe, expect, it } from "vitest";
import { parseBrokerFile } from "../src/domain/files/index.ts";
import { sourceFiles } from "./file-worker.ts";
import { type ImportHarness, importHarness, pngHeader, SAMPLES, SCREENSHOT } from "./helpers.ts";

const FILE = "/v1/import/portfolio/file";
const MAPPINGS = "/v1/import/mappings";
const tuning = (name: string) => readFileSync(join(import.meta.dirname, "broker-files", "tuning", name));

/** A multipart POST of several files in the field `file`. */
async function uploadFiles(h: ImportHarness, uid: string, files: Uint8Array[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [i, bytes] of files.entries()) form.append("file", new Blob([bytes]), `file-${i}.csv`);
  const response = new Response(form);
  return h.app.inject({
    method: "POST",
    url: FILE,
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { authorization: `Bearer ${h.token(uid)}`, "content-type": response.headers.get("content-type") as string },
  });
}
const UPLOAD = "/v1/upload/portfolio/screenshot";
const enc = (s: string) => new TextEncoder().encode(s);
const hasSamples = existsSync(SAMPLES);

let h: ImportHarness;
afterEach(async () => h?.close());

describe("POST /v1/import/portfolio/file", () => {
  it('answers each history as buys and sales beside its row (docs/numbers.md "Broker files": Trades)', async () => {
    h = await importHarness();
    const res = await uploadFiles(h, "ann", [tuning("robinhood-activity.csv")]);
    expect(res.statusCode).toBe(200);
    // TSLA: 2 bought at $750, ×3 by the 2022 split, 1.5 sold at $250: the row's 4.5
    expect(res.json().histories).toContainEqual({
      account: "",
      ticker: "TSLA",
      name: "Tesla",
      quantity: 4.5,
      trades: [
        { side: "buy", date: "2022-06-01", quantity: 2, price: 750, fee: 0 },
        { side: "sell", date: "2025-03-25", quantity: 1.5, price: 250, fee: 0 },
      ],
    });
  });

  it.skipIf(!hasSamples)("recognises a Schwab export and answers its positions in the import table's shape", async () => {
    h = await importHarness();
    const res = await h.upload("ann", FILE, "file", readFileSync(join(SAMPLES, "Export-To-Ghostfolio/schwab-export.csv")), "export.csv");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.format).toBe("schwab");
    // AVGO: Buy 1 @ 1680 on 06/13/2024, then a 10:1 split → 10 shares at 168 (files-samples.test.ts)
    expect(body.message).toContainEqual({
      ticker: "AVGO",
      name: "BROADCOM INC",
      quantity: 10,
      PoA: 168,
      DoA: "2024-06-13",
      account: "",
      flags: [],
    });
    // the history sells more FIHBX than it shows bought: a question, not a holding set to 0
    expect(body.questions).toContainEqual(expect.objectContaining({ key: "FIHBX", atLeast: 519.608 }));
    // and its row is flagged on the quantity, as a screenshot row's unsure cell is: Create waits for it
    expect(body.message.find((r: { ticker: string }) => r.ticker === "FIHBX").flags).toEqual([
      { field: "quantity", code: "assumed-opening", message: expect.stringContaining("assumes the least held before 2021-04-30") },
    ]);
    // the ledger: every buy and sell with date, quantity, price and fee
    expect(body.transactions).toContainEqual({
      date: "2023-08-22",
      kind: "sell",
      account: "",
      ticker: "FIHBX",
      name: "FEDERATED HERMES INSTL HIGH YIELD BD IS",
      quantity: 592.199,
      price: 8.46,
      fee: 10,
      line: 34,
    });
    // the answer comes back with the file: 600 held before it → 600 + 72.591 − 592.199 + 12.4 = 92.792
    const answered = await h.upload(
      "ann",
      FILE,
      "file",
      readFileSync(join(SAMPLES, "Export-To-Ghostfolio/schwab-export.csv")),
      "export.csv",
      {
        openings: JSON.stringify([{ account: "", key: "FIHBX", quantity: 600 }]),
      },
    );
    expect(answered.json().message.find((r: { ticker: string }) => r.ticker === "FIHBX").quantity).toBe(92.792);
    expect(answered.json().questions.map((q: { key: string }) => q.key)).not.toContain("FIHBX");
  });

  it("a history and its positions download settle together: quantities from the positions, checks against the totals", async () => {
    h = await importHarness();
    const res = await uploadFiles(h, "ann", [tuning("schwab-history.csv"), tuning("schwab-positions.csv")]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // BND: the history sells 10.065 with 0.0249 bought; the positions say 32.5 → 42.5401 held before 2025-01-02
    expect(body.message.map((r: { ticker: string; quantity: number }) => [r.ticker, r.quantity])).toEqual([
      ["BND", 32.5],
      ["MSFT", 15],
      ["NEWCO", 30],
    ]);
    expect(body.questions).toEqual([]);
    expect(body.checks).toContainEqual(
      expect.objectContaining({ kind: "quantity", ticker: "BND", stated: 32.5, computed: -10.0401, difference: 42.5401, ok: false }),
    );
    // Account Total 9,610.75 = 32.5 × 73.10 + 15 × 375 + 30 × 12 + cash 1,250
    expect(body.checks).toContainEqual(
      expect.objectContaining({ kind: "value", label: "Account Total", stated: 9610.75, computed: 9610.75, ok: true }),
    );
    // Transactions Total −1,609.00 = the Amount column read
    expect(body.checks).toContainEqual(expect.objectContaining({ kind: "cash", stated: -1609, computed: -1609, ok: true }));
    expect(body.transactions.filter((t: { kind: string }) => t.kind === "opening").map((t: { ticker: string }) => t.ticker)).toEqual([
      "BND",
      "MSFT",
    ]);
  });

  it("reads an IBKR Flex XML and a UTF-16 CSV", async () => {
    h = await importHarness();
    const xml = await h.upload("ann", FILE, "file", tuning("ibkr-flex.xml"), "flex.xml");
    expect(xml.statusCode).toBe(200);
    expect(xml.json().format).toBe("ibkr");
    expect(xml.json().message.map((r: { ticker: string }) => r.ticker)).toEqual(["NVDA", "VTI", "VXUS"]);
    const text = "Symbol,Quantity,Price\nAAPL,3,100\n";
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]);
    const res = await h.upload("ann", FILE, "file", utf16, "unicode.csv");
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual([expect.objectContaining({ ticker: "AAPL", quantity: 3, PoA: 100 })]);
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
      { ticker: "AAPL", name: "", quantity: 10, PoA: 150.5, DoA: "2026-01-02", account: "", flags: [] },
      { ticker: "MSFT", name: "", quantity: 2, PoA: 300, DoA: "2026-01-02", account: "", flags: [] },
    ]);
  });

  it("a column mapping saved by its owner reads files of that layout again, and stays the owner's", async () => {
    h = await importHarness();
    const csv = "Boekdatum;Fonds;Code;Stuks;Koers;Soort\n03-01-2024;World;IWDA;12;81,40;Aankoop\n01-07-2024;World;IWDA;5;92,00;Verkoop\n";
    const mapping = {
      ticker: "Code",
      quantity: "Stuks",
      price: "Koers",
      date: "Boekdatum",
      action: "Soort",
      name: "Fonds",
      dateOrder: "dmy",
    };
    const columns = ["Boekdatum", "Fonds", "Code", "Stuks", "Koers", "Soort"];
    const saved = await h.post("ann", MAPPINGS, { name: "My bank", columns, mapping });
    expect(saved.statusCode).toBe(201);
    const { id } = saved.json();
    expect((await h.get("ann", MAPPINGS)).json().mappings).toEqual([expect.objectContaining({ id, name: "My bank", columns, mapping })]);
    // a file of that layout is read with it, without asking: 12 − 5 = 7 IWDA
    const res = await h.upload("ann", FILE, "file", enc(csv), "bank.csv");
    expect(res.statusCode).toBe(200);
    expect(res.json().savedMapping).toEqual({ id, name: "My bank" });
    expect(res.json().message).toEqual([expect.objectContaining({ ticker: "IWDA", quantity: 7, PoA: 81.4, DoA: "2024-01-03" })]);
    // someone else: not listed, not applied, not usable by id, not deletable
    expect((await h.get("bob", MAPPINGS)).json().mappings).toEqual([]);
    const bobs = await h.upload("bob", FILE, "file", enc(csv), "bank.csv");
    expect(bobs.json().savedMapping).toBeUndefined();
    expect((await h.upload("bob", FILE, "file", enc(csv), "bank.csv", { mappingId: id })).statusCode).toBe(404);
    expect(
      (await h.app.inject({ method: "DELETE", url: `${MAPPINGS}/${id}`, headers: { authorization: `Bearer ${h.token("bob")}` } }))
        .statusCode,
    ).toBe(404);
    // saving under the same name replaces it; a column that is not in the file is refused
    const again = await h.post("ann", MAPPINGS, { name: "my bank", columns, mapping: { ...mapping, price: "Koers" } });
    expect([again.statusCode, again.json().id]).toEqual([201, id]);
    const bad = await h.post("ann", MAPPINGS, { name: "Other", columns, mapping: { ticker: "Symbol", quantity: "Stuks" } });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'body/mapping/ticker: "Symbol" is not one of the columns']);
    expect((await h.post("ann", MAPPINGS, { name: "", columns, mapping })).statusCode).toBe(400);
    expect((await h.post(null, MAPPINGS, { name: "x", columns, mapping })).statusCode).toBe(401);
    const gone = await h.app.inject({ method: "DELETE", url: `${MAPPINGS}/${id}`, headers: { authorization: `Bearer ${h.token("ann")}` } });
    expect(gone.statusCode).toBe(204);
    expect((await h.get("ann", MAPPINGS)).json().mappings).toEqual([]);
  });

  it("a file is read on the file threads (as the built app reads every one), with the same result as read in place", {
    timeout: 60_000,
  }, async () => {
    h = await importHarness({}, { files: sourceFiles() });
    // a Schwab history of 8,000 buys of 40 securities, about 700 KB
    const lines = ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"'];
    for (let i = 0; i < 8000; i++) {
      const day = String(1 + (i % 28)).padStart(2, "0");
      lines.push(
        `"03/${day}/2024","Buy","S${i % 40}","COMPANY NUMBER ${i % 40} INCORPORATED CLASS A COMMON","${1 + (i % 3)}","$${(20 + (i % 50)).toFixed(2)}","$0.00","-$20.00"`,
      );
    }
    const text = lines.join("\n");
    const res = await h.upload("ann", FILE, "file", enc(text), "big.csv");
    expect(res.statusCode).toBe(200);
    const inPlace = parseBrokerFile(text, { asOf: "2026-01-02" });
    expect(res.json().message).toEqual(inPlace.rows.map((r) => ({ ...r, flags: r.flags ?? [] })));
    expect(res.json().transactions).toHaveLength(8000);
    // a file that is refused on the worker is refused the same way: 2,000 columns
    const wide = `${Array.from({ length: 2000 }, (_, i) => `column${i}`).join(",")}\n`.repeat(60);
    const refused = await h.upload("ann", FILE, "file", enc(wide), "wide.csv");
    expect([refused.statusCode, refused.json().code]).toEqual([422, "import/unreadable-file"]);
  });

  it("files built to hurt are refused with a 4xx quickly, never a 500", async () => {
    h = await importHarness();
    // an OFX nested 200,000 deep
    const deep = `OFXHEADER:100\n\n<OFX>${"<A>".repeat(200_000)}1${"</A>".repeat(200_000)}</OFX>`;
    const start = performance.now();
    const ofx = await h.upload("ann", FILE, "file", enc(deep), "deep.ofx");
    expect([ofx.statusCode, ofx.json().code]).toEqual([422, "import/unreadable-file"]);
    expect(ofx.json().error).toContain("nested more than 64");
    expect(performance.now() - start).toBeLessThan(5000);
    // XML: nesting, and entities declared in a document type
    const xmlDeep = `<FlexQueryResponse>${"<x>".repeat(100)}${"</x>".repeat(100)}</FlexQueryResponse>`;
    expect((await h.upload("ann", FILE, "file", enc(xmlDeep), "deep.xml")).statusCode).toBe(422);
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><FlexQueryResponse>&b;</FlexQueryResponse>';
    const entities = await h.upload("ann", FILE, "file", enc(bomb), "bomb.xml");
    expect([entities.statusCode, entities.json().code]).toEqual([422, "import/unreadable-file"]);
    // a CSV row of 2,000 columns
    const wide = await h.upload("ann", FILE, "file", enc(`${Array.from({ length: 2000 }, (_, i) => `c${i}`).join(",")}\n`), "wide.csv");
    expect([wide.statusCode, wide.json().error]).toEqual([422, "Line 1 has more than 1000 columns: this is not a broker's export."]);
    // too many files at once, answers that are not JSON
    expect(
      (
        await uploadFiles(
          h,
          "ann",
          Array.from({ length: 6 }, () => enc("Symbol,Quantity\nAAPL,1\n")),
        )
      ).statusCode,
    ).toBe(400);
    const badOpenings = await h.upload("ann", FILE, "file", enc("Symbol,Quantity\nAAPL,1\n"), "f.csv", { openings: "[{" });
    expect([badOpenings.statusCode, badOpenings.json().error]).toContain(400);
    const negative = await h.upload("ann", FILE, "file", enc("Symbol,Quantity\nAAPL,1\n"), "f.csv", {
      openings: JSON.stringify([{ account: "", key: "AAPL", quantity: -5 }]),
    });
    expect(negative.statusCode).toBe(400);
  });

  it("ISINs are looked up through the pricing search; one not found stays, flagged for its ticker", async () => {
    h = await importHarness({}, { resolve: async (q) => (q === "US0378331005" ? "AAPL" : null) });
    const csv = "Symbol,Quantity,Price\nUS0378331005,3,100\nXS0000000009,1,10\n";
    const body = (await h.upload("ann", FILE, "file", enc(csv), "isin.csv")).json();
    expect(body.message.map((r: { ticker: string }) => r.ticker)).toEqual(["AAPL", "XS0000000009"]);
    expect(body.message[1].flags).toEqual([
      { field: "ticker", code: "no-ticker", message: "No ticker found for ISIN XS0000000009: type its ticker." },
    ]);
    expect(body.message[0].flags).toEqual([]);
    expect(body.errors).toEqual([]);
    // the histories likewise: named, and the one whose ISIN names no ticker left out
    const tickers = (body.histories ?? []).map((c: { ticker: string }) => c.ticker);
    expect(tickers).toEqual(["AAPL"]);
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

  it("at most 10 screenshots a user and a day: the 11th is a 429 with Retry-After until the next UTC day, nothing kept", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    h.deps.clock.set(Date.parse("2026-03-10T18:00:00Z"));
    for (let i = 0; i < 10; i++) expect((await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(200);
    const eleventh = await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png");
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toContain("10 screenshots for manual processing today");
    // 18:00 → midnight UTC: 6 hours
    expect(eleventh.headers["retry-after"]).toBe(String(6 * 3600));
    expect(h.files("manual")).toHaveLength(10);
    expect(h.deps.mailer.sent).toHaveLength(10);
    // another user is not counted with ann; ann again the next day
    expect((await h.upload("bob", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(200);
    h.deps.clock.set(Date.parse("2026-03-11T00:00:01Z"));
    expect((await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(200);
  });

  it("at most 50 MB a user and a day, sent at once or not: 5 × 9 MB pass, a 6th is refused", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    // a real screenshot with bytes after its end, as an image of 9 MB (the image limit is 10 MB)
    const shot = readFileSync(SCREENSHOT);
    const big = Buffer.concat([shot, Buffer.alloc(9 * 1024 * 1024 - shot.length)]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.upload("ann", UPLOAD, "image", big, "big.png")));
    const statuses = answers.map((a) => a.statusCode).sort();
    // 5 × 9 = 45 MB; a 6th would make 54 MB
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(answers.find((a) => a.statusCode === 429)?.json().error).toContain("limited to 50 MB a day");
    expect(h.files("manual")).toHaveLength(5);
    // what is left of the day still takes a small one (45 MB + 0.1 MB)
    expect((await h.upload("ann", UPLOAD, "image", shot, "x.png")).statusCode).toBe(200);
    // a day used up is said on the request line, before the upload is gathered: a body over the upload's
    // limit is the same 429 (gathered, it would be a 413)
    const after = await h.app.inject({
      method: "POST",
      url: UPLOAD,
      headers: { authorization: `Bearer ${h.token("ann")}`, "content-type": "multipart/form-data; boundary=x" },
      payload: Buffer.alloc(11 * 1024 * 1024, 7),
    });
    expect(after.statusCode).toBe(429);
    expect(after.json().error).toContain("limited to 50 MB a day");
  });

  it("a screenshot whose mail failed is not counted against the day", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    const send = h.deps.mailer.send.bind(h.deps.mailer);
    h.deps.mailer.send = async () => {
      throw new Error("SMTP down");
    };
    for (let i = 0; i < 12; i++) expect((await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(503);
    h.deps.mailer.send = send;
    expect((await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(200);
  });

  it("accepts the spec's field name filedata too", async () => {
    h = await importHarness({ IMPORT_MANUAL_TO: "ops@example.com" });
    expect((await h.upload("ann", UPLOAD, "filedata", readFileSync(SCREENSHOT), "x.png")).statusCode).toBe(200);
  });

  it("without IMPORT_MANUAL_TO: 503 naming the variable, nothing kept", async () => {
    h = await importHarness();
    const res = await h.upload("ann", UPLOAD, "image", readFileSync(SCREENSHOT), "x.png");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: ImportMessages.manualUnconfigured, code: "unavailable" });
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
