import { GRADIENTS, gradientById, gradientOf } from "@folio/proto/gradients";
import type { CSSProperties, ReactNode } from "react";
import "./gradients.css";

export { GRADIENTS, gradientOf };

/**
 * A gradient as a style: a style property set through the DOM, which the strict CSP allows (no <style>
 * element, no inline style attribute parsed from HTML). White text on it passes WCAG AA at every point
 * (proto/test/gradients.test.ts).
 */
export function gradientStyle(id: number): CSSProperties {
  const g = gradientById(id);
  return { backgroundImage: `linear-gradient(135deg, ${g.from}, ${g.to})`, color: g.text };
}

/**
 * The top band of a portfolio's card (dashboard, community) in its gradient: the owner's pick, else the
 * one its slug chooses, so the same portfolio looks the same everywhere.
 */
export function CardBanner({ slug, gradient, children }: { slug: string; gradient?: number | null; children: ReactNode }) {
  const id = gradientOf(slug, gradient);
  return (
    <div className="card-banner" data-gradient={id} style={gradientStyle(id)}>
      {children}
    </div>
  );
}
