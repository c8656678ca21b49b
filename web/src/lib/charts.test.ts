import { describe, expect, it } from "vitest";
import { axisMoney } from "../features/portfolio/chartOptions.ts";
import { wholeMoney } from "./chartAxis.ts";
import { ASSET_COLORS, OTHER_COLOR, tickerColor, tickerColors } from "./tickerColors.ts";
import { formatReturn, returnTone } from "./totalReturn.ts";

describe("ticker colours", () => {
  it("give a ticker the same colour whatever chart, order or company it is in", () => {
    const alone = tickerColors(["VTI"])[0];
    expect(alone).toBe(tickerColor("VTI"));
    // in any company that does not want the same colour first
    const others = ["NVDA", "KO", "AAPL", "MSFT", "BND", "SCHD"].filter((t) => tickerColor(t) !== alone);
    expect(others.length).toBeGreaterThan(2);
    expect(tickerColors([others[0]!, "VTI"])[1]).toBe(alone);
    expect(tickerColors([...others, "VTI"]).at(-1)).toBe(alone);
    expect(tickerColors(["VTI", ...others.reverse()])[0]).toBe(alone);
    expect(ASSET_COLORS).toContain(alone);
  });

  it("never give two tickers of one chart the same colour, and grey to Other", () => {
    const tickers = ["VTI", "VXUS", "BND", "AAPL", "MSFT", "NVDA", "GOOGL", "SCHD", "VYM"];
    const colours = tickerColors(tickers);
    expect(new Set(colours).size).toBe(9);
    expect(tickerColors(["VTI", "Other"])[1]).toBe(OTHER_COLOR);
  });

  it("resolve a clash the same way every time: the later ticker alphabetically moves on", () => {
    // find two tickers that share a first choice, then check the earlier one keeps it in either order
    const names = ["VTI", "VXUS", "BND", "AAPL", "MSFT", "NVDA", "GOOGL", "SCHD", "VYM", "KO", "O", "JNJ", "PG", "SPY", "QQQ"];
    const clash = names.flatMap((a) => names.filter((b) => a < b && tickerColor(a) === tickerColor(b)).map((b) => [a, b] as const))[0];
    expect(clash).toBeDefined();
    const [first, second] = clash!;
    expect(tickerColors([first, second])).toEqual(tickerColors([second, first]).reverse());
    expect(tickerColors([second, first])[1]).toBe(tickerColor(first));
    expect(tickerColors([second, first])[0]).not.toBe(tickerColor(first));
  });
});

describe("net-worth axis", () => {
  it("shows whole dollars: no cents on an axis", () => {
    expect(wholeMoney(20000)).toBe("$20,000");
    expect(wholeMoney(1234.56)).toBe("$1,235");
    expect(wholeMoney(0.4)).toBe("$0");
    expect(wholeMoney(-5.4)).toBe("-$5");
  });

  it("and whole units of the base currency it is in", () => {
    expect(wholeMoney(28696.63, "EUR")).toBe("€28,697");
    expect(wholeMoney(-5.4, "GBP")).toBe("-£5");
    expect(wholeMoney(1500, "CHF")).toBe("CHF\u00a01,500");
  });
});

describe("the portfolio charts' money axis", () => {
  it("abbreviates with the sign of the valuation's base currency", () => {
    expect(axisMoney(12345)).toBe("$12.3k");
    expect(axisMoney(30000, "EUR")).toBe("€30k");
    expect(axisMoney(-5000, "GBP")).toBe("-£5k");
    expect(axisMoney(2_500_000, "JPY")).toBe("¥2.5M");
    expect(axisMoney(740, "CHF")).toBe("CHF\u00a0740");
  });
});

describe("the one labelled return", () => {
  it("carries its sign, and NA when unknown", () => {
    expect(formatReturn(238)).toBe("+238%");
    expect(formatReturn(6.329)).toBe("+6.33%");
    expect(formatReturn(-3.5)).toBe("-3.50%");
    expect(formatReturn(0.001)).toBe("0%");
    expect(formatReturn(null)).toBe("NA");
    expect(returnTone(-1)).toBe("loss");
    expect(returnTone(0)).toBe("");
  });
});
