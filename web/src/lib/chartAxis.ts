/** Axis labels, where cents are noise: the tooltips and tables beside a chart keep the exact amounts. */
const whole = new Map<string, Intl.NumberFormat>();

function wholeFormat(currency: string): Intl.NumberFormat {
  let format = whole.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat("en-US", { style: "currency", currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
    } catch {
      format = wholeFormat("USD");
    }
    whole.set(currency, format);
  }
  return format;
}

/** Whole amounts of a currency: 20000 → "$20,000", 1234.56 → "$1,235", -5.4 → "-$5"; in EUR "€20,000". */
export function wholeMoney(value: number, currency = "USD"): string {
  const rounded = Math.round(value);
  return wholeFormat(currency).format(rounded === 0 ? 0 : rounded);
}
