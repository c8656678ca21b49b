/**
 * The fetch script end to end against a local server standing in for the public repositories. The sources
 * it serves are made from the real folder the other way round (earlier and later rows added, the source's
 * header and columns, LF line ends), so a pass means download, derivation and the hash check reproduce the
 * folder byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derive, fetchMarketData, type ManifestFile, readManifest } from "./fetch.ts";
import { marketDataDir, requireMarketData } from "./location.ts";

const real = marketDataDir();
const available = requireMarketData("the fetch-market-data round trip");
const lf = (text: string) => text.replaceAll("\r\n", "\n");

/** What the source repository would hold for a manifest entry, made from the folder's file. */
function sourceOf(entry: ManifestFile): string {
  const text = lf(readFileSync(join(real, entry.file), "utf8"));
  const [, ...rows] = text.trimEnd().split("\n");
  if (entry.file === "AAPL.csv") return ["Date,Close", "1999-12-31,0.91", ...rows, "2026-07-14,999"].join("\n");
  if (entry.file === "BTC-USD.csv") return `${["date,close", ...rows, "2026-08-20,1"].join("\n")}\n`;
  if (entry.file === "SP500_INDEX_MONTHLY.csv") {
    return ["Date,SP500,Dividend", "1999-12-01,1400,1", ...rows.map((r) => `${r},0.5`)].join("\n");
  }
  return text;
}

describe.skipIf(!available)("npm run fetch-market-data", () => {
  const picked = readManifest().filter((e) =>
    ["AAPL.csv", "BTC-USD.csv", "SP500_INDEX_MONTHLY.csv", "dividends/KO.csv", "split-adjusted/JNJ.csv", "splits/NVDA.csv"].includes(
      e.file,
    ),
  );
  const requested: string[] = [];
  let server: Server;
  let url = "";
  let tamper = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requested.push(req.url ?? "");
      const entry = picked.find((e) => req.url === `/${e.repo}/${e.commit}/${e.path}`);
      if (!entry) return res.writeHead(404).end();
      res.end(tamper ? sourceOf(entry).replace("2000-01-04,", "2000-01-04,1") : sourceOf(entry));
    });
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("lists every file of the folder with its source and hash", () => {
    expect(readManifest().length).toBe(42);
    for (const e of readManifest()) expect(e.content || (e.repo && e.commit && e.path), e.file).toBeTruthy();
  });

  it("downloads each file from its repository at the pinned commit and derives the folder's bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-fetch-"));
    try {
      const written = await fetchMarketData({ dir, sourceUrl: url, files: picked, log: () => {} });
      expect(written.sort()).toEqual(picked.map((e) => e.file).sort());
      for (const e of picked) expect(readFileSync(join(dir, e.file)).equals(readFileSync(join(real, e.file))), e.file).toBe(true);
      expect(requested).toContain("/dsturdy/Factor_Attribution_5_csvs/a206574f380c69cb147d5900c6115d54c74ce8d0/data/AAPL.csv");
      // a second run finds every file in place and downloads nothing
      requested.length = 0;
      expect(await fetchMarketData({ dir, sourceUrl: url, files: picked, log: () => {} })).toEqual([]);
      expect(requested).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a source whose derived file does not have the recorded hash, and writes nothing for it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "folio-fetch-"));
    tamper = true;
    try {
      await expect(fetchMarketData({ dir, sourceUrl: url, files: picked.slice(0, 1), log: () => {} })).rejects.toThrow(
        /AAPL\.csv: derived file has SHA-256 [0-9a-f]{64}, the manifest expects/,
      );
    } finally {
      tamper = false;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("derive", () => {
  it("picks columns, renames the header, keeps the date range, drops rows at the end and sets line ends", () => {
    const source = "Date,Open,Close\r\n1999-12-31,1,2\r\n2000-01-03,3,4\r\n2000-01-04,5,6\r\n2000-01-05,7,8\r\n";
    expect(derive(source, { columns: ["Date", "Close"], header: "date,close", from: "2000-01-01", dropLast: 1, eol: "lf" })).toBe(
      "date,close\n2000-01-03,4\n2000-01-04,6\n",
    );
    expect(derive("date,close\n2000-01-03,4\n2000-02-01,5", { to: "2000-01-31", eol: "crlf" })).toBe("date,close\r\n2000-01-03,4\r\n");
  });
});
