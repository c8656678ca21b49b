/**
 * Test stand-in for react-apexcharts (jsdom cannot lay out SVG): `vi.mock("react-apexcharts", () =>
 * import("…/ApexChartStub.tsx"))`. It shows what the chart was given, so tests can read categories,
 * labels and series.
 */
import type { Props } from "react-apexcharts";

export default function ApexChartStub({ type, series, options }: Props) {
  return (
    <div
      data-testid="apexchart"
      data-type={type}
      data-categories={JSON.stringify(options?.xaxis?.categories ?? null)}
      data-labels={JSON.stringify(options?.labels ?? null)}
      data-series={JSON.stringify(series ?? null)}
    />
  );
}

/** What a stubbed chart inside `container` was given. */
export function chartProps(container: HTMLElement) {
  const chart = container.querySelector<HTMLElement>('[data-testid="apexchart"]');
  if (!chart) return null;
  const read = (name: string) => JSON.parse(chart.dataset[name] ?? "null");
  return { type: chart.dataset.type, categories: read("categories"), labels: read("labels"), series: read("series") };
}
