/**
 * A local stand-in for Plaid's API (version 2020-09-14), for the brokerage service's tests and for running
 * the app offline: link tokens, Sandbox public tokens (Link without its UI), token exchange, investment
 * holdings, items, institutions, item removal, and signed webhooks (HOLDINGS: DEFAULT_UPDATE, ITEM: ERROR).
 *
 * Wire format followed (plaid.com/docs): JSON POST bodies; `client_id` and `secret` in the body or in the
 * PLAID-CLIENT-ID / PLAID-SECRET headers (/api/#api-access); errors as {error_type, error_code,
 * error_message, display_message, request_id} with the documented status and wording (/errors/item,
 * /errors/invalid-input, /errors/invalid-request); responses per endpoint (/api/link/#linktokencreate,
 * /api/sandbox/#sandboxpublic_tokencreate, /api/items/#itempublic_tokenexchange,
 * /api/products/investments/#investmentsholdingsget, /api/items/#itemget,
 * /api/institutions/#institutionsget_by_id, /api/items/#itemremove), shapes checked against plaid-node's
 * generated types; webhooks per /api/products/investments/#holdings-default_update and
 * /api/items/#error, signed as in plaid-webhooks.ts. Checked through the official SDK (plaid.test.ts).
 *
 *   node --import tsx scripts/fakes/plaid.ts [--port 12112]
 *   then PLAID_BASE_URL=http://127.0.0.1:12112 PLAID_CLIENT_ID=fake-client-id PLAID_SECRET=fake-sandbox-secret
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import {
  type Fault,
  type FaultOptions,
  FaultQueue,
  listen,
  playFault,
  type RecordedRequest,
  randomId,
  readBody,
  sendJson,
} from "./fake-http.ts";
import { type PlaidItem, type PlaidLinkToken, plaidEndpoints } from "./plaid-endpoints.ts";
import { PlaidApiError } from "./plaid-errors.ts";
import { type FakeInstitution, SANDBOX_INSTITUTIONS } from "./plaid-sandbox.ts";
import {
  deliverPlaidWebhook,
  newSigningKey,
  type PlaidDelivery,
  type PlaidJwk,
  type PlaidSigningKey,
  signPlaidWebhook,
} from "./plaid-webhooks.ts";

export type { PlaidItem } from "./plaid-endpoints.ts";
export { PlaidApiError } from "./plaid-errors.ts";
export type { FakeInstitution } from "./plaid-sandbox.ts";
export type { PlaidDelivery, PlaidJwk } from "./plaid-webhooks.ts";

export interface FakePlaidOptions {
  port?: number;
  host?: string;
  /** the only credentials accepted (defaults "fake-client-id" / "fake-sandbox-secret") */
  clientId?: string;
  secret?: string;
  /** what can be linked (default: First Platypus Bank and Houndstooth Bank, see plaid-sandbox.ts) */
  institutions?: FakeInstitution[];
  /** the fake's clock in ms (default Date.now) */
  now?: () => number;
}

export interface LinkMetadata {
  institution: { name: string; institution_id: string };
  accounts: { id: string; name: string; mask: string; type: string; subtype: string | null; verification_status: null }[];
  link_session_id: string;
  transfer_status: null;
}

export interface FakePlaid {
  url: string;
  clientId: string;
  secret: string;
  institutions: Map<string, FakeInstitution>;
  /** every item created, by item_id: accounts, holdings and securities can be changed by a test */
  items: Map<string, PlaidItem>;
  linkTokens: Map<string, PlaidLinkToken>;
  requests: RecordedRequest<Record<string, unknown>>[];
  deliveries: PlaidDelivery[];
  /** the key webhooks are signed with now, as /webhook_verification_key/get serves it */
  readonly verificationKey: PlaidJwk;
  fail(fault: Fault, options?: FaultOptions): void;
  /** what a user finishing Plaid Link does: an item at the institution, and the public_token and metadata onSuccess gets */
  completeLink(linkToken: string, options?: { institutionId?: string }): { public_token: string; metadata: LinkMetadata };
  /** sends HOLDINGS: DEFAULT_UPDATE to the item's webhook */
  sendHoldingsUpdate(itemId: string, counts?: { new_holdings?: number; updated_holdings?: number }): Promise<PlaidDelivery>;
  /** puts the item in ITEM_LOGIN_REQUIRED (its data calls now fail) and sends ITEM: ERROR */
  requireLogin(itemId: string): Promise<PlaidDelivery>;
  /** sends any webhook body to the item's webhook, signed */
  sendWebhook(itemId: string, payload: object): Promise<PlaidDelivery>;
  /** the Plaid-Verification JWT for a body, issued at `iat` (default now), for tamper and replay tests */
  signWebhook(body: string, iat?: number): string;
  /** a new signing key; the old one stays served with its expired_at set */
  rotateVerificationKey(): PlaidJwk;
  close(): Promise<void>;
}

/** Plaid's own error for a status a test scripts without a body. */
function defaultError(status: number): unknown {
  if (status === 429) return new PlaidApiError(429, "RATE_LIMIT_EXCEEDED", "RATE_LIMIT", "rate limit exceeded").body(randomId(15));
  return new PlaidApiError(
    status,
    "API_ERROR",
    "INTERNAL_SERVER_ERROR",
    "an unexpected error occurred",
    "Something went wrong. Please try again later.",
  ).body(randomId(15));
}

