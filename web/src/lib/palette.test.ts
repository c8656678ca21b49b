import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ASSET_COLORS, applyColorTokens, COLORS, colorTokens } from "./palette.ts";

describe("shared colours", () => {
  it("are set on the root as custom properties, one per colour, the assets numbered from 1", () => {
    const root = document.createElement("div");
    applyColorTokens(root);
    expect(root.style.getPropertyValue("--primary")).toBe(COLORS.primary);
    expect(root.style.getPropertyValue("--gain")).toBe(COLORS.gain);
    expect(root.style.getPropertyValue("--asset-1")).toBe(ASSET_COLORS[0]);
    expect(root.style.getPropertyValue("--asset-9")).toBe(ASSET_COLORS[8]);
    expect(Object.keys(colorTokens())).toHaveLength(Object.keys(COLORS).length + 9);
  });

  it("are defined once: no stylesheet declares a token the palette sets", () => {
    const css = readFileSync(join(dirname(new URL(import.meta.url).pathname), "../styles.css"), "utf8");
    for (const token of Object.keys(colorTokens())) expect(css).not.toMatch(new RegExp(`${token}\\s*:`));
  });
});
