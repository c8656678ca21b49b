/**
 * The broker-file sets: `broker-files/tuning` (the parsers are tuned on these) and `broker-files/held-out`
 * (written from the brokers' published formats and never tuned on: their score is the accuracy reported).
 * Each folder's manifest.json lists cases: the files uploaded together, the format, the holdings a person
 * holding that account has (worked out by hand from the files), and, for a history that starts mid-way, what
 * that person answers when asked how many were held before the file's first date.
 *
 * A case is scored through the same domain code the service runs: the files are parsed; every question the
 * import asks is answered the way that person would (their true opening when the manifest gives one, else
 * the proposed least opening, confirmed); the files are parsed again with the answers. A holding is right
 * when a row has its ticker (and account, when the manifest names one) and its quantity to 1e-6 of a share
 * (relative to larger holdings); a row the manifest does not list counts against the score as well.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ColumnMapping, FileResult, Opening } from "../src/domain/files/index.ts";
import { settleFiles, sourceFile } from "../src/domain/files/index.ts";

export const BROKER_FILES = join(import.meta.dirname, "broker-files");

export interface ExpectedHolding {
  ticker: string;
  quantity: number;
  account?: string;
}

export interface BrokerCase {
  name: string;
  files: string[];
  format: string;
  holdings: ExpectedHolding[];
  /** the person's true answers to the questions the import may ask */
  openings?: Opening[];
  mapping?: ColumnMapping;
  /** the date the person imports on */
  asOf?: string;
}

export type Split = "tuning" | "held-out" | "held-out-v1" | "held-out-v2" | "held-out-v3";

export function loadCases(split: Split): BrokerCase[] {
  return JSON.parse(readFileSync(join(BROKER_FILES, split, "manifest.json"), "utf8")) as BrokerCase[];
}

export interface CaseRun {
  first: FileResult;
  result: FileResult;
  /** questions the import asked */
  asked: number;
}

export function runCase(split: Split, c: BrokerCase): CaseRun {
  const files = () => c.files.map((f) => sourceFile(readFileSync(join(BROKER_FILES, split, f), "utf8")));
  const options = { asOf: c.asOf ?? "2025-10-01", mapping: c.mapping };
  const first = settleFiles(files(), options);
  if (first.questions.length === 0) return { first, result: first, asked: 0 };
  const openings: Opening[] = first.questions.map((q) => {
    const truth = c.openings?.find((o) => o.key === q.key && (o.account ?? "") === q.account);
    return { account: q.account, key: q.key, quantity: truth?.quantity ?? q.atLeast };
  });
  return { first, result: settleFiles(files(), { ...options, openings }), asked: first.questions.length };
}

export interface CaseScore {
  right: number;
  expected: number;
  extra: number;
  misses: string[];
}

const same = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

export function score(c: BrokerCase, result: FileResult): CaseScore {
  const misses: string[] = [];
  let right = 0;
  const used = new Set<number>();
  for (const h of c.holdings) {
    const i = result.rows.findIndex(
      (r, idx) => !used.has(idx) && r.ticker === h.ticker && (h.account === undefined || r.account === h.account),
    );
    if (i >= 0) used.add(i);
    const row = i >= 0 ? result.rows[i] : undefined;
    if (row && same(row.quantity, h.quantity)) right++;
    else misses.push(row ? `${h.ticker} ${row.quantity} (expected ${h.quantity})` : `${h.ticker} missing`);
  }
  const extras = result.rows.filter((_, idx) => !used.has(idx));
  for (const r of extras) misses.push(`${r.ticker} ${r.quantity} not expected`);
  return { right, expected: c.holdings.length, extra: extras.length, misses };
}

export interface SetScore {
  right: number;
  expected: number;
  extra: number;
  files: number;
  cases: number;
  asked: number;
  perCase: Array<{ name: string; format: string } & CaseScore>;
}

/** right ÷ (expected + extra rows) */
export const accuracy = (s: { right: number; expected: number; extra: number }) => s.right / (s.expected + s.extra);

export function scoreSet(split: Split): SetScore {
  const cases = loadCases(split);
  const total: SetScore = { right: 0, expected: 0, extra: 0, files: 0, cases: cases.length, asked: 0, perCase: [] };
  for (const c of cases) {
    const run = runCase(split, c);
    const s = score(c, run.result);
    total.right += s.right;
    total.expected += s.expected;
    total.extra += s.extra;
    total.files += c.files.length;
    total.asked += run.asked;
    total.perCase.push({ name: c.name, format: c.format, ...s });
  }
  return total;
}
