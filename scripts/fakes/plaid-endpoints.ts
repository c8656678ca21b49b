/**
 * The Plaid endpoints the fake answers and the state behind them: link tokens, items (one per completed
 * Link, with their own account ids), public tokens (single use, 30 minutes), access tokens, holdings.
 * Each endpoint lists the body fields it accepts (others are UNKNOWN_FIELDS) and requires (else
 * MISSING_FIELDS), as Plaid validates; field lists from plaid.com/docs/api and plaid-node's request types.
 */
import { randomUUID } from "node:crypto";
import { randomId } from "./fake-http.ts";
import { invalidField, invalidInput, PlaidApiError } from "./plaid-errors.ts";
import { type FakeInstitution, linkedData, type PlaidAccount, type PlaidHolding, type PlaidSecurity } from "./plaid-sandbox.ts";
import type { PlaidSigningKey } from "./plaid-webhooks.ts";

export interface PlaidItem {
  item_id: string;
  institution_id: string;
  webhook: string | null;
  products: string[];
  public_token: string;
  /** ms */
  public_token_created_at: number;
  access_token: string | null;
  error: PlaidApiError | null;
  removed: boolean;
  /** ms */
  created_at: number;
  accounts: PlaidAccount[];
  holdings: PlaidHolding[];
  securities: PlaidSecurity[];
  lastWebhook: { sent_at: string; code_sent: string } | null;
}

export interface PlaidLinkToken {
  link_token: string;
  /** ms */
  expires_at: number;
  webhook: string | null;
  products: string[];
}

interface State {
  institutions: Map<string, FakeInstitution>;
  items: Map<string, PlaidItem>;
  linkTokens: Map<string, PlaidLinkToken>;
}

export interface PlaidEndpoint {
  fields: string[];
  required: string[];
  run(body: Record<string, unknown>): object;
}

const PRODUCTS = new Set(
  "assets auth balance balance_plus beacon identity identity_match investments investments_auth liabilities payment_initiation identity_verification transactions credit_details income income_verification standing_orders transfer employment recurring_transactions transactions_refresh signal statements".split(
    " ",
  ),
);
const PUBLIC_TOKEN_LIFETIME_MS = 30 * 60 * 1000;
const LINK_TOKEN_LIFETIME_MS = 4 * 60 * 60 * 1000;
const cents = (n: number) => Math.round(n * 100) / 100;

function productsOf(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((p) => typeof p !== "string")) throw invalidField(`${field} must be an array of strings`);
  const unknown = value.filter((p) => !PRODUCTS.has(p));
  if (unknown.length > 0)
    throw invalidInput("INVALID_PRODUCT", `client is not authorized to access the following products: ${JSON.stringify(unknown)}`);
  return value as string[];
}

function webhookOf(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  try {
    if (typeof value === "string" && /^https?:$/.test(new URL(value).protocol)) return value;
  } catch {}
  throw invalidField("webhook must be a valid URL");
}

