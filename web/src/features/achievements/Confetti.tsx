import { type CSSProperties, useEffect, useState } from "react";
import { COLORS } from "../../lib/palette.ts";

/** How long the confetti falls; the pieces are removed after it. */
export const CONFETTI_MS = 3_000;
const CONFETTI = [COLORS.primary, COLORS.gain, "#f59f00", COLORS.loss, "#7048e8", "#15aabf"];

/** Varied start, drift, delay and spin, spread by the piece's number: the same every time, no randomness. */
const PIECES = Array.from({ length: 48 }, (_, n) => ({
  id: `piece-${n}`,
  style: {
    left: `${(n * 37) % 100}%`,
    background: CONFETTI[n % CONFETTI.length],
    animationDelay: `${(n % 8) * 90}ms`,
    animationDuration: `${1600 + ((n * 53) % 900)}ms`,
    "--drift": `${((n * 29) % 120) - 60}px`,
    "--spin": `${360 + ((n * 71) % 540)}deg`,
  } as CSSProperties,
}));

/**
 * CSS confetti (no package, no canvas): spans falling through a keyframe animation. Hidden from
 * assistive technology; reduced motion turns it off in the stylesheet.
 */
export function Confetti() {
  const [falling, setFalling] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setFalling(false), CONFETTI_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!falling) return null;
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {PIECES.map((piece) => (
        <span key={piece.id} className="confetti-piece" style={piece.style} />
      ))}
    </div>
  );
}
