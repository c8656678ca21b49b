/**
 * An ApexCharts chart, loaded on first use: react-apexcharts and apexcharts come in their own chunk, so
 * pages without charts never download them. The figure also carries the data as a table, read by screen
 * readers, and left alone if the chart library fails to load or draw.
 *
 * Every chart's user text is escaped here (chartText.ts). ApexCharts' own stylesheets come from these
 * imports instead of the <style> elements it would inject, which the Content-Security-Policy refuses
 * (`style-src-elem 'self'`).
 */
import "apexcharts/dist/apexcharts.css";
import "apexcharts/dist/apexcharts-legend.css";
import "./chart.css";
import type { ApexOptions } from "apexcharts";
import { Component, lazy, type ReactNode, Suspense } from "react";
import { safeChart } from "./chartText.ts";

const ApexChart = lazy(() => import("react-apexcharts"));

export interface ChartProps {
  type: "bar" | "pie" | "donut" | "line" | "area";
  series: ApexOptions["series"];
  options: ApexOptions;
  height?: number;
  /** the figure's accessible name */
  label: string;
  /** the same numbers as a table */
  table: ReactNode;
}

export function Chart({ label, table, type, series, options, height = 280 }: ChartProps) {
  // the chart's own accessible name is the figure's (ApexCharts would list the escaped series names)
  const chart = { ...options.chart, injectStyleSheet: false, accessibility: { ...options.chart?.accessibility, description: label } };
  const safe = safeChart(series, { ...options, chart });
  return (
    <figure className="chart" aria-label={label}>
      <ChartBoundary>
        <Suspense fallback={<div className="chart-placeholder" style={{ height }} />}>
          <ApexChart type={type} series={safe.series} options={safe.options} height={height} />
        </Suspense>
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
