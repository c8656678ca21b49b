/**
 * The brokerage service's Plaid calls, through the official SDK (plaid-node) with the configured basePath.
 * A Plaid failure becomes a PlaidFailure carrying Plaid's error_type/error_code (never the request, which
 * holds the secret and the access token), so callers decide on codes and logs stay clean.
 */
import { Configuration, CountryCode, type InvestmentsHoldingsGetResponse, type JWKPublicKey, PlaidApi, Products } from "plaid";
import type { PlaidSettings } from "./settings.ts";

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

async function call<T>(request: () => Promise<{ data: T }>): Promise<T> {
  try {
    return (await request()).data;
  } catch (error) {
    throw failure(error);
  }
}

export type Holdings = InvestmentsHoldingsGetResponse;

export class PlaidClient {
  private readonly api: PlaidApi;

  constructor(private readonly settings: PlaidSettings) {
    this.api = new PlaidApi(
      new Configuration({
        basePath: settings.basePath,
        baseOptions: {
          headers: { "PLAID-CLIENT-ID": settings.clientId, "PLAID-SECRET": settings.secret, "Plaid-Version": "2020-09-14" },
          timeout: 15_000,
        },
      }),
    );
  }

  /** A Link token for the Investments product; `clientUserId` is the app's opaque user id (no e-mail). */
  linkToken(clientUserId: string) {
    return call(() =>
      this.api.linkTokenCreate({
        client_name: "Folio",
        language: "en",
        country_codes: [CountryCode.Us],
        user: { client_user_id: clientUserId },
        products: [Products.Investments],
        ...(this.settings.webhookUrl ? { webhook: this.settings.webhookUrl } : {}),
      }),
    );
  }

  exchange(publicToken: string) {
    return call(() => this.api.itemPublicTokenExchange({ public_token: publicToken }));
  }

  holdings(accessToken: string) {
    return call(() => this.api.investmentsHoldingsGet({ access_token: accessToken }));
  }

  remove(accessToken: string) {
    return call(() => this.api.itemRemove({ access_token: accessToken }));
  }

  async institutionName(institutionId: string): Promise<string | null> {
    const data = await call(() => this.api.institutionsGetById({ institution_id: institutionId, country_codes: [CountryCode.Us] }));
    return data.institution.name ?? null;
  }

  async verificationKey(keyId: string): Promise<JWKPublicKey> {
    return (await call(() => this.api.webhookVerificationKeyGet({ key_id: keyId }))).key;
  }
}
