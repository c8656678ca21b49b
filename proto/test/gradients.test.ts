import { describe, expect, it } from "vitest";
import {
  blendAt,
  contrastRatio,
  GRADIENT_COUNT,
  GRADIENTS,
  gradientById,
  gradientFromSlug,
  gradientOf,
  relativeLuminance,
} from "../src/gradients.ts";

describe("card gradients 1 to 11", () => {
  it("computes WCAG contrast as the standard defines it", () => {
    // white 1.0, black 0.0: (1 + 0.05) / (0 + 0.05) = 21
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
    // #777777: 0x77/255 = 0.46667 → ((0.46667 + 0.055) / 1.055)^2.4 = 0.18447; (1.05) / (0.23447) = 4.478
    expect(relativeLuminance("#777777")).toBeCloseTo(0.18447, 4);
    expect(contrastRatio("#ffffff", "#777777")).toBeCloseTo(4.478, 2);
    expect(blendAt("#000000", "#ffffff", 0.5)).toBe("#808080");
  });

  it("has eleven, numbered 1 to 11", () => {
    expect(GRADIENTS).toHaveLength(GRADIENT_COUNT);
    expect(GRADIENTS.map((g) => g.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("keeps the text at 4.5:1 or more (WCAG AA) on every point of every gradient", () => {
    for (const g of GRADIENTS) {
      for (let i = 0; i <= 50; i++) {
        const ratio = contrastRatio(g.text, blendAt(g.from, g.to, i / 50));
        expect(ratio, `${g.name} at ${i * 2}%`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("chooses one stably from the slug, spread over all eleven", () => {
    expect(gradientFromSlug("growth-picks-a1b2c3")).toBe(gradientFromSlug("growth-picks-a1b2c3"));
    // FNV-1a of "" is the offset basis 2166136261 = 11 × 196921478 + 3 → 1 + 3 = gradient 4
    expect(gradientFromSlug("")).toBe(4);
    const seen = new Set(Array.from({ length: 200 }, (_, i) => gradientFromSlug(`portfolio-${i}`)));
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("takes the owner's pick when it is one of the eleven", () => {
    expect(gradientOf("anything", 7)).toBe(7);
    expect(gradientOf("anything", null)).toBe(gradientFromSlug("anything"));
    expect(gradientOf("anything", 12)).toBe(gradientFromSlug("anything"));
    expect(gradientOf("anything", 0)).toBe(gradientFromSlug("anything"));
    expect(gradientById(4).name).toBe("Forest");
  });
});
