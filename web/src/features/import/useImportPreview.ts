import { useEffect, useMemo, useState } from "react";
import type { Asset, Valuation } from "../../app/apiTypes.ts";
import { replyError } from "../../app/replyError.ts";
import { UNPRICED_WORDS, type UnpricedReason } from "../holdings/valuingText.ts";
import { useValuePlaygroundMutation } from "../playground/playgroundApi.ts";
import { localIsoDate } from "../portfolio/acquisition.ts";
import { type ImportRow, valuableRows } from "./importRows.ts";

/** Edits in a row are valued once, after the last (the playground's own pace). */
export const PREVIEW_DELAY_MS = 500;

/** One row's figures as the server's valuation gives them, in `currency` (the user's base currency). */
export interface RowFigures {
  /** quantity × purchase price × the rate of its month; null without a rate */
  cost: number | null;
  /** today's value; null when the server could not price it */
  marketValue: number | null;
  /** why it is in no figure, in the portfolio page's words ("unknown ticker") */
  unpriced?: string;
}

type SentAsset = { ticker: string; quantity: number; PoA: number; DoA: string; side?: string; fee?: number };

export interface ImportPreview {
  /** per row id: its figures, "valuing" while the server values it as it stands, absent when it cannot be valued yet */
  rows: Map<string, RowFigures | "valuing">;
  currency: string;
  /** the rows together, when every row that can be valued has been as it stands */
  totals: { cost: number; marketValue: number | null; pricesAsOf: string | null; realizedProfitLoss: number | null } | null;
  /** why there are no figures now (the valuation failed, or the limit per minute was reached) */
  problem: string | null;
}

const assetKey = (a: SentAsset) => `${a.ticker}|${a.side ?? "buy"}|${a.quantity}|${a.PoA}|${a.DoA}|${a.fee ?? ""}`;
/** a row's key: every asset it is saved as */
const rowKey = (assets: readonly SentAsset[]) => assets.map(assetKey).join(";");

/** Σ of a figure over a row's held entries (its buys), null when one has none. */
function heldSum(entries: readonly { sent: SentAsset; got: Asset }[], figure: (a: Asset) => number | null | undefined): number | null {
  let sum = 0;
  for (const { sent, got } of entries) {
    if (sent.side === "sell") continue;
    const v = figure(got);
    if (v == null) return null;
    sum += v;
  }
  return sum;
}

interface Valued {
  key: string;
  byAsset: Map<string, RowFigures>;
  valuation: Valuation | null;
}

/**
 * The import table's figures, as the portfolio page would show them once created: the rows that can be
 * valued are sent as a draft to the visitors' playground valuation (POST /v1/playground/value: the one
 * engine and prices of a saved portfolio; nothing is stored) after each change, each as the assets the save
 * sends (a row with its history as read: its buys and sales, so a sale's realized gain is in the figures),
 * and each row's cost and today's value are the reply's, summed over what it still holds. Nothing is worked
 * out in the browser but that sum: a row not valued yet shows none.
 */
export function useImportPreview(rows: ImportRow[] | null): ImportPreview {
  const [value] = useValuePlaygroundMutation();
  const [valued, setValued] = useState<Valued | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const today = localIsoDate(new Date());
  const draft = useMemo(() => valuableRows(rows ?? [], today), [rows, today]);
  const key = JSON.stringify(draft.map(({ assets }) => rowKey(assets)));

  // biome-ignore lint/correctness/useExhaustiveDependencies: one valuation per change of what can be valued (key)
  useEffect(() => {
    if (draft.length === 0) {
      setValued(null);
      setProblem(null);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const sent = draft.flatMap(({ assets }) => assets);
      const result = await value({ assets: sent });
      if (!current) return;
      if (!("data" in result) || !result.data) {
        const status = replyError(result.error)?.status;
        setProblem(
          status === 429
            ? "The figures pause for a minute: too many changes were valued. They come back on your next change after that."
            : "The figures could not be worked out just now; the portfolio can still be created.",
        );
        return;
      }
      const { data, valuation } = result.data;
      const reasons = new Map(
        ((valuation as (Valuation & { unpricedReasons?: { ticker: string; reason: UnpricedReason }[] }) | null)?.unpricedReasons ?? []).map(
          (u) => [u.ticker, UNPRICED_WORDS[u.reason]],
        ),
      );
      // the reply's assets are the sent ones, in order: each row takes its slice
      const byAsset = new Map<string, RowFigures>();
      let at = 0;
      for (const { assets } of draft) {
        const entries = assets.map((a, i) => ({ sent: a as SentAsset, got: data.assets[at + i] as Asset }));
        at += assets.length;
        if (entries.some((e) => !e.got)) continue;
        const ticker = entries[0]?.got.ticker ?? "";
        const unpriced = (valuation?.unpriced ?? []).includes(ticker);
        byAsset.set(rowKey(assets), {
          cost: unpriced ? null : heldSum(entries, (a) => a.cost),
          marketValue: unpriced ? null : heldSum(entries, (a) => a.marketValue),
          ...(unpriced ? { unpriced: reasons.get(ticker) ?? "no price" } : {}),
        });
      }
      setProblem(null);
      setValued({ key, byAsset, valuation });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, value]);

  const figures = new Map<string, RowFigures | "valuing">();
  for (const { row, assets } of draft) figures.set(row.id, valued?.byAsset.get(rowKey(assets)) ?? "valuing");
  const valuation = valued?.valuation ?? null;
  return {
    rows: problem ? new Map() : figures,
    currency: valuation?.baseCurrency ?? "USD",
    totals:
      valued && valuation && valued.key === key && !problem
        ? {
            cost: valuation.value,
            marketValue: valuation.marketValue,
            pricesAsOf: valuation.pricesAsOf ?? null,
            realizedProfitLoss: valuation.realizedProfitLoss ?? null,
          }
        : null,
    problem,
  };
}
