import { ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from "@folio/proto/constants";
import { useId, useState } from "react";

/** Spec §5/§9: zoom clamped to 10..2000 %, default 150, step 10. */
export const clampZoom = (value: number): number =>
  Number.isFinite(value) ? Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(value / ZOOM_STEP) * ZOOM_STEP)) : ZOOM_DEFAULT;

/** The screenshot's preview at a zoom of its natural size, in a scrolling frame. */
export function Zoom({ src, alt }: { src: string; alt: string }) {
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const [natural, setNatural] = useState<number | null>(null);
  const id = useId();
  return (
    <figure className="zoom">
      <div className="zoom-controls">
        <button
          type="button"
          className="button secondary small"
          aria-label="Zoom out"
          onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))}
        >
          −
        </button>
        <label htmlFor={id}>Zoom</label>
        <input
          id={id}
          type="number"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={zoom}
          onChange={(e) => setZoom(clampZoom(Number(e.target.value)))}
        />
        <span>%</span>
        <button
          type="button"
          className="button secondary small"
          aria-label="Zoom in"
          onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))}
        >
          +
        </button>
      </div>
      <div className="zoom-frame">
        <img
          src={src}
          alt={alt}
          onLoad={(e) => setNatural(e.currentTarget.naturalWidth)}
          style={natural ? { width: `${(natural * zoom) / 100}px`, maxWidth: "none" } : undefined}
        />
      </div>
    </figure>
  );
}
