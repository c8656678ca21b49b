/**
 * The return receipt of a range as a waterfall (docs/numbers.md "The return receipt"): where the money came from,
 * start → purchases → sales → price gain → currency → end, each step a floating bar from the level before it
 * to the level after it; dividends and fees are cash beside the holdings, shown beside the chart. The figures
 * are the server's; this only lays them out. Type-only chart import: no chart code here.
 */
import type { ApexOptions } from "apexcharts";
import type { Valuation } from "../../app/apiTypes.ts";
import { formatMoney } from "../../lib/format.ts";
import { COLORS } from "../../lib/palette.ts";
import { axisMoney } from "./chartOptions.ts";
import type { RangeName } from "./valuationView.ts";

export type Receipt = NonNullable<NonNullable<Valuation["receipt"]>[RangeName]>;

export interface WaterfallStep {
  label: string;
  /** the change this step makes (start and end: the level itself) */
  amount: number;
  /** the bar, from `from` to `to` */
  from: number;
  to: number;
  kind: "level" | "in" | "out" | "gain" | "loss";
}

/** The ranges that have a receipt, in the page's order. */
export function receiptRanges(valuation: Pick<Valuation, "receipt"> | null): RangeName[] {
  const order: RangeName[] = ["All", "YTD", "1Y", "3Y"];
  return order.filter((r) => valuation?.receipt?.[r]);
}

/** The six steps; a step of less than half a cent still shows (as a line), so the order is always the same. */
export function waterfallSteps(r: Receipt): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ label: "Start", amount: r.startValue, from: 0, to: r.startValue, kind: "level" }];
  let level = r.startValue;
  const move = (label: string, amount: number, kind: (a: number) => WaterfallStep["kind"]) => {
    steps.push({ label, amount, from: level, to: level + amount, kind: kind(amount) });
    level += amount;
  };
  move("Purchases", r.purchases, () => "in");
  move("Sales", -r.sales, () => "out");
  move("Price gain", r.priceGain, (a) => (a < 0 ? "loss" : "gain"));
  move("Currency", r.fxEffect, (a) => (a < 0 ? "loss" : "gain"));
  steps.push({ label: "End", amount: r.endValue, from: 0, to: r.endValue, kind: "level" });
  return steps;
}

const COLOR_OF: Record<WaterfallStep["kind"], string> = {
  level: COLORS.primary,
  in: COLORS.benchmark,
  out: "#f59f00",
  gain: COLORS.gain,
  loss: COLORS.loss,
};

/** A signed amount for a step: "+$550.00", "−$720.00". */
export function signedMoney(amount: number, currency: string): string {
  const text = formatMoney(Math.abs(amount), currency);
  return amount < -0.005 ? `−${text}` : amount > 0.005 ? `+${text}` : text;
}

/** The waterfall's series: one floating bar per step, coloured by what it is. */
export function waterfallSeries(steps: readonly WaterfallStep[]): ApexOptions["series"] {
  return [
    {
      name: "Receipt",
      data: steps.map((s) => ({
        x: narrowScreen() ? (SHORT[s.label] ?? s.label) : s.label,
        y: [Math.min(s.from, s.to), Math.max(s.from, s.to)],
        fillColor: COLOR_OF[s.kind],
      })),
    },
  ];
}

/** The axis' words on a phone, where six long labels run into each other. */
const SHORT: Record<string, string> = {
  Start: "Start",
  Purchases: "Bought",
  Sales: "Sold",
  "Price gain": "Price",
  Currency: "FX",
  End: "End",
};

function narrowScreen(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(max-width: 640px)").matches;
}

export function waterfallOptions(steps: readonly WaterfallStep[], currency: string): ApexOptions {
  const narrow = narrowScreen();
  const amountAt = (index: number) => {
    const s = steps[index];
    return s.kind === "level" ? formatMoney(s.amount, currency) : signedMoney(s.amount, currency);
  };
  return {
    chart: {
      id: "return-receipt",
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      fontFamily: "inherit",
    },
    plotOptions: { bar: { horizontal: false, columnWidth: "60%", borderRadius: 2 } },
    dataLabels: { enabled: false },
    legend: { show: false },
    xaxis: {
      categories: steps.map((s) => (narrow ? (SHORT[s.label] ?? s.label) : s.label)),
      labels: { rotate: 0, hideOverlappingLabels: false, trim: false },
    },
    yaxis: { labels: { formatter: (value: number) => axisMoney(value, currency) } },
    grid: { padding: { left: 4, right: 4 } },
    // plain text: the chart component escapes what a tooltip function returns (components/chartText.ts)
    tooltip: {
      custom: ({ dataPointIndex }: { dataPointIndex: number }) => `${steps[dataPointIndex]?.label ?? ""}: ${amountAt(dataPointIndex)}`,
    },
  };
}
