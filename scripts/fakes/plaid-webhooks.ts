/**
 * Plaid's webhook signature. Reference: plaid.com/docs/api/webhooks/webhook-verification/: every webhook
 * carries a `Plaid-Verification` header, a JWT whose header is {alg: "ES256", kid, typ: "JWT"} and whose
 * payload is {iat, request_body_sha256}, the hex SHA-256 of the exact body (pretty-printed with 2-space
 * indentation); the key is the P-256 public key served as a JWK ({alg, crv, kid, kty, use, x, y,
 * created_at, expired_at}) by /webhook_verification_key/get for that kid; receivers reject an `iat` more
 * than 5 minutes old. Written with node:crypto only, so a verifier that agrees with it proves the format.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomUUID, sign } from "node:crypto";

export interface PlaidJwk {
  alg: "ES256";
  crv: string;
  kid: string;
  kty: string;
  use: "sig";
  x: string;
  y: string;
  created_at: number;
  expired_at: number | null;
}

export interface PlaidSigningKey {
  jwk: PlaidJwk;
  privateKey: KeyObject;
}

export function newSigningKey(createdAt: number): PlaidSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const { crv, kty, x, y } = publicKey.export({ format: "jwk" });
  return {
    privateKey,
    jwk: {
      alg: "ES256",
      crv: crv as string,
      kid: randomUUID(),
      kty: kty as string,
      use: "sig",
      x: x as string,
      y: y as string,
      created_at: createdAt,
      expired_at: null,
    },
  };
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/** The `Plaid-Verification` JWT for `body` (the exact bytes sent), issued at `iat` (Unix seconds). */
export function signPlaidWebhook(body: string, key: PlaidSigningKey, iat: number): string {
  const header = base64url(JSON.stringify({ alg: "ES256", kid: key.jwk.kid, typ: "JWT" }));
  const payload = base64url(JSON.stringify({ iat, request_body_sha256: createHash("sha256").update(body, "utf8").digest("hex") }));
  // JWS ES256 signatures are r||s (IEEE P1363), not DER
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), { key: key.privateKey, dsaEncoding: "ieee-p1363" });
  return `${header}.${payload}.${base64url(signature)}`;
}

export interface PlaidDelivery {
  url: string;
  body: string;
  verification: string;
  /** the endpoint's status, or null when it could not be reached */
  status: number | null;
  responseBody: string;
}

/** POSTs a webhook body the way Plaid does: JSON with 2-space indentation, signed. */
export async function deliverPlaidWebhook(url: string, payload: object, key: PlaidSigningKey, iat: number): Promise<PlaidDelivery> {
  const body = JSON.stringify(payload, null, 2);
  const verification = signPlaidWebhook(body, key, iat);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "plaid-verification": verification },
      body,
    });
    return { url, body, verification, status: response.status, responseBody: await response.text() };
  } catch (error) {
    return { url, body, verification, status: null, responseBody: error instanceof Error ? error.message : String(error) };
  }
}
