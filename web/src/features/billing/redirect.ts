/**
 * Leaving for Stripe's hosted pages (Checkout, Billing Portal). A module of its own so tests can watch
 * where the page would go; only http(s) addresses are followed, whatever a reply says.
 */
export function goTo(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    console.error("billing: not a URL", url);
    return;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    console.error("billing: refusing to go to", parsed.protocol);
    return;
  }
  window.location.assign(parsed.href);
}