export async function startFakePlaid(options: FakePlaidOptions = {}): Promise<FakePlaid> {
  const now = options.now ?? Date.now;
  const seconds = () => Math.floor(now() / 1000);
  const clientId = options.clientId ?? "fake-client-id";
  const secret = options.secret ?? "fake-sandbox-secret";
  const faults = new FaultQueue();
  const keys: PlaidSigningKey[] = [newSigningKey(seconds())];
  const state = {
    institutions: new Map((options.institutions ?? SANDBOX_INSTITUTIONS).map((i) => [i.institution_id, i])),
    items: new Map<string, PlaidItem>(),
    linkTokens: new Map<string, PlaidLinkToken>(),
    requests: [] as RecordedRequest<Record<string, unknown>>[],
    deliveries: [] as PlaidDelivery[],
  };
  const { endpoints, completeLink } = plaidEndpoints(state, { now, keys });

  function credentials(req: IncomingMessage, body: Record<string, unknown>): PlaidApiError | null {
    const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
    const id = typeof body.client_id === "string" ? body.client_id : header("plaid-client-id");
    const key = typeof body.secret === "string" ? body.secret : header("plaid-secret");
    const missing = [id ? "" : "client_id", key ? "" : "secret"].filter(Boolean);
    if (missing.length > 0)
      return new PlaidApiError(
        400,
        "INVALID_REQUEST",
        "MISSING_FIELDS",
        `the following required fields are missing: ${missing.join(", ")}`,
      );
    if (id !== clientId || key !== secret)
      return new PlaidApiError(400, "INVALID_INPUT", "INVALID_API_KEYS", "invalid client_id or secret provided");
    return null;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {}
    const parsed = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    state.requests.push({ method: req.method ?? "POST", path, query: new URLSearchParams(), headers: req.headers, raw, body: parsed });
    const fault = faults.take(path);
    if (fault && (await playFault(fault, req, res, defaultError)) === "answered") return;

    const requestId = randomId(15);
    try {
      const endpoint = req.method === "POST" && Object.hasOwn(endpoints, path) ? endpoints[path] : undefined;
      if (!endpoint) throw new PlaidApiError(404, "INVALID_REQUEST", "NOT_FOUND", "not found");
      if (parsed !== body) throw new PlaidApiError(400, "INVALID_REQUEST", "INVALID_BODY", "body could not be parsed as JSON");
      const authError = credentials(req, parsed);
      if (authError) throw authError;
      const unknown = Object.keys(parsed).filter((k) => !["client_id", "secret", ...endpoint.fields].includes(k));
      if (unknown.length > 0)
        throw new PlaidApiError(
          400,
          "INVALID_REQUEST",
          "UNKNOWN_FIELDS",
          `the following fields are not recognized by this endpoint: ${unknown.join(", ")}`,
        );
      const missing = endpoint.required.filter((k) => parsed[k] === undefined || parsed[k] === null || parsed[k] === "");
      if (missing.length > 0)
        throw new PlaidApiError(
          400,
          "INVALID_REQUEST",
          "MISSING_FIELDS",
          `the following required fields are missing: ${missing.join(", ")}`,
        );
      sendJson(res, 200, { ...endpoint.run(parsed), request_id: requestId });
    } catch (error) {
      if (!(error instanceof PlaidApiError)) throw error;
      sendJson(res, error.status, error.body(requestId));
    }
  }

  async function sendWebhook(itemId: string, payload: object): Promise<PlaidDelivery> {
    const item = state.items.get(itemId);
    if (!item?.webhook) throw new Error(`fake Plaid: item ${itemId} has no webhook URL`);
    const delivery = await deliverPlaidWebhook(item.webhook, payload, keys[keys.length - 1], seconds());
    const code = (payload as { webhook_code?: unknown }).webhook_code;
    item.lastWebhook = { sent_at: new Date(now()).toISOString(), code_sent: typeof code === "string" ? code : "" };
    state.deliveries.push(delivery);
    return delivery;
  }

  const server = await listen(handle, options);
  return {
    url: server.url,
    clientId,
    secret,
    ...state,
    get verificationKey() {
      return keys[keys.length - 1].jwk;
    },
    fail: (fault, faultOptions) => faults.push(fault, faultOptions),
    completeLink: (linkToken, o) => completeLink(linkToken, o?.institutionId),
    sendHoldingsUpdate: (itemId, counts = {}) =>
      sendWebhook(itemId, {
        environment: "sandbox",
        error: null,
        item_id: itemId,
        new_holdings: counts.new_holdings ?? 0,
        updated_holdings: counts.updated_holdings ?? 1,
        webhook_code: "DEFAULT_UPDATE",
        webhook_type: "HOLDINGS",
      }),
    requireLogin: (itemId) => {
      const item = state.items.get(itemId);
      if (!item) throw new Error(`fake Plaid: no item ${itemId}`);
      item.error = PlaidApiError.loginRequired();
      return sendWebhook(itemId, {
        environment: "sandbox",
        error: item.error.asItemError(),
        item_id: itemId,
        webhook_code: "ERROR",
        webhook_type: "ITEM",
      });
    },
    sendWebhook,
    signWebhook: (body, iat) => signPlaidWebhook(body, keys[keys.length - 1], iat ?? seconds()),
    rotateVerificationKey: () => {
      keys[keys.length - 1].jwk.expired_at = seconds();
      keys.push(newSigningKey(seconds()));
      return keys[keys.length - 1].jwk;
    },
    close: server.close,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--port");
  const fake = await startFakePlaid({ port: Number(i > 0 ? process.argv[i + 1] : 12112) });
  console.log(`fake Plaid on ${fake.url}\n  PLAID_BASE_URL=${fake.url} PLAID_CLIENT_ID=${fake.clientId} PLAID_SECRET=${fake.secret}`);
}
