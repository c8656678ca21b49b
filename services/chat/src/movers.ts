/**
 * The spec's biggest movers (POST /v1/biggest-movers): the figures and the factual report are networth's
 * (read as the caller: the one engine), the report in words is the assistant's, written from them when a
 * model is configured and answers. Otherwise (not configured, a limit reached, the model failing or saying
 * nothing) the factual report stands. What the assistant gave (its report, or none) is kept an hour per user
 * and figures (spec §9): the same figures ask the model once; figures that changed (a portfolio saved, prices
 * moved) get a new report.
 * Networth keeps its figures an hour too, dropped when the user's portfolios change. Chat reads networth,
 * never the other way (no service cycle: test/service-graph.test.ts).
 */
import { createHash } from "node:crypto";
import type { NetworthQueries } from "@folio/networth/client";
import type { Cache } from "@folio/platform/cache/port";
import { HttpError } from "@folio/platform/http/errors";
import type { BiggestMoversReply } from "@folio/proto/networth";
import type { Assistant } from "./assistant.ts";

export const WRITTEN_REPORT_TTL_MS = 60 * 60 * 1000;
/** the most figures the assistant is given to write from (a larger set keeps the factual report) */
export const MAX_FACTS_CHARS = 8000;

export interface Movers {
  /** `written`: ask the assistant to write the report (false: networth's factual one as it is) */
  biggestMovers(uid: string, token: string, written: boolean): Promise<BiggestMoversReply>;
}

/** A refusal or failure of the assistant that leaves the factual report: not configured, a limit, the model failing. */
const leavesFactual = (err: unknown) => err instanceof HttpError && (err.statusCode < 500 || err.statusCode === 503);

export function movers(assistant: Assistant, networth: NetworthQueries, cache: Cache): Movers {
  const written = async (uid: string, facts: string): Promise<string | null> => {
    const key = `movers:${uid}:${createHash("sha256").update(facts).digest("base64url")}`;
    const kept = await cache.get<{ report: string | null }>(key);
    if (kept) return kept.report;
    let report: string | null;
    try {
      report = (await assistant.moversReport(uid, facts)).trim() || null;
    } catch (err) {
      if (!leavesFactual(err)) throw err;
      report = null;
    }
    // a refusal is kept too (null: the factual report), as the whole answer was: the model is asked once an hour
    await cache.set(key, { report }, WRITTEN_REPORT_TTL_MS);
    return report;
  };
  return {
    async biggestMovers(uid, token, wantWritten) {
      const figures = await networth.biggestMovers(token);
      // no holdings: nothing for the assistant to write about
      if (!wantWritten || figures.most_quantity === null) return figures;
      const facts = [figures.report, ...figures.sources].join("\n");
      if (facts.length > MAX_FACTS_CHARS) return figures;
      const report = await written(uid, facts);
      return report ? { ...figures, report } : figures;
    },
  };
}
