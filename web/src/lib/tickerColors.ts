/**
 * One colour per ticker on every chart: the pie of a portfolio, the dashboard's holdings pie, any chart that
 * names tickers. A ticker's colour comes from its name (a hash into the nine asset colours of spec §9), not
 * from its position in a chart, so VTI is the same blue wherever it appears. Only when two tickers of the
 * same chart hash to the same colour does the one later in alphabetical order take the next free colour,
 * so no chart ever shows two tickers in one colour.
 */

import { ASSET_COLORS, COLORS } from "./palette.ts";

/** Spec §9: the nine asset/pie colours, in a fixed order (lib/palette.ts). */
export { ASSET_COLORS };

/** The slice that gathers the smaller holdings. */
export const OTHER_COLOR = COLORS.other;
export const OTHER_LABEL = "Other";

/** FNV-1a over the ticker's characters: stable across sessions, browsers and releases. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The colour a ticker has when nothing in its chart competes for it. */
export function tickerColor(ticker: string): string {
  return ASSET_COLORS[hash(ticker.toUpperCase()) % ASSET_COLORS.length] as string;
}

/**
 * The colours of one chart's tickers, in the order given. "Other" is grey. Beyond nine tickers colours
 * repeat (the charts show at most nine slices).
 */
export function tickerColors(tickers: readonly string[]): string[] {
  const taken = new Map<string, string>();
  const used = new Set<string>();
  const unique = [...new Set(tickers.filter((t) => t !== OTHER_LABEL))].sort();
  for (const ticker of unique) {
    const start = hash(ticker.toUpperCase()) % ASSET_COLORS.length;
    let colour = ASSET_COLORS[start] as string;
    for (let step = 0; step < ASSET_COLORS.length; step++) {
      const candidate = ASSET_COLORS[(start + step) % ASSET_COLORS.length] as string;
      if (!used.has(candidate)) {
        colour = candidate;
        break;
      }
    }
    used.add(colour);
    taken.set(ticker, colour);
  }
  return tickers.map((t) => (t === OTHER_LABEL ? OTHER_COLOR : (taken.get(t) ?? tickerColor(t))));
}
