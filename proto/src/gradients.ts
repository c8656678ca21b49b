/**
 * The card gradients numbered 1 to 11 (spec §2, §9). Every card of a portfolio (dashboard, community) shows
 * one: the owner's pick when there is one, else one chosen from the slug, so a card keeps its look wherever
 * it appears and across reloads. Each is a diagonal blend of two deep tones under white text: every point
 * of every blend has a contrast of at least 4.5:1 with white (WCAG AA for normal text), which
 * test/gradients.test.ts checks numerically. Deep tones read on a light page and on a dark one (where the
 * web adds a faint outline). No schema library here: the web imports this file at run time.
 */
export const GRADIENT_COUNT = 11;

export interface Gradient {
  /** 1 to 11 */
  id: number;
  name: string;
  /** start and end colours, `#rrggbb`, blended at 135° */
  from: string;
  to: string;
  /** the text colour on it */
  text: string;
}

export const GRADIENTS: readonly Gradient[] = [
  { id: 1, name: "Indigo", from: "#3730a3", to: "#6d28d9", text: "#ffffff" },
  { id: 2, name: "Ocean", from: "#1e3a8a", to: "#0369a1", text: "#ffffff" },
  { id: 3, name: "Lagoon", from: "#115e59", to: "#0f766e", text: "#ffffff" },
  { id: 4, name: "Forest", from: "#166534", to: "#15803d", text: "#ffffff" },
  { id: 5, name: "Orchid", from: "#701a75", to: "#a21caf", text: "#ffffff" },
  { id: 6, name: "Crimson", from: "#9f1239", to: "#be123c", text: "#ffffff" },
  { id: 7, name: "Ember", from: "#9a3412", to: "#c2410c", text: "#ffffff" },
  { id: 8, name: "Slate", from: "#1e293b", to: "#475569", text: "#ffffff" },
  { id: 9, name: "Midnight", from: "#0f172a", to: "#312e81", text: "#ffffff" },
  { id: 10, name: "Berry", from: "#831843", to: "#6b21a8", text: "#ffffff" },
  { id: 11, name: "Moss", from: "#3f6212", to: "#4d7c0f", text: "#ffffff" },
];

/** FNV-1a (32 bit) of the slug, 1 + that mod 11: the same slug gives the same gradient everywhere. */
export function gradientFromSlug(slug: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) {
    hash ^= slug.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return 1 + (hash % GRADIENT_COUNT);
}

const isGradientNumber = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= GRADIENT_COUNT;

/** The gradient a card shows: the owner's pick when valid, else the slug's. */
export function gradientOf(slug: string, picked?: number | null): number {
  return isGradientNumber(picked) ? picked : gradientFromSlug(slug);
}

export const gradientById = (id: number): Gradient => GRADIENTS[(isGradientNumber(id) ? id : 1) - 1] as Gradient;

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour at `t` (0..1) of a blend, as the browser interpolates sRGB in a linear-gradient. */
export function blendAt(from: string, to: string, t: number): string {
  const a = Number.parseInt(from.slice(1), 16);
  const b = Number.parseInt(to.slice(1), 16);
  const mix = (shift: number) => Math.round(((a >> shift) & 255) * (1 - t) + ((b >> shift) & 255) * t);
  return `#${[16, 8, 0].map((s) => mix(s).toString(16).padStart(2, "0")).join("")}`;
}
