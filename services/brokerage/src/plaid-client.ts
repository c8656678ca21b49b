/**
 * The brokerage service's Plaid calls, through the official SDK (plaid-node) with the configured basePath.
 * A Plaid failure becomes a PlaidFailure carrying Plaid's error_type/error_code (never the request, which
 * holds the secret and the access token), so callers decide on codes and logs stay clean.
 */
import type { CountryCode, InvestmentsHoldingsGetResponse, JWKPublicKey, PlaidApi, Products } from "plaid";
import type { PlaidSettings } from "./config.ts";
import { KeyLookupFailure } from "./webhook-verification.ts";

export class PlaidFailure extends Error {
  constructor(
    readonly status: number | null,
    readonly errorType: string,
    readonly errorCode: string,
  ) {
    super(`Plaid answered ${status ?? "nothing"}: ${errorType} ${errorCode}`);
    this.name = "PlaidFailure";
  }
  get loginRequired(): boolean {
    return this.errorCode === "ITEM_LOGIN_REQUIRED";
  }
  get itemGone(): boolean {
    return this.errorCode === "ITEM_NOT_FOUND" || this.errorCode === "INVALID_ACCESS_TOKEN";
  }
}

interface SdkError {
  code?: string;
  response?: { status: number; data?: { error_type?: unknown; error_code?: unknown } };
}

function failure(error: unknown): PlaidFailure {
  const e = error as SdkError;
  const data = e?.response?.data;
  const text = (v: unknown, fallback: string) => (typeof v === "string" && v ? v : fallback);
  return new PlaidFailure(e?.response?.status ?? null, text(data?.error_type, "NETWORK"), text(data?.error_code, e?.code ?? "UNREACHABLE"));
}

const US = "US" as CountryCode;
const INVESTMENTS = "investments" as Products;

export type Holdings = InvestmentsHoldingsGetResponse;

export class PlaidClient {
  private loaded?: Promise<PlaidApi>;

  constructor(private readonly settings: PlaidSettings) {}

  /** The SDK loads with the first call: it costs about half a second of start-up, for a feature many never use. */
  private api(): Promise<PlaidApi> {
    this.loaded ??= import("plaid").then(
      ({ Configuration, PlaidApi }) =>
        new PlaidApi(
          new Configuration({
            basePath: this.settings.basePath,
            baseOptions: {
              headers: { "PLAID-CLIENT-ID": this.settings.clientId, "PLAID-SECRET": this.settings.secret, "Plaid-Version": "2020-09-14" },
              timeout: 15_000,
            },
          }),
        ),
    );
    return this.loaded;
  }

  private async call<T>(request: (api: PlaidApi) => Promise<{ data: T }>): Promise<T> {
    const api = await this.api();
    try {
      return (await request(api)).data;
    } catch (error) {
      throw failure(error);
    }
  }

  /** A Link token for the Investments product; `clientUserId` is the app's opaque user id (no e-mail). */
  linkToken(clientUserId: string) {
    return this.call((api) =>
      api.linkTokenCreate({
        client_name: "Folio",
        language: "en",
        country_codes: [US],
        user: { client_user_id: clientUserId },
        products: [INVESTMENTS],
        ...(this.settings.webhookUrl ? { webhook: this.settings.webhookUrl } : {}),
      }),
    );
  }

  exchange(publicToken: string) {
    return this.call((api) => api.itemPublicTokenExchange({ public_token: publicToken }));
  }

  holdings(accessToken: string) {
    return this.call((api) => api.investmentsHoldingsGet({ access_token: accessToken }));
  }

  remove(accessToken: string) {
    return this.call((api) => api.itemRemove({ access_token: accessToken }));
  }

  async institutionName(institutionId: string): Promise<string | null> {
    const data = await this.call((api) => api.institutionsGetById({ institution_id: institutionId, country_codes: [US] }));
    return data.institution.name ?? null;
  }

  /** A webhook's key by kid; a KeyLookupFailure says whether Plaid does not know the kid (any 4xx but 429) or could not answer. */
  async verificationKey(keyId: string): Promise<JWKPublicKey> {
    try {
      return (await this.call((api) => api.webhookVerificationKeyGet({ key_id: keyId }))).key;
    } catch (err) {
      const status = err instanceof PlaidFailure ? err.status : null;
      const unknown = status !== null && status >= 400 && status < 500 && status !== 429;
      throw new KeyLookupFailure(unknown, err instanceof Error ? err.message : String(err));
    }
  }
}
