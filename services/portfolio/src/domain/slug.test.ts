import { describe, expect, it } from "vitest";
import { FALLBACK_SLUG, firstFreeSlug, SLUG_MAX_LENGTH, slugCandidate, slugCandidates, slugify } from "./slug.ts";

describe("slugify", () => {
  it("lowercases and joins words with single hyphens", () => {
    expect(slugify("My Tech  Stocks")).toBe("my-tech-stocks");
  });

  it("drops punctuation at the ends and collapses runs of it inside", () => {
    expect(slugify("  --Dividends & Income!!  ")).toBe("dividends-income");
  });

  it("folds accents to their base letters", () => {
    expect(slugify("Épargne Retraite Ünd Çok")).toBe("epargne-retraite-und-cok");
  });

  it("keeps digits", () => {
    expect(slugify("Top 10 of 2026")).toBe("top-10-of-2026");
  });

  it("falls back to 'portfolio' when nothing is left", () => {
    expect(slugify("!!!")).toBe(FALLBACK_SLUG);
    expect(slugify("日本株")).toBe("portfolio");
    expect(slugify("")).toBe("portfolio");
  });

  it("cuts at 60 characters without leaving a trailing hyphen", () => {
    // 59 a's, a space, then more: the cut at 60 would end in "-", which is trimmed to the 59 a's
    const name = `${"a".repeat(59)} bcd`;
    expect(slugify(name)).toBe("a".repeat(59));
    expect(slugify("x".repeat(100))).toHaveLength(SLUG_MAX_LENGTH);
  });
});

describe("slug candidates", () => {
  it("counts from the base: base, base-2, base-3", () => {
    expect(slugCandidates("growth", 1, 3)).toEqual(["growth", "growth-2", "growth-3"]);
    expect(slugCandidates("growth", 21, 2)).toEqual(["growth-21", "growth-22"]);
  });

  it("shortens a long base so the suffix still fits in 60", () => {
    const base = "b".repeat(60);
    // "-12" is 3 characters, so 57 b's remain: 57 + 3 = 60
    expect(slugCandidate(base, 12)).toBe(`${"b".repeat(57)}-12`);
    expect(slugCandidate(base, 12)).toHaveLength(60);
  });

  it("trims a hyphen the shortening exposes", () => {
    // 57 c's, "-", "dd" (60): room for 58 before "-2" ends the cut in "-", so 57 c's remain, then "-2"
    const base = `${"c".repeat(57)}-dd`;
    expect(slugCandidate(base, 2)).toBe(`${"c".repeat(57)}-2`);
  });
});

describe("firstFreeSlug", () => {
  it("takes the first candidate nobody has", () => {
    expect(firstFreeSlug(["a", "a-2", "a-3"], new Set(["a", "a-2"]))).toBe("a-3");
  });

  it("answers null when every candidate is taken", () => {
    expect(firstFreeSlug(["a", "a-2"], new Set(["a", "a-2"]))).toBeNull();
  });

  it("never hands out 'new', the slug of an unsaved portfolio", () => {
    expect(firstFreeSlug(slugCandidates(slugify("New"), 1, 3), new Set())).toBe("new-2");
  });
});
