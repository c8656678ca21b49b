/**
 * Plaid's investment holdings as the portfolios they become (docs/configuration.md "Brokerage"): one portfolio per
 * investment account, one asset per security it holds.
 *
 * - ticker: the security's `ticker_symbol` when it is one the app can price (TICKER_PATTERN, at most 20
 *   characters); otherwise the CUSIP, else the ISIN, else `PLAID-` and the security id, so the asset is
 *   kept (named after the security) and shown as unpriced rather than dropped or priced as something else.
 * - cash (`type` cash, or a `CUR:` ticker) is left out: a portfolio holds instruments, not a cash balance.
 * - quantity: Plaid's; a position of 0 or less (closed, short) is left out.
 * - PoA: `cost_basis` ÷ quantity where the institution reports a positive cost basis (Plaid's cost basis is
 *   the position's total cost), else `institution_price`, else the security's `close_price`; a holding with
 *   none of them is left out (a purchase price must be > 0).
 * - DoA: the import day (Plaid gives no purchase date).
 * - Several lots of one ticker in one account become one asset: quantities add, PoA is their cost ÷ quantity.
 */

import { TICKER_MAX_LENGTH, TICKER_PATTERN } from "@folio/proto/constants";
import type { EventPayload } from "@folio/proto/events";

export interface PlaidAccountLike {
  account_id: string;
  name: string;
  mask?: string | null;
  type: string;
}
export interface PlaidHoldingLike {
  account_id: string;
  security_id: string;
  quantity: number;
  institution_price: number;
  cost_basis?: number | null;
}
export interface PlaidSecurityLike {
  security_id: string;
  name?: string | null;
  ticker_symbol?: string | null;
  type?: string | null;
  cusip?: string | null;
  isin?: string | null;
  close_price?: number | null;
}
export interface HoldingsLike {
  accounts: PlaidAccountLike[];
  holdings: PlaidHoldingLike[];
  securities: PlaidSecurityLike[];
}

export type ImportedAccount = EventPayload<"brokerage.holdings.imported">["accounts"][number];

const tickerShape = new RegExp(TICKER_PATTERN);
const usable = (t: string | null | undefined): t is string => typeof t === "string" && t.length <= TICKER_MAX_LENGTH && tickerShape.test(t);
const positive = (n: number | null | undefined): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;
/** keeps 6 decimals of a price, dropping float noise (1500 / 7 = 214.285714) */
const price = (n: number) => Math.round(n * 1e6) / 1e6;

export function tickerOf(s: PlaidSecurityLike): string {
  if (usable(s.ticker_symbol)) return s.ticker_symbol.toUpperCase();
  if (usable(s.cusip)) return s.cusip.toUpperCase();
  if (usable(s.isin)) return s.isin.toUpperCase();
  return `PLAID-${s.security_id.replace(/[^A-Za-z0-9]/g, "").toUpperCase()}`.slice(0, TICKER_MAX_LENGTH);
}

export const isCash = (s: PlaidSecurityLike): boolean => s.type === "cash" || (s.ticker_symbol ?? "").toUpperCase().startsWith("CUR:");

/** A display name for an account: its name, with the mask when it has one ("Plaid IRA ••5555"). */
export const accountName = (a: PlaidAccountLike): string => (a.mask ? `${a.name} ••${a.mask}` : a.name);

export function importedAccounts(data: HoldingsLike, today: string): ImportedAccount[] {
  const securities = new Map(data.securities.map((s) => [s.security_id, s]));
  return data.accounts
    .filter((a) => a.type === "investment")
    .map((account) => {
      const byTicker = new Map<string, { name: string; quantity: number; cost: number }>();
      for (const h of data.holdings) {
        if (h.account_id !== account.account_id) continue;
        const security = securities.get(h.security_id);
        if (!security || isCash(security) || !positive(h.quantity)) continue;
        const unit = positive(h.cost_basis)
          ? h.cost_basis / h.quantity
          : positive(h.institution_price)
            ? h.institution_price
            : positive(security.close_price)
              ? security.close_price
              : null;
        if (unit === null) continue;
        const ticker = tickerOf(security);
        const lot = byTicker.get(ticker) ?? { name: security.name?.trim() || ticker, quantity: 0, cost: 0 };
        lot.quantity += h.quantity;
        lot.cost += unit * h.quantity;
        byTicker.set(ticker, lot);
      }
      return {
        accountId: account.account_id,
        name: accountName(account),
        holdings: [...byTicker].map(([ticker, lot]) => ({
          ticker,
          name: lot.name.slice(0, 200),
          quantity: lot.quantity,
          PoA: price(lot.cost / lot.quantity),
          DoA: today,
        })),
      };
    });
}

/**
 * Whether a newly linked item is one the user already connected: the same institution and the same
 * investment accounts (name and mask), as Plaid advises for spotting duplicate Items.
 */
export function sameAccounts(
  a: readonly { name: string; mask: string | null }[],
  b: readonly { name: string; mask: string | null }[],
): boolean {
  const key = (x: { name: string; mask: string | null }) => `${x.name}|${x.mask ?? ""}`;
  const left = new Set(a.map(key));
  return left.size > 0 && b.length === a.length && b.every((x) => left.has(key(x)));
}
