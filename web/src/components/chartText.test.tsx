import { escapeHtml, unescapeHtml } from "@folio/proto/html-text";
import type { ApexOptions } from "apexcharts";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test-utils.tsx";
import { chartProps } from "./ApexChartStub.tsx";
import { Chart } from "./Chart.tsx";
import { safeChart } from "./chartText.ts";

vi.mock("react-apexcharts", () => import("./ApexChartStub.tsx"));

const IMG = "<img src=x onerror=alert(1)>";
const IMG_ESCAPED = "&lt;img src=x onerror=alert(1)&gt;";
const SVG = '"><svg onload=alert(1)>';
const SVG_ESCAPED = "&quot;&gt;&lt;svg onload=alert(1)&gt;";

type Fn = (...args: unknown[]) => unknown;
/** The function at `path` inside the options. */
const at = (options: ApexOptions, ...path: (string | number)[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], options) as Fn;

describe("escapeHtml", () => {
  it("turns the five HTML-significant characters into entities and leaves the rest", () => {
    expect(escapeHtml(IMG)).toBe(IMG_ESCAPED);
    expect(escapeHtml(SVG)).toBe(SVG_ESCAPED);
    expect(escapeHtml("S&P 500 'ETF'")).toBe("S&amp;P 500 &#39;ETF&#39;");
    expect(escapeHtml("javascript:alert(1) {{7*7}} Ünïcödé")).toBe("javascript:alert(1) {{7*7}} Ünïcödé");
  });

  it("is undone by unescapeHtml, also for text that already looks escaped", () => {
    for (const text of [IMG, SVG, "<script>alert(1)</script>", "AT&T", "&lt;b&gt; typed literally", "&amp;&#39;"]) {
      expect(unescapeHtml(escapeHtml(text))).toBe(text);
    }
  });

  it("parses back to the same text in a browser's HTML parser (no element created)", () => {
    const host = document.createElement("div");
    for (const text of [IMG, SVG, "<script>alert(1)</script>", "</span><b>x</b>"]) {
      host.innerHTML = escapeHtml(text);
      expect(host.children).toHaveLength(0);
      expect(host.textContent).toBe(text);
    }
  });
});

describe("safeChart", () => {
  it("escapes series names, point labels, pie labels, categories, legend items and annotation texts", () => {
    const options: ApexOptions = {
      labels: [IMG, "VTI"],
      xaxis: { categories: [SVG, ["two", "<lines>"]] as never },
      legend: { customLegendItems: [IMG] },
      annotations: { points: [{ x: 1, label: { text: IMG }, tooltip: { text: [SVG] } } as never] },
    };
    const { series, options: safe } = safeChart(
      [
        { name: IMG, data: [1, 2] },
        { name: "S&P 500", group: SVG, data: [{ x: IMG, y: 3 }] },
      ],
      options,
    );
    expect(series).toEqual([
      { name: IMG_ESCAPED, data: [1, 2] },
      { name: "S&amp;P 500", group: SVG_ESCAPED, data: [{ x: IMG_ESCAPED, y: 3 }] },
    ]);
    expect(safe.labels).toEqual([IMG_ESCAPED, "VTI"]);
    expect(safe.xaxis?.categories).toEqual([SVG_ESCAPED, ["two", "&lt;lines&gt;"]]);
    expect(safe.legend?.customLegendItems).toEqual([IMG_ESCAPED]);
    const point = (safe.annotations?.points ?? [])[0] as { x: number; label: { text: string }; tooltip: { text: string[] } };
    expect(point).toEqual({ x: 1, label: { text: IMG_ESCAPED }, tooltip: { text: [SVG_ESCAPED] } });
    // the caller's options are left as they were
    expect(options.labels).toEqual([IMG, "VTI"]);
  });

  it("leaves a pie's numbers and series without names as they are", () => {
    expect(safeChart([30, 70], {}).series).toEqual([30, 70]);
    expect(safeChart([{ data: [1] }], {}).series).toEqual([{ data: [1] }]);
  });

  it("escapes what every formatter, custom tooltip and legend formatter returns, at any depth", () => {
    const { options } = safeChart([], {
      legend: { formatter: (name: string) => `${name} (mine)` },
      tooltip: {
        custom: () => IMG,
        x: { formatter: () => SVG },
        y: { formatter: (value: number) => `$${value}`, title: { formatter: (name: string) => name } },
      },
      dataLabels: { formatter: () => [IMG, 42] as never },
      yaxis: [{ labels: { formatter: (value: number) => `${value}%` } }],
    });
    expect(at(options, "legend", "formatter")(IMG_ESCAPED, {})).toBe(`${IMG_ESCAPED} (mine)`);
    expect(at(options, "tooltip", "custom")({})).toBe(IMG_ESCAPED);
    expect(at(options, "tooltip", "x", "formatter")(1)).toBe(SVG_ESCAPED);
    expect(at(options, "tooltip", "y", "formatter")(12.5)).toBe("$12.5");
    expect(at(options, "dataLabels", "formatter")(1, {})).toEqual([IMG_ESCAPED, 42]);
    expect(at(options, "yaxis", 0, "labels", "formatter")(7)).toBe("7%");
  });

  it("hands a formatter the text as typed, so a name it echoes is escaped once, not twice", () => {
    const seen: unknown[] = [];
    const { options } = safeChart([{ name: "AT&T", data: [1] }], {
      tooltip: {
        y: {
          title: {
            formatter: (name: string) => {
              seen.push(name);
              return name;
            },
          },
        },
      },
    });
    const title = at(options, "tooltip", "y", "title", "formatter");
    // ApexCharts hands the formatter the (escaped) series name it was given
    expect(title("AT&amp;T", {})).toBe("AT&amp;T");
    expect(seen).toEqual(["AT&T"]);
  });

  it("keeps functions that do not produce text as they are", () => {
    const mounted = () => undefined;
    const { options } = safeChart([], { chart: { events: { mounted } } });
    expect(options.chart?.events?.mounted).toBe(mounted);
  });
});

describe("Chart", () => {
  it("hands ApexCharts escaped text and keeps the readable table as plain text", async () => {
    const { container, findByTestId, getByRole } = renderWithProviders(
      <Chart
        type="line"
        label="Value chart"
        series={[{ name: IMG, data: [1, 2] }]}
        options={{ xaxis: { categories: ["Jan 2024", "Feb 2024"] }, labels: [SVG] }}
        table={
          <table>
            <tbody>
              <tr>
                <td>{IMG}</td>
              </tr>
            </tbody>
          </table>
        }
      />,
    );
    await findByTestId("apexchart");
    expect(chartProps(container)).toMatchObject({
      series: [{ name: IMG_ESCAPED, data: [1, 2] }],
      labels: [SVG_ESCAPED],
      categories: ["Jan 2024", "Feb 2024"],
    });
    expect(getByRole("cell").textContent).toBe(IMG);
    expect(container.querySelector("img, svg, script")).toBeNull();
  });
});
