/**
 * User text reaches a chart as text only. ApexCharts writes series names, pie labels, categories and every
 * formatter's output into its legend and tooltips with innerHTML (apexcharts.js issues #816, #3328), so a
 * portfolio named `<img src=x onerror=…>` would run in every visitor's page. The Chart component passes
 * every chart through `safeChart`, the one place this is handled:
 *
 * - the data's text (series names, point `x` labels, `labels`, `xaxis.categories`, custom legend items,
 *   annotation texts) is HTML-escaped before ApexCharts sees it, so whatever ApexCharts derives from it
 *   (legend, tooltip title and series name, aria labels) is escaped too;
 * - every function that returns text for the chart (`formatter`, `custom`, `tooltipHoverFormatter`,
 *   `customHTML`, at any depth) has its result escaped, and gets the original text as its first argument
 *   (not the escaped one), so a formatter that echoes a name is escaped once, not twice.
 *
 * The cost: ApexCharts draws axis labels, data labels and titles as SVG text (textContent), where an
 * escaped `&` would show as `&amp;`. So user text belongs in series names and labels (legend, tooltips),
 * not in axis categories or titles; the app's categories are months, periods and weeks.
 */
import { escapeHtml, unescapeHtml } from "@folio/proto/html-text";
import type { ApexOptions } from "apexcharts";

/** Strings (also inside arrays, for multi-line labels) escaped; numbers, null and the rest untouched. */
function escapeText<T>(value: T): T {
  if (typeof value === "string") return escapeHtml(value) as T;
  if (Array.isArray(value)) return value.map(escapeText) as T;
  return value;
}

/** Keys whose function values return text that ApexCharts may insert as HTML. */
const TEXT_FUNCTIONS = new Set(["formatter", "custom", "tooltipHoverFormatter", "customHTML"]);

function escapingFunction(fn: (...args: unknown[]) => unknown) {
  return (first: unknown, ...rest: unknown[]) => escapeText(fn(typeof first === "string" ? unescapeHtml(first) : first, ...rest));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/** A copy of `options` whose text functions escape what they return. */
function escapeFunctions(value: unknown, key = ""): unknown {
  if (typeof value === "function") return TEXT_FUNCTIONS.has(key) ? escapingFunction(value as (...args: unknown[]) => unknown) : value;
  if (Array.isArray(value)) return value.map((item) => escapeFunctions(item, key));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeFunctions(v, k)]));
}

/** Annotation labels and their tooltips are written as HTML: every `text` in them is escaped. */
function escapeAnnotationTexts(value: unknown, key = ""): unknown {
  if (key === "text") return escapeText(value);
  if (Array.isArray(value)) return value.map((item) => escapeAnnotationTexts(item, key));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, escapeAnnotationTexts(v, k)]));
}

type Series = ApexOptions["series"];

function escapeSeries(series: Series): Series {
  if (!Array.isArray(series)) return series;
  return series.map((entry) => {
    if (!isPlainObject(entry)) return entry; // a pie's plain numbers
    const safe: Record<string, unknown> = { ...entry };
    for (const key of ["name", "group"]) if (key in safe) safe[key] = escapeText(safe[key]);
    if (Array.isArray(safe.data))
      safe.data = safe.data.map((point) => (isPlainObject(point) && "x" in point ? { ...point, x: escapeText(point.x) } : point));
    return safe;
  }) as Series;
}

/** The series and options to hand ApexCharts: every user text in them escaped, once. */
export function safeChart(series: Series, options: ApexOptions): { series: Series; options: ApexOptions } {
  const safe = escapeFunctions(options) as ApexOptions;
  if (safe.labels) safe.labels = escapeText(safe.labels);
  if (safe.xaxis?.categories) safe.xaxis = { ...safe.xaxis, categories: escapeText(safe.xaxis.categories) };
  if (safe.legend?.customLegendItems) safe.legend = { ...safe.legend, customLegendItems: escapeText(safe.legend.customLegendItems) };
  if (safe.annotations) safe.annotations = escapeAnnotationTexts(safe.annotations) as ApexOptions["annotations"];
  return { series: escapeSeries(series), options: safe };
}