export function plaidEndpoints(state: State, env: { now: () => number; keys: PlaidSigningKey[] }) {
  const { now } = env;

  function institution(id: unknown): FakeInstitution {
    const found = typeof id === "string" ? state.institutions.get(id) : undefined;
    if (!found) throw invalidInput("INVALID_INSTITUTION", "invalid institution_id provided");
    return found;
  }

  function createItem(inst: FakeInstitution, webhook: string | null, products: string[]): PlaidItem {
    const item: PlaidItem = {
      item_id: randomId(37),
      institution_id: inst.institution_id,
      webhook,
      products,
      public_token: `public-sandbox-${randomUUID()}`,
      public_token_created_at: now(),
      access_token: null,
      error: null,
      removed: false,
      created_at: now(),
      ...linkedData(inst),
      lastWebhook: null,
    };
    state.items.set(item.item_id, item);
    return item;
  }

  /** the live item behind an access token, or Plaid's error for it */
  function itemOf(token: unknown): PlaidItem {
    const item = typeof token === "string" ? [...state.items.values()].find((i) => i.access_token === token) : undefined;
    if (!item) throw invalidInput("INVALID_ACCESS_TOKEN", "could not find matching access token");
    if (item.removed)
      throw new PlaidApiError(
        400,
        "ITEM_ERROR",
        "ITEM_NOT_FOUND",
        "The Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.",
      );
    return item;
  }

  function itemObject(item: PlaidItem) {
    const inst = state.institutions.get(item.institution_id);
    return {
      item_id: item.item_id,
      institution_id: item.institution_id,
      institution_name: inst?.name ?? null,
      webhook: item.webhook,
      auth_method: null,
      error: item.error?.asItemError() ?? null,
      available_products: (inst?.products ?? []).filter((p) => !item.products.includes(p)),
      billed_products: item.products,
      products: item.products,
      consented_products: item.products,
      consent_expiration_time: null,
      update_type: "background",
      created_at: new Date(item.created_at).toISOString(),
    };
  }

  /** accounts with investment balances summed from the holdings as they are now */
  function accountsOf(item: PlaidItem, holdings: PlaidHolding[]): PlaidAccount[] {
    return item.accounts.map((a) => {
      if (a.type !== "investment") return a;
      const current = cents(holdings.filter((h) => h.account_id === a.account_id).reduce((sum, h) => sum + h.institution_value, 0));
      return { ...a, balances: { ...a.balances, current } };
    });
  }

  const endpoints: Record<string, PlaidEndpoint> = {
    "/link/token/create": {
      fields: [
        "client_name",
        "language",
        "country_codes",
        "user",
        "user_id",
        "user_token",
        "products",
        "required_if_supported_products",
        "optional_products",
        "additional_consented_products",
        "webhook",
        "access_token",
        "access_tokens",
        "link_customization_name",
        "redirect_uri",
        "android_package_name",
        "institution_data",
        "account_filters",
        "institution_id",
        "investments",
        "hosted_link",
        "update",
      ],
      required: ["client_name", "language", "country_codes"],
      run: (body) => {
        const user = body.user as { client_user_id?: unknown } | undefined;
        if (!(typeof user?.client_user_id === "string" && user.client_user_id) && !body.user_id && !body.user_token)
          throw new PlaidApiError(
            400,
            "INVALID_REQUEST",
            "MISSING_FIELDS",
            "the following required fields are missing: user.client_user_id",
          );
        if (!Array.isArray(body.country_codes) || body.country_codes.length === 0)
          throw invalidField("country_codes must be a non-empty array");
        const products = [
          ...productsOf(body.products, "products"),
          ...productsOf(body.required_if_supported_products, "required_if_supported_products"),
        ];
        if (products.length === 0 && !body.access_token) throw invalidField("products must contain at least one product");
        const token: PlaidLinkToken = {
          link_token: `link-sandbox-${randomUUID()}`,
          expires_at: now() + LINK_TOKEN_LIFETIME_MS,
          webhook: webhookOf(body.webhook),
          products,
        };
        state.linkTokens.set(token.link_token, token);
        return { link_token: token.link_token, expiration: new Date(token.expires_at).toISOString().replace(/\.\d{3}Z$/, "Z") };
      },
    },
    "/sandbox/public_token/create": {
      fields: ["institution_id", "initial_products", "options", "user_token", "user_id"],
      required: ["institution_id", "initial_products"],
      run: (body) => {
        const inst = institution(body.institution_id);
        const products = productsOf(body.initial_products, "initial_products");
        const options = (body.options ?? {}) as { webhook?: unknown };
        return { public_token: createItem(inst, webhookOf(options.webhook), products).public_token };
      },
    },
    "/item/public_token/exchange": {
      fields: ["public_token"],
      required: ["public_token"],
      run: (body) => {
        const item = [...state.items.values()].find((i) => i.public_token === body.public_token && i.access_token === null);
        if (!item) throw invalidInput("INVALID_PUBLIC_TOKEN", "could not find matching public token");
        if (now() - item.public_token_created_at > PUBLIC_TOKEN_LIFETIME_MS)
          throw invalidInput(
            "INVALID_PUBLIC_TOKEN",
            "provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged",
          );
        item.access_token = `access-sandbox-${randomUUID()}`;
        return { access_token: item.access_token, item_id: item.item_id };
      },
    },
    "/investments/holdings/get": {
      fields: ["access_token", "options"],
      required: ["access_token"],
      run: (body) => {
        const item = itemOf(body.access_token);
        if (item.error) throw item.error;
        if (!item.accounts.some((a) => a.type === "investment"))
          throw new PlaidApiError(
            400,
            "ITEM_ERROR",
            "NO_INVESTMENT_ACCOUNTS",
            "There are no valid investment account(s) associated with this Item. See https://plaid.com/docs/api/#item-errors for more information.",
          );
        const wanted = (body.options as { account_ids?: unknown } | undefined)?.account_ids;
        if (wanted !== undefined && (!Array.isArray(wanted) || wanted.some((id) => !item.accounts.some((a) => a.account_id === id))))
          throw invalidInput("INVALID_ACCOUNT_ID", "failed to find requested account ID for requested item");
        const holdings = item.holdings.map((h) => ({ ...h, institution_value: cents(h.quantity * h.institution_price) }));
        const accounts = accountsOf(item, holdings).filter((a) => !Array.isArray(wanted) || wanted.includes(a.account_id));
        const shown = holdings.filter((h) => accounts.some((a) => a.account_id === h.account_id));
        return {
          accounts,
          holdings: shown,
          securities: item.securities.filter((s) => shown.some((h) => h.security_id === s.security_id)),
          item: itemObject(item),
        };
      },
    },
    "/item/get": {
      fields: ["access_token"],
      required: ["access_token"],
      run: (body) => {
        const item = itemOf(body.access_token);
        return {
          item: itemObject(item),
          status: {
            investments: {
              last_successful_update: new Date(item.created_at).toISOString(),
              last_failed_update: item.error ? new Date(now()).toISOString() : null,
            },
            transactions: null,
            last_webhook: item.lastWebhook,
          },
        };
      },
    },
    "/institutions/get_by_id": {
      fields: ["institution_id", "country_codes", "options"],
      required: ["institution_id", "country_codes"],
      run: (body) => {
        const inst = institution(body.institution_id);
        const optional = (body.options as { include_optional_metadata?: unknown } | undefined)?.include_optional_metadata === true;
        return {
          institution: {
            country_codes: ["US"],
            institution_id: inst.institution_id,
            name: inst.name,
            products: inst.products,
            routing_numbers: [],
            dtc_numbers: [],
            oauth: false,
            status: null,
            ...(optional ? { url: inst.url, primary_color: inst.primary_color, logo: null } : {}),
          },
        };
      },
    },
    "/item/remove": {
      fields: ["access_token", "reason_code", "reason_note"],
      required: ["access_token"],
      run: (body) => {
        itemOf(body.access_token).removed = true;
        return {};
      },
    },
    "/webhook_verification_key/get": {
      fields: ["key_id"],
      required: ["key_id"],
      run: (body) => {
        const key = env.keys.find((k) => k.jwk.kid === body.key_id);
        if (!key) throw invalidInput("INVALID_WEBHOOK_VERIFICATION_KEY_ID", "invalid key_id provided");
        return { key: key.jwk };
      },
    },
  };

  function completeLink(linkToken: string, institutionId?: string) {
    const token = state.linkTokens.get(linkToken);
    if (!token) throw new Error(`fake Plaid: no link token ${linkToken}`);
    if (now() > token.expires_at) throw new Error(`fake Plaid: link token ${linkToken} expired`);
    const inst = institutionId ? institution(institutionId) : [...state.institutions.values()][0];
    const item = createItem(inst, token.webhook, token.products);
    return {
      public_token: item.public_token,
      metadata: {
        institution: { name: inst.name, institution_id: inst.institution_id },
        accounts: item.accounts.map((a) => ({
          id: a.account_id,
          name: a.name,
          mask: a.mask ?? "",
          type: a.type,
          subtype: a.subtype,
          verification_status: null,
        })),
        link_session_id: randomUUID(),
        transfer_status: null,
      },
    };
  }

  return { endpoints, completeLink };
}
