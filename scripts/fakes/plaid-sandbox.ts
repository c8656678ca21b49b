/**
 * The fake Plaid's institutions and what a user holds there, in the shapes of Plaid's Institution,
 * AccountBase, Holding and Security objects (plaid.com/docs/api/institutions/#institutionsget_by_id,
 * plaid.com/docs/api/products/investments/#investmentsholdingsget). Like Plaid's Sandbox, linking an
 * institution always yields the same accounts, and they include what a real brokerage answer includes
 * and an importer must handle: a depository account with no holdings, a security without a ticker,
 * holdings whose `cost_basis` (the total paid for the position, not per share) is null, and a cash
 * position (`CUR:USD`, `is_cash_equivalent`). Tests pass their own institutions for other cases.
 */
import { randomId } from "./fake-http.ts";

export interface FakeAccountTemplate {
  name: string;
  official_name: string | null;
  mask: string;
  type: "investment" | "depository" | "credit" | "loan" | "other";
  subtype: string | null;
}

export interface FakeSecurityTemplate {
  security_id: string;
  name: string | null;
  ticker_symbol: string | null;
  type: string | null;
  subtype?: string | null;
  is_cash_equivalent: boolean;
  close_price: number | null;
  close_price_as_of: string | null;
  cusip?: string | null;
  isin?: string | null;
}

export interface FakeHoldingTemplate {
  /** the account's mask */
  account: string;
  security_id: string;
  quantity: number;
  institution_price: number;
  /** total cost of the position, null when the institution does not report it */
  cost_basis: number | null;
  institution_price_as_of?: string | null;
}

export interface FakeInstitution {
  institution_id: string;
  name: string;
  products: string[];
  url: string | null;
  primary_color: string | null;
  accounts: FakeAccountTemplate[];
  securities: FakeSecurityTemplate[];
  holdings: FakeHoldingTemplate[];
}

const PRICE_DATE = "2026-07-13";

export const FIRST_PLATYPUS_BANK: FakeInstitution = {
  institution_id: "ins_109508",
  name: "First Platypus Bank",
  products: ["assets", "auth", "balance", "transactions", "identity", "investments", "liabilities"],
  url: "https://www.plaid.com",
  primary_color: "#1f1f1f",
  accounts: [
    {
      name: "Plaid Checking",
      official_name: "Plaid Gold Standard 0% Interest Checking",
      mask: "0000",
      type: "depository",
      subtype: "checking",
    },
    { name: "Plaid IRA", official_name: null, mask: "5555", type: "investment", subtype: "ira" },
    { name: "Plaid 401k", official_name: null, mask: "6666", type: "investment", subtype: "401k" },
  ],
  securities: [
    {
      security_id: "fpb-sec-aapl",
      name: "Apple Inc.",
      ticker_symbol: "AAPL",
      type: "equity",
      subtype: "common stock",
      is_cash_equivalent: false,
      close_price: 211.18,
      close_price_as_of: PRICE_DATE,
    },
    {
      security_id: "fpb-sec-vti",
      name: "Vanguard Total Stock Market ETF",
      ticker_symbol: "VTI",
      type: "etf",
      subtype: "etf",
      is_cash_equivalent: false,
      close_price: 300.12,
      close_price_as_of: PRICE_DATE,
    },
    {
      security_id: "fpb-sec-msft",
      name: "Microsoft Corporation",
      ticker_symbol: "MSFT",
      type: "equity",
      subtype: "common stock",
      is_cash_equivalent: false,
      close_price: 500.2,
      close_price_as_of: PRICE_DATE,
    },
    {
      security_id: "fpb-sec-nh1055",
      name: "NH PORTFOLIO 1055 (FIDELITY INDEX)",
      ticker_symbol: null,
      type: "mutual fund",
      subtype: "mutual fund",
      is_cash_equivalent: false,
      close_price: 10.42,
      close_price_as_of: PRICE_DATE,
    },
    {
      security_id: "fpb-sec-usd",
      name: "U S Dollar",
      ticker_symbol: "CUR:USD",
      type: "cash",
      subtype: "cash",
      is_cash_equivalent: true,
      close_price: 1,
      close_price_as_of: null,
    },
  ],
  holdings: [
    { account: "5555", security_id: "fpb-sec-aapl", quantity: 10, institution_price: 211.18, cost_basis: 1500 },
    { account: "5555", security_id: "fpb-sec-vti", quantity: 25, institution_price: 300.12, cost_basis: 5250.5 },
    { account: "5555", security_id: "fpb-sec-usd", quantity: 1200.5, institution_price: 1, cost_basis: 1200.5 },
    { account: "6666", security_id: "fpb-sec-msft", quantity: 5, institution_price: 500.2, cost_basis: null },
    { account: "6666", security_id: "fpb-sec-nh1055", quantity: 100.3, institution_price: 10.42, cost_basis: null },
  ],
};

