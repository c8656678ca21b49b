import { currencyFormat } from "./format.ts";

/**
 * Axis labels, where cents are noise (the tooltips and tables beside a chart keep the exact amounts). Whole amounts of a currency: 20000 → "$20,000", 1234.56 → "$1,235", -5.4 → "-$5"; in EUR "€20,000".
 */
export function wholeMoney(value: number, currency = "USD"): string {
  const rounded = Math.round(value);
  return currencyFormat(currency, 0).format(rounded === 0 ? 0 : rounded);
}
