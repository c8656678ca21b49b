/** Axis labels, where cents are noise: the tooltips and tables beside a chart keep the exact amounts. */
const wholeUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Whole dollars: 20000 → "$20,000", 1234.56 → "$1,235", -5.4 → "-$5". */
export function wholeMoney(value: number): string {
  const rounded = Math.round(value);
  return wholeUsd.format(rounded === 0 ? 0 : rounded);
}
