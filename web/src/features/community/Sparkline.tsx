/**
 * A portfolio's monthly value history as a small line: an inline SVG polyline, no chart library. The
 * values are scaled to fill the box; a line with fewer than two months is not drawn (spec §4 Charts).
 */
export function sparklinePoints(history: Record<string, number>, width: number, height: number): string | null {
  const months = Object.keys(history).sort();
  if (months.length < 2) return null;
  const values = months.map((m) => history[m] as number);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = width / (months.length - 1);
  return values
    .map((v, i) => {
      const x = i * step;
      // a flat line sits in the middle rather than on the floor
      const y = max === min ? height / 2 : height - ((v - min) / span) * height;
      return `${round(x)},${round(y)}`;
    })
    .join(" ");
}

const round = (n: number) => Math.round(n * 10) / 10;

export function Sparkline({ history, width = 160, height = 40 }: { history: Record<string, number>; width?: number; height?: number }) {
  const points = sparklinePoints(history, width, height);
  if (!points) return null;
  const months = Object.keys(history).sort();
  const values = months.map((m) => history[m] as number);
  const rising = (values.at(-1) ?? 0) >= (values[0] ?? 0);
  return (
    <svg
      className={`sparkline ${rising ? "up" : "down"}`}
      role="img"
      aria-label={`Value from ${months[0]} to ${months.at(-1)}`}
      viewBox={`-1 -1 ${width + 2} ${height + 2}`}
      width={width}
      height={height}
      preserveAspectRatio="none"
    >
      <polyline points={points} fill="none" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
