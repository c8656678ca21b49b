/** The charts' ApexCharts options, built from plain data (type-only import: no chart code here). */
import type { ApexOptions } from "apexcharts";
import { currencyPrefix, formatMoney, formatPercent } from "../../lib/format.ts";
import { COLORS } from "../../lib/palette.ts";
import { ASSET_COLORS, tickerColors } from "../../lib/tickerColors.ts";
import type { Share } from "./assetFigures.ts";
import type { LineChartData } from "./valuationView.ts";
import { type FormatGains, formatMonth } from "./valuationView.ts";

export { ASSET_COLORS } from "../../lib/tickerColors.ts";

const GAIN = COLORS.gain;
const LOSS = COLORS.loss;

const base: ApexOptions = {
  chart: { toolbar: { show: false }, zoom: { enabled: false }, animations: { enabled: false }, fontFamily: "inherit" },
  dataLabels: { enabled: false },
};

/** Whole amounts with k/M for the axis, where the decimals are noise: 12345 → "$12.3k" (in EUR "€12.3k"). */
export function axisMoney(value: number, currency = "USD"): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? "-" : "";
  const unit = currencyPrefix(currency);
  if (abs >= 1e6) return `${sign}${unit}${Number((abs / 1e6).toFixed(1))}M`;
  if (abs >= 1e3) return `${sign}${unit}${Number((abs / 1e3).toFixed(1))}k`;
  return `${sign}${unit}${Math.round(abs)}`;
}

/** A phone's width, when the options are built: room for four month labels, not eight. */
function narrowScreen(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(max-width: 640px)").matches;
}

/** `currency`: the base currency of the amounts (the valuation's baseCurrency). */
export function lineOptions(data: LineChartData, unit: "$" | "%" = "$", currency = "USD"): ApexOptions {
  const ticks = Math.min(narrowScreen() ? 3 : 8, data.months.length - 1);
  const axis = (value: number) => (unit === "%" ? formatPercent(Math.round(value)) : axisMoney(value, currency));
  const exact = (value: number) => (unit === "%" ? formatPercent(value) : formatMoney(value, currency));
  return {
    ...base,
    chart: { ...base.chart, id: "portfolio-value" },
    colors: [ASSET_COLORS[0] as string, COLORS.benchmark],
    stroke: { width: [3, 2], curve: "straight", dashArray: [0, 5] },
    xaxis: { categories: data.months.map(formatMonth), tickAmount: ticks, labels: { rotate: 0, hideOverlappingLabels: true } },
    yaxis: { labels: { formatter: axis } },
    tooltip: { y: { formatter: exact } },
    legend: { position: "top", horizontalAlign: "left" },
  };
}

export function pieOptions(shares: readonly Share[]): ApexOptions {
  return {
    ...base,
    chart: { ...base.chart, id: "asset-shares" },
    labels: shares.map((s) => s.ticker),
    colors: tickerColors(shares.map((s) => s.ticker)),
    dataLabels: { enabled: true, formatter: (value: number) => formatPercent(Math.round(value)) },
    tooltip: { y: { formatter: (value: number) => formatPercent(value) } },
    legend: { position: "bottom" },
  };
}

export interface BarData {
  categories: string[];
  values: (number | null)[];
}

export function barOptions(data: BarData, formatGains: FormatGains, currency = "USD"): ApexOptions {
  const show = (value: number) => (formatGains === "%" ? formatPercent(value) : formatMoney(value, currency));
  return {
    ...base,
    chart: { ...base.chart, id: "profit-loss" },
    colors: [GAIN],
    plotOptions: {
      bar: {
        borderRadius: 4,
        columnWidth: "50%",
        dataLabels: { position: "top" },
        colors: {
          ranges: [
            { from: Number.NEGATIVE_INFINITY, to: 0, color: LOSS },
            { from: 0, to: Number.POSITIVE_INFINITY, color: GAIN },
          ],
        },
      },
    },
    xaxis: { categories: data.categories },
    yaxis: {
      labels: { formatter: (value: number) => (formatGains === "%" ? formatPercent(Math.round(value)) : axisMoney(value, currency)) },
    },
    dataLabels: { enabled: true, formatter: (value: number) => show(value), style: { colors: [COLORS.text] }, offsetY: -18 },
    tooltip: { y: { formatter: (value: number) => show(value) } },
    legend: { show: false },
  };
}
