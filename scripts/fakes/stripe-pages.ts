/**
 * Stand-ins for the pages Stripe hosts, so a browser test can go through Checkout and the Billing Portal
 * offline. Not Stripe's markup, only its behaviour: paying completes the session (subscription, signed
 * webhooks) and redirects to `success_url` with `{CHECKOUT_SESSION_ID}` replaced by the session id
 * (docs.stripe.com/payments/checkout/custom-success-page); "back" goes to `cancel_url`; the portal lists
 * the customer's subscriptions, cancels one immediately (a portal configured with
 * `features.subscription_cancel.mode=immediately`) and links back to `return_url`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml } from "./fake-http.ts";
import type { FakeStripe } from "./stripe.ts";
import type { FormParams } from "./stripe-form.ts";
import type { StripeObject } from "./stripe-objects.ts";

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`,
  );
}

const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

export function stripePages(fake: FakeStripe) {
  function checkout(res: ServerResponse, session: StripeObject): void {
    if (session.status !== "open") {
      page(res, 410, "Checkout", "<h1>This Checkout Session is no longer active.</h1>");
      return;
    }
    const email = session.customer ? (fake.customers.get(session.customer)?.email ?? "") : (session.customer_email ?? "");
    page(
      res,
      200,
      "Checkout",
      `<h1>Subscribe</h1><p data-testid="amount">${escapeHtml(money(session.amount_total, session.currency ?? "usd"))}</p>
<form method="post"><label>Email <input name="email" type="email" value="${escapeHtml(email)}"></label>
<button type="submit">Subscribe</button></form>
${session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : ""}`,
    );
  }

  function portal(res: ServerResponse, session: StripeObject): void {
    const subscriptions = [...fake.subscriptions.values()].filter((s) => s.customer === session.customer && s.status !== "canceled");
    const rows = subscriptions
      .map((s) => {
        const price = s.items.data[0]?.price;
        const label = price
          ? `${price.nickname ?? price.id} · ${money(price.unit_amount, price.currency)} / ${price.recurring?.interval}`
          : s.id;
        return `<li>${escapeHtml(label)} (${escapeHtml(s.status)})
<form method="post" action="/p/session/${escapeHtml(session.id)}/cancel"><input type="hidden" name="subscription" value="${escapeHtml(s.id)}"><button type="submit">Cancel subscription</button></form></li>`;
      })
      .join("");
    page(
      res,
      200,
      "Billing",
      `<h1>Billing</h1><ul>${rows || "<li>No active subscriptions</li>"}</ul>
${session.return_url ? `<a href="${escapeHtml(session.return_url)}">Return to the site</a>` : ""}`,
    );
  }

  async function payPage(req: IncomingMessage, res: ServerResponse, id: string, form: FormParams): Promise<void> {
    const session = fake.checkoutSessions.get(id);
    if (!session) return page(res, 404, "Checkout", "<h1>Something went wrong</h1>");
    if (req.method !== "POST" || session.status !== "open") return checkout(res, session);
    const email = typeof form.email === "string" && form.email ? form.email : undefined;
    await fake.completeCheckout(session.id, { email });
    if (!session.success_url) return page(res, 200, "Checkout", "<h1>Thanks for your order</h1>");
    redirect(res, session.success_url.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id));
  }

  async function portalPage(req: IncomingMessage, res: ServerResponse, id: string, cancel: boolean, form: FormParams): Promise<void> {
    const session = fake.portalSessions.get(id);
    if (!session) return page(res, 404, "Billing", "<h1>This session has expired</h1>");
    if (req.method !== "POST" || !cancel) return portal(res, session);
    const subscription = fake.subscriptions.get(typeof form.subscription === "string" ? form.subscription : "");
    if (subscription && subscription.customer === session.customer && subscription.status !== "canceled")
      await fake.cancelSubscription(subscription.id);
    redirect(res, `/p/session/${session.id}`);
  }

  /** Answers the hosted pages; false when the path is not one of them. */
  async function handle(req: IncomingMessage, res: ServerResponse, path: string, form: FormParams): Promise<boolean> {
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (pay) await payPage(req, res, pay[1], form);
    const portalPath = /^\/p\/session\/([^/]+)(\/cancel)?$/.exec(path);
    if (portalPath) await portalPage(req, res, portalPath[1], portalPath[2] !== undefined, form);
    return Boolean(pay || portalPath);
  }

  return { handle };
}
