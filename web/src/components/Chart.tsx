/**
 * An ApexCharts chart, loaded on first use: react-apexcharts and apexcharts come in their own chunk, so
 * pages without charts never download them. The figure also carries the data as a table, read by screen
 * readers, and left alone if the chart library fails to load or draw.
 *
 * Every chart's user text is escaped here (chartText.ts). ApexCharts' own stylesheets come with the library
 * (apexStyles.ts) instead of the <style> elements it would inject, which the Content-Security-Policy refuses
 * (`style-src-elem 'self'`).
 */
import "./chart.css";
import type { ApexOptions } from "apexcharts";
import { Component, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { safeChart } from "./chartText.ts";

const ApexChart = lazy(async () => (await Promise.all([import("react-apexcharts"), import("./apexStyles.ts")]))[0]);

export interface ChartProps {
  type: "bar" | "rangeBar" | "pie" | "donut" | "line" | "area";
  series: ApexOptions["series"];
  options: ApexOptions;
  height?: number;
  /** the figure's accessible name */
  label: string;
  /** the same numbers as a table */
  table: ReactNode;
}

/**
 * True once the element is on the screen or near it. The chart library is the largest download of the app
 * and drawing costs the main thread: on a phone (slow CPU, metered data) a chart below the fold, as most
 * are, waits until the reader scrolls towards it. Wider screens, and browsers without
 * IntersectionObserver (jsdom too), draw at once.
 */
function useNearScreen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(
    () =>
      typeof IntersectionObserver === "undefined" ||
      typeof window.matchMedia !== "function" ||
      !window.matchMedia("(max-width: 760px)").matches,
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export function Chart({ label, table, type, series, options, height = 280 }: ChartProps) {
  const [ref, near] = useNearScreen<HTMLElement>();
  // the chart's own accessible name is the figure's (ApexCharts would list the escaped series names)
  const chart = { ...options.chart, injectStyleSheet: false, accessibility: { ...options.chart?.accessibility, description: label } };
  const safe = safeChart(series, { ...options, chart });
  const placeholder = <div className="chart-placeholder" style={{ height }} />;
  return (
    <figure className="chart" aria-label={label} ref={ref}>
      <ChartBoundary>
        {near ? (
          <Suspense fallback={placeholder}>
            <ApexChart type={type} series={safe.series} options={safe.options} height={height} />
          </Suspense>
        ) : (
          placeholder
        )}
      </ChartBoundary>
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}

/** A chart that cannot load or draw leaves its data table, not a broken page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <p className="muted">The chart could not be drawn.</p> : this.props.children;
  }
}
