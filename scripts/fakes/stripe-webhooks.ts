/**
 * Stripe's webhook delivery and signature. Reference: docs.stripe.com/webhooks#verify-manually: the
 * `Stripe-Signature` header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the
 * endpoint's signing secret>`; the SDK's `webhooks.constructEvent` rejects a header older than its
 * tolerance (300 s by default). Deliberately written without the SDK: its
 * `webhooks.generateTestHeaderString` is what the tests compare this signer against.
 */
import { createHmac } from "node:crypto";
import type { StripeObject } from "./stripe-objects.ts";

/** The `Stripe-Signature` header value for `payload` signed with `secret` at `timestamp` (Unix seconds). */
export function signStripePayload(payload: string, secret: string, timestamp: number = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export interface StripeDelivery {
  event: StripeObject;
  /** the exact body sent (Stripe sends pretty-printed JSON) */
  payload: string;
  signature: string;
  /** the endpoint's status, or null when the endpoint could not be reached */
  status: number | null;
  responseBody: string;
}

/** POSTs an event to a webhook endpoint the way Stripe does, signed at `timestamp`. */
export async function deliverStripeEvent(url: string, event: StripeObject, secret: string, timestamp: number): Promise<StripeDelivery> {
  const payload = JSON.stringify(event, null, 2);
  const signature = signStripePayload(payload, secret, timestamp);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "cache-control": "no-cache",
        "stripe-signature": signature,
      },
      body: payload,
    });
    return { event, payload, signature, status: response.status, responseBody: await response.text() };
  } catch (error) {
    return { event, payload, signature, status: null, responseBody: error instanceof Error ? error.message : String(error) };
  }
}