export const HOUNDSTOOTH_BANK: FakeInstitution = {
  institution_id: "ins_109512",
  name: "Houndstooth Bank",
  products: ["assets", "auth", "balance", "transactions", "identity", "investments", "liabilities"],
  url: "https://www.plaid.com",
  primary_color: "#2f4f4f",
  accounts: [{ name: "Houndstooth Brokerage", official_name: null, mask: "7777", type: "investment", subtype: "brokerage" }],
  securities: [
    {
      security_id: "hb-sec-bnd",
      name: "Vanguard Total Bond Market ETF",
      ticker_symbol: "BND",
      type: "etf",
      subtype: "etf",
      is_cash_equivalent: false,
      close_price: 72.9,
      close_price_as_of: PRICE_DATE,
    },
  ],
  holdings: [{ account: "7777", security_id: "hb-sec-bnd", quantity: 40, institution_price: 72.9, cost_basis: 2980 }],
};

export const SANDBOX_INSTITUTIONS: FakeInstitution[] = [FIRST_PLATYPUS_BANK, HOUNDSTOOTH_BANK];

export interface PlaidAccount {
  account_id: string;
  balances: {
    available: number | null;
    current: number | null;
    iso_currency_code: string | null;
    limit: number | null;
    unofficial_currency_code: string | null;
  };
  mask: string | null;
  name: string;
  official_name: string | null;
  subtype: string | null;
  type: string;
}

export interface PlaidHolding {
  account_id: string;
  security_id: string;
  quantity: number;
  institution_price: number;
  institution_price_as_of: string | null;
  institution_price_datetime: string | null;
  /** recomputed from quantity and price on every answer */
  institution_value: number;
  cost_basis: number | null;
  iso_currency_code: string | null;
  unofficial_currency_code: string | null;
  vested_quantity: number | null;
  vested_value: number | null;
}

export type PlaidSecurity = Record<string, unknown> & { security_id: string; ticker_symbol: string | null; name: string | null };

const cents = (n: number) => Math.round(n * 100) / 100;

/** What one Link to `inst` yields: accounts with ids of their own (Plaid ids are 37 letters and digits), holdings, securities. */
export function linkedData(inst: FakeInstitution): { accounts: PlaidAccount[]; holdings: PlaidHolding[]; securities: PlaidSecurity[] } {
  const accounts: PlaidAccount[] = inst.accounts.map((a) => ({
    account_id: randomId(37),
    balances: {
      available: a.type === "depository" ? 100 : null,
      current: a.type === "depository" ? 110 : 0,
      iso_currency_code: "USD",
      limit: null,
      unofficial_currency_code: null,
    },
    mask: a.mask,
    name: a.name,
    official_name: a.official_name,
    subtype: a.subtype,
    type: a.type,
  }));
  const accountId = (mask: string) => accounts.find((a) => a.mask === mask)?.account_id ?? "";
  return {
    accounts,
    holdings: inst.holdings.map((h) => ({
      account_id: accountId(h.account),
      security_id: h.security_id,
      quantity: h.quantity,
      institution_price: h.institution_price,
      institution_price_as_of: h.institution_price_as_of ?? null,
      institution_price_datetime: null,
      institution_value: cents(h.quantity * h.institution_price),
      cost_basis: h.cost_basis,
      iso_currency_code: "USD",
      unofficial_currency_code: null,
      vested_quantity: null,
      vested_value: null,
    })),
    securities: inst.securities.map((s) => ({
      security_id: s.security_id,
      isin: s.isin ?? null,
      cusip: s.cusip ?? null,
      sedol: null,
      institution_security_id: null,
      institution_id: null,
      proxy_security_id: null,
      name: s.name,
      ticker_symbol: s.ticker_symbol,
      is_cash_equivalent: s.is_cash_equivalent,
      type: s.type,
      subtype: s.subtype ?? null,
      close_price: s.close_price,
      close_price_as_of: s.close_price_as_of,
      update_datetime: null,
      iso_currency_code: "USD",
      unofficial_currency_code: null,
      market_identifier_code: null,
      sector: null,
      industry: null,
      cfi_code: null,
      figi: null,
      option_contract: null,
      fixed_income: null,
    })),
  };
}
