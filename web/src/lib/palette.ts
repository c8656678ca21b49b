/**
 * The colours both the stylesheets and the charts use, defined once. The charts (ApexCharts options) take
 * them from here; the stylesheets read them as CSS custom properties, which `applyColorTokens` sets on the
 * root element at start-up (CSSOM, so the CSP needs no inline style or style element). Colours only the
 * stylesheets use stay tokens in styles.css.
 */

export const COLORS = {
  /** body text; the charts' data labels */
  text: "#1d2433",
  /** links, primary buttons; the first series of a chart */
  primary: "#3b5bdb",
  /** a rise on the charts (bars above zero) */
  gain: "#1f9d62",
  /** a fall on the charts (bars below zero) */
  loss: "#d9344a",
  /** a comparison line (the benchmark) */
  benchmark: "#868e96",
  /** the slice that gathers the smaller holdings */
  other: "#adb5bd",
} as const;

/** Spec §9: the nine asset/pie colours, in a fixed order (the first is the primary blue). */
export const ASSET_COLORS = [COLORS.primary, "#f59f00", "#12b886", "#e8590c", "#7048e8", "#1098ad", "#d6336c", "#74b816", "#495057"];

/** The CSS custom property of each shared colour: `--text`, `--primary`, `--gain` … and `--asset-1` … `--asset-9`. */
export function colorTokens(): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [name, value] of Object.entries(COLORS)) tokens[`--${name}`] = value;
  ASSET_COLORS.forEach((value, i) => {
    tokens[`--asset-${i + 1}`] = value;
  });
  return tokens;
}

/** Sets the shared colours as custom properties on the root element (once, before the first render). */
export function applyColorTokens(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(colorTokens())) root.style.setProperty(name, value);
}
